/**
 * One permission model for a customer's users (ARCHITECTURE: `can(actor, action, resource,
 * record?)`, and the team roles of issue 18). The server enforces it (every resource call, and a
 * hook after authentication for every other route); the console uses it only to hide what the
 * server would refuse. A main administrator may act on every customer's resources, whatever its
 * role; any other active user on its own customer's, as far as its role allows.
 */
import type { ResourceKind } from './registry.ts';

export const RESOURCE_ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/** A user's role in its customer's team (users.role); every user that existed before is an owner. */
export const TEAM_ROLES = ['owner', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * What a role may do, from the least to the most:
 * - `read`: read what the user can see (lists, records, reports, logs);
 * - `self`: its own profile, password and session, and its own notifications;
 * - `write`: create, change and delete the account's resources (streams, VOD, slates, encoders,
 *   demand, campaigns, schedule, uploads);
 * - `manage`: the team, the plan and account settings, API tokens, de-activating the account.
 */
export const ROLE_ACTIONS = ['read', 'self', 'write', 'manage'] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

const ROLE_GRANTS: Readonly<Record<TeamRole, readonly RoleAction[]>> = {
  owner: ['read', 'self', 'write', 'manage'],
  editor: ['read', 'self', 'write'],
  viewer: ['read', 'self'],
};

/** Whether a team role may take an action (a main administrator is not held to its role: see `can`). */
export const roleAllows = (role: TeamRole, action: RoleAction): boolean => ROLE_GRANTS[role].includes(action);

/** The least role that may take an action (the refusal names it). */
export const leastRoleFor = (action: RoleAction): TeamRole =>
  [...TEAM_ROLES].reverse().find((role) => roleAllows(role, action)) ?? 'owner';

/** Labels of the roles and of what they may do (the team screen and the docs' table). */
export const TEAM_ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

export interface ResourceActor {
  isMainAdmin: boolean;
  customerId: string;
  /** The actor's team role; absent counts as an owner (callers that predate roles). */
  role?: TeamRole;
}

/** Whether an actor may take a role action: a main administrator always; another user by its role. */
export const actorAllows = (actor: { isMainAdmin: boolean; role?: TeamRole }, action: RoleAction): boolean =>
  actor.isMainAdmin || roleAllows(actor.role ?? 'owner', action);

const RESOURCE_ROLE_ACTION: Readonly<Record<ResourceAction, RoleAction>> = {
  list: 'read',
  read: 'read',
  create: 'write',
  update: 'write',
  delete: 'write',
};

export function can(
  actor: ResourceActor,
  action: ResourceAction,
  _kind: ResourceKind,
  record?: { customerId: string },
): boolean {
  if (actor.isMainAdmin) return true;
  if (!actorAllows(actor, RESOURCE_ROLE_ACTION[action])) return false;
  return record === undefined || record.customerId === actor.customerId;
}

/**
 * What the console shows in place of an owner's (`manage`) control a member may not use: My
 * Account opened by another way (a plan lock's Upgrade, a notification, the API guide) and the
 * plan's upgrade prompt. The server's refusal of the same calls is TEAM_TEXTS.roleRefused.
 */
export const ROLE_ACCESS_TEXTS = {
  ownerOnlyTitle: 'For team owners only',
  accountOwnerOnly:
    'My Account (the plan, the account’s settings and its API token) is changed by the owners of your team. Ask an owner of your team to make the change.',
  upgradeAskOwner: 'Only an owner of your team can upgrade the plan: ask one of them.',
  close: 'Close',
} as const;
