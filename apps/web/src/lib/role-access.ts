import { actorAllows, type RoleAction } from '@cuepoint/core';
import { useRouteLoaderData } from 'react-router';
import { SESSION_ROUTE_ID, type SessionLoaderData } from './session.ts';

/**
 * Whether the signed-in user's team role allows an action (core's one permission model, which the
 * server enforces): `write` hides create, edit and delete controls from a viewer, `manage` the
 * owner's (the team, the plan, API tokens). During login-as the acted-as user's role applies; a
 * main administrator is held to none. Outside a session route (a bare screen's test) nothing is
 * hidden; a user without a role (a stored profile from before roles) counts as an owner.
 */
export function useRoleAllows(action: RoleAction): boolean {
  const session = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData | undefined;
  if (!session) return true;
  return actorAllows({ isMainAdmin: session.user.profile.isMainAdmin, role: session.user.role }, action);
}
