/**
 * Team roles on every signed-in call (issue 18), in one place rather than route by route: after
 * authentication (plugins/auth.ts `authenticate`), each route needs a role action of core's
 * permission model (`roleAllows`):
 * - `manage` (owners): the routes listed in OWNER_ROUTES (the team, the account settings and
 *   plan, the API token, de-activating the account);
 * - `self` (everyone): the routes listed in SELF_SERVICE_ROUTES (the caller's own session,
 *   profile and notifications), whatever the method;
 * - `read` (everyone): any other GET or HEAD;
 * - `write` (editors and owners): any other call, so a new write route is refused to a viewer
 *   unless it is listed here (routes/team/__tests__/role-sweep.test.ts walks every route).
 * A main administrator is not held to a role. During login-as the request acts with the target
 * user's role; an API token acts as an owner (repositories/api-tokens.ts).
 */
import {
  API_PATHS,
  actorAllows,
  leastRoleFor,
  type RoleAction,
  routePattern,
  TEAM_TEXTS,
  type TeamRole,
} from '@cuepoint/core';
import { forbidden, type RequestProblem } from '../lib/request-problem.ts';

type RouteKey = `${string} /${string}`;
const key = (method: string, path: string): RouteKey => `${method} ${path}` as RouteKey;

/** Owner only (`manage`): method and route pattern (below the API base). */
export const OWNER_ROUTES: ReadonlySet<string> = new Set([
  key('POST', routePattern(API_PATHS.team.members)),
  key('POST', routePattern(API_PATHS.team.role)),
  key('POST', routePattern(API_PATHS.team.deactivate)),
  key('POST', routePattern(API_PATHS.team.reactivate)),
  key('POST', routePattern(API_PATHS.team.resendInvite)),
  key('PUT', routePattern(API_PATHS.customer.edit)),
  key('POST', routePattern(API_PATHS.customer.generateToken)),
  key('POST', routePattern(API_PATHS.auth.deactivateAccount)),
]);

/** Self-service (`self`, every role): route patterns, whatever the method. */
export const SELF_SERVICE_ROUTES: ReadonlySet<string> = new Set([
  routePattern(API_PATHS.auth.logout),
  // The route itself keeps a user to its own profile (a main administrator excepted).
  routePattern(API_PATHS.user.edit),
  ...Object.values(API_PATHS.notification).map(routePattern),
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The API's bases (/api and the second client's /api_v1). */
const API_BASE = /^\/api(?:_v1)?(?=\/)/;

/** The role action a call needs, from its method and its route's pattern ('/api/ssai/ds/:id'). */
export function routeAction(method: string, url: string): RoleAction {
  let byMethod = actions.get(url);
  if (!byMethod) {
    byMethod = new Map();
    actions.set(url, byMethod);
  }
  let action = byMethod.get(method);
  if (!action) {
    action = actionOf(method, url);
    byMethod.set(method, action);
  }
  return action;
}

/**
 * Answers by route pattern and method, found once each: the route patterns are the server's own
 * (a few hundred), never a request's path, so the map cannot grow with traffic.
 */
const actions = new Map<string, Map<string, RoleAction>>();

function actionOf(method: string, url: string): RoleAction {
  const path = url.replace(API_BASE, '');
  if (OWNER_ROUTES.has(key(method, path))) return 'manage';
  if (SELF_SERVICE_ROUTES.has(path)) return 'self';
  return READS.has(method) ? 'read' : 'write';
}

/** The refusal of a call the caller's role does not allow; undefined when it may make it. */
export function roleRefusal(
  user: { isMainAdmin: boolean; role: TeamRole },
  method: string,
  url: string | undefined,
): RequestProblem | undefined {
  // A request that matched no route (the not-found handler) needs no role.
  if (url === undefined) return undefined;
  const action = routeAction(method, url);
  if (actorAllows(user, action)) return undefined;
  const least = leastRoleFor(action);
  // 403 with `roleRequired`: the console toasts the message instead of ending the session.
  return forbidden(TEAM_TEXTS.roleRefused(least), { roleRequired: least, showMessage: true });
}
