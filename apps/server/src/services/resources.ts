/**
 * Resource writes, in one place: the generic routes (routes/resources/resource-routes.ts) and the
 * seed (db/seed-resources.ts) both go through here. Each function runs inside the caller's
 * transaction (the caller locks the row it changes and decides who may change it) and throws a
 * RequestProblem for a refusal, which rolls the transaction back. In order:
 *
 * 1. the version an update edited (409 with the current version);
 * 2. the kind's shared zod schema, on the merged record for a partial update (400 naming fields);
 * 3. the plan of the resource's customer (its row locked `for share`): a write that sets a field
 *    of a feature outside that plan is refused with 403 and the feature's upgrade prompt (core's
 *    `enterpriseFieldsSet`: turning a feature on or changing it; values already stored, or put
 *    back to their defaults, pass). The record's customer decides, not the caller's: a main
 *    administrator writing a Standard customer's stream is held to Standard;
 * 4. the name, unique per account regardless of case;
 * 5. references, which must name the same account's resources (locked `for share`);
 * 6. for a delete, that nothing uses the resource (409 naming what does);
 * 7. the write, and its event with the field-by-field diff (secret fields hidden).
 *
 * Admin-only fields (RESOURCES[kind].adminOnlyFields, an advertiser's admin note) are written by
 * a main administrator only: anyone else's write keeps the stored value whatever it sends (a
 * create stores the default), and `visibleData` hides them from anyone else's answers.
 *
 * A restorable kind's delete moves the record to the trash; `restoreResource` takes it back out,
 * checked like a write (its name may have been taken meanwhile, what it refers to deleted).
 */

import {
  enterpriseFieldsSet,
  type FieldChange,
  PLAN_FIELDS,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceKind,
  toFieldIssues,
} from '@cuepoint/core';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import {
  conflict,
  type FieldProblem,
  fieldProblem,
  fieldProblems,
  planProblem,
} from '../lib/request-problem.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { lockCustomerPlan } from '../repositories/customers.ts';
import {
  deleteResource,
  findResourceUsers,
  insertResource,
  missingReferences,
  nameTaken,
  type ResourceRow,
  recordEvent,
  restoreResource as restoreResourceRow,
  updateResource,
} from '../repositories/resources.ts';

/**
 * Who writes, as a resource's change log shows it: `actor`, the email of the user the write acted
 * as (its `updatedBy`), and `actingAdmin`, the main administrator's during login-as.
 */
export interface ResourceWriter {
  actor: string | null;
  actingAdmin: string | null;
}

/** The writer of a signed-in request (the same for every route that writes resources). */
export const writerOf = (auth: Pick<AuthContext, 'user' | 'signedInAdmin'>): ResourceWriter => ({
  actor: auth.user.email,
  actingAdmin: auth.signedInAdmin?.email ?? null,
});

/** What the event log shows instead of a secret field's value (and, to others, an admin-only one's). */
export const HIDDEN = '(hidden)';

/**
 * JSON text with object keys sorted: jsonb gives stored objects back with their keys reordered,
 * so a layout read back as { name, duration, transition } equals the { name, transition, duration } parsed.
 */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );

/**
 * Field-by-field differences between two versions of a resource's data (top-level fields). The
 * kind's secret fields (RESOURCES[kind].secretFields) are logged as changed, never with their
 * values: every user of the account reads the log.
 */
export function diffData(
  kind: ResourceKind,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const secret = new Set<string>(RESOURCES[kind].secretFields ?? []);
  const changes: FieldChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (canonicalJson(before[key]) === canonicalJson(after[key])) continue;
    changes.push(
      secret.has(key)
        ? { field: key, from: HIDDEN, to: HIDDEN }
        : { field: key, from: before[key] ?? null, to: after[key] ?? null },
    );
  }
  return changes;
}

/** The refusal of a name another resource of the kind in the account has (also for a race the index decides). */
export const duplicateName = (kind: ResourceKind) =>
  fieldProblem('name', RESOURCE_TEXTS.duplicateName(RESOURCES[kind].label));

/** The data as the kind's shared schema outputs it, or a 400 naming each field. */
export function validateResource(kind: ResourceKind, input: unknown): Record<string, unknown> {
  const schema = RESOURCES[kind].schema as unknown as z.ZodType<Record<string, unknown>>;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw fieldProblems(toFieldIssues(parsed.error));
  return parsed.data;
}

/**
 * How a write is checked. `ignorePlan`: the demo seed writes its records as data stored before
 * plans were enforced (every feature shown); the API never skips the plan. `adminFields`: the
 * writer is a main administrator (not during login-as), who may set admin-only fields.
 */
export interface WriteOptions {
  ignorePlan?: boolean;
  adminFields?: boolean;
}

const adminOnlyFields = (kind: ResourceKind): readonly string[] => RESOURCES[kind].adminOnlyFields ?? [];

/**
 * The input with the kind's admin-only fields put back to `kept` (the stored values, or the
 * defaults on a create), unless the writer may set them. Anything but an object is left to the
 * schema to refuse.
 */
function keepAdminFields(
  kind: ResourceKind,
  input: unknown,
  kept: Record<string, unknown>,
  options: WriteOptions,
): unknown {
  const fields = adminOnlyFields(kind);
  if (options.adminFields || fields.length === 0) return input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const result: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const field of fields) result[field] = kept[field];
  return result;
}

/**
 * A record's data as one reader may see it: the kind's admin-only fields are '' for anyone but a
 * main administrator (during login-as the administrator reads as the customer).
 */
export function visibleData(
  kind: ResourceKind,
  data: Record<string, unknown>,
  adminFields: boolean,
): Record<string, unknown> {
  const fields = adminOnlyFields(kind);
  if (adminFields || fields.length === 0) return data;
  const result = { ...data };
  for (const field of fields) if (field in result) result[field] = '';
  return result;
}

/** An event's changes as one reader may see them: admin-only fields' values hidden from others. */
export function visibleChanges(
  kind: ResourceKind,
  changes: FieldChange[],
  adminFields: boolean,
): FieldChange[] {
  const fields = new Set(adminOnlyFields(kind));
  if (adminFields || fields.size === 0) return changes;
  return changes.map((c) => (fields.has(c.field) ? { field: c.field, from: HIDDEN, to: HIDDEN } : c));
}

/**
 * The plan of the record's customer must include every feature the write sets (see the module
 * comment); else 403 with the first such feature's upgrade prompt, and nothing is written.
 */
async function checkPlan(
  db: DbOrTx,
  kind: ResourceKind,
  customerId: string,
  data: Record<string, unknown>,
  previous: Record<string, unknown> | null,
): Promise<void> {
  if (PLAN_FIELDS[kind] === undefined) return;
  const plan = await lockCustomerPlan(db, customerId);
  const [set] = enterpriseFieldsSet(kind, plan, data, previous);
  if (set) throw planProblem(set.feature);
}

/** Name unique in the account, references to the account's own resources; else a 400 naming them. */
async function checkWrite(
  db: DbOrTx,
  kind: ResourceKind,
  customerId: string,
  data: Record<string, unknown>,
  exceptId?: string,
): Promise<void> {
  const problems: FieldProblem[] = [];
  if (await nameTaken(db, kind, customerId, String(data.name), exceptId)) {
    problems.push({ field: 'name', message: RESOURCE_TEXTS.duplicateName(RESOURCES[kind].label) });
  }
  for (const missing of await missingReferences(db, kind, data, customerId)) {
    problems.push({
      field: missing.field,
      message: missing.message ?? RESOURCE_TEXTS.unknownReference(RESOURCES[missing.to].label),
    });
  }
  if (problems.length > 0) throw fieldProblems(problems);
}

/** Creates a resource in the account from `input` (validated here), with its 'created' event. */
export async function createResource(
  db: DbOrTx,
  kind: ResourceKind,
  customerId: string,
  input: unknown,
  who: ResourceWriter,
  options: WriteOptions = {},
): Promise<ResourceRow> {
  const defaults = RESOURCES[kind].defaults as Record<string, unknown>;
  const data = validateResource(kind, keepAdminFields(kind, input, defaults, options));
  if (!options.ignorePlan) await checkPlan(db, kind, customerId, data, null);
  await checkWrite(db, kind, customerId, data);
  const row = await insertResource(db, kind, { customerId, data, updatedBy: who.actor });
  await recordEvent(db, {
    customerId,
    kind,
    resourceId: row.id,
    resourceName: String(data.name),
    action: 'created',
    message: `${RESOURCES[kind].label} created`,
    changes: diffData(kind, {}, data),
    ...who,
  });
  return row;
}

export interface ResourceEdit {
  /** The version the edit was made on. */
  version: number;
  /** The fields sent: every field (`replace`), or those that change (`merge`). */
  input: Record<string, unknown>;
  mode: 'replace' | 'merge';
}

/** Updates a resource the caller has locked, with its 'updated' event; answers the new row. */
export async function editResource(
  db: DbOrTx,
  kind: ResourceKind,
  current: ResourceRow,
  edit: ResourceEdit,
  who: ResourceWriter,
  options: WriteOptions = {},
): Promise<ResourceRow> {
  const label = RESOURCES[kind].label;
  // A stale edit is refused before anything else about it: the user reloads first.
  if (current.version !== edit.version) {
    throw conflict(RESOURCE_TEXTS.staleVersion(label), { currentVersion: current.version });
  }
  const input = edit.mode === 'merge' ? { ...current.data, ...edit.input } : edit.input;
  const data = validateResource(kind, keepAdminFields(kind, input, current.data, options));
  await checkPlan(db, kind, current.customerId, data, current.data);
  await checkWrite(db, kind, current.customerId, data, current.id);
  const changes = diffData(kind, current.data, data);
  const row = await updateResource(db, kind, current.id, { data, updatedBy: who.actor });
  await recordEvent(db, {
    customerId: row.customerId,
    kind,
    resourceId: row.id,
    resourceName: String(data.name),
    action: 'updated',
    message:
      changes.length === 0
        ? `${label} saved without changes`
        : `${label} updated: ${changes.map((c) => c.field).join(', ')}`,
    changes,
    ...who,
  });
  return row;
}

/** Deletes a resource the caller has locked, unless another one uses it; logs a warning event. */
export async function removeResource(
  db: DbOrTx,
  kind: ResourceKind,
  current: ResourceRow,
  who: ResourceWriter,
): Promise<void> {
  const label = RESOURCES[kind].label;
  const users = await findResourceUsers(db, kind, current.id, current.customerId);
  if (users.length > 0) {
    const named = users.map((u) => ({ kind: RESOURCES[u.kind].label.toLowerCase(), name: u.name }));
    // Toasted as is (spec section 8 showMessage): it names what uses the resource.
    throw conflict(RESOURCE_TEXTS.inUse(label, named), { usedBy: users, showMessage: true });
  }
  await deleteResource(db, kind, current.id);
  await recordEvent(db, {
    customerId: current.customerId,
    kind,
    resourceId: current.id,
    resourceName: String(current.data.name),
    action: 'deleted',
    level: 'warning',
    message: `${label} deleted`,
    ...who,
  });
}

/**
 * Takes a record of a restorable kind out of the trash (the caller has locked it), checked like a
 * write: another live record may have taken its name meanwhile (400 on name), and what it refers
 * to must still be the account's (400 naming the field). Logged as 'restored'.
 */
export async function restoreResource(
  db: DbOrTx,
  kind: ResourceKind,
  current: ResourceRow,
  who: ResourceWriter,
): Promise<ResourceRow> {
  await checkWrite(db, kind, current.customerId, current.data, current.id);
  const row = await restoreResourceRow(db, kind, current.id, who.actor);
  await recordEvent(db, {
    customerId: row.customerId,
    kind,
    resourceId: row.id,
    resourceName: String(row.data.name),
    action: 'restored',
    message: RESOURCE_TEXTS.restored(RESOURCES[kind].label),
    ...who,
  });
  return row;
}
