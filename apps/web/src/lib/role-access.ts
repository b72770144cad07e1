import { actorAllows, type RoleAction } from '@cuepoint/core';
import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import { SESSION_ROUTE_ID, type SessionLoaderData } from './session.ts';

/**
 * Whether the signed-in user's team role allows an action (core's one permission model, which the
 * server enforces): `write` hides create, edit, delete and upload controls from a viewer,
 * `manage` the owner's (the team, the plan and My Account, API tokens). During login-as the
 * acted-as user's role applies; a main administrator is held to none. Outside a session route (a
 * bare screen's or component's test, with or without a data router) nothing is hidden; a user
 * without a role (a stored profile from before roles) counts as an owner.
 *
 * The session route's loader data is read from the router's state, as `useRouteLoaderData` does,
 * without its throw outside a data router: the plan lock and other shared components use it too.
 */
export function useRoleAllows(action: RoleAction): boolean {
  const state = useContext(DataRouterStateContext);
  const session = state?.loaderData[SESSION_ROUTE_ID] as SessionLoaderData | undefined;
  if (!session) return true;
  return actorAllows({ isMainAdmin: session.user.profile.isMainAdmin, role: session.user.role }, action);
}
