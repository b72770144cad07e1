/**
 * One permission function for customer resources (ARCHITECTURE: `can(actor, action, resource,
 * record?)`). The server enforces it on every resource call; the console uses it only to hide
 * what the server would refuse. A main administrator may act on every customer's resources; any
 * other active user on its own customer's.
 */
import type { ResourceKind } from './registry.ts';

export const RESOURCE_ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

export interface ResourceActor {
  isMainAdmin: boolean;
  customerId: string;
}

export function can(
  actor: ResourceActor,
  _action: ResourceAction,
  _kind: ResourceKind,
  record?: { customerId: string },
): boolean {
  if (actor.isMainAdmin) return true;
  return record === undefined || record.customerId === actor.customerId;
}
