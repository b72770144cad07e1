/**
 * The audit log's one way to say who did what (issue 37). The server names three parties apart:
 * `auth.user` (the user a request acts as), `auth.signedInAdmin` (during login-as, the main
 * administrator acting as that user) and, in the audit log, the actor (the person who acted:
 * `signedInAdmin ?? user`). A resource's change log keeps the user's email as its `actor` and
 * the administrator's as `actingAdmin` (services/resources.ts writerOf). Every entry a signed-in
 * request writes names two users:
 *
 * - `actorUserId`, the person who acted: the signed-in main administrator during login-as
 *   (`auth.signedInAdmin`), else the signed-in user;
 * - `effectiveUserId`, the user the request acted as (`auth.user`, the login-as target).
 *
 * with the request's id and address. Routes pass the rest (action, customer, target, details).
 * Calls made without a signed-in request (sign-up, the data plane) use recordAudit itself.
 */
import type { DbOrTx } from '../db/client.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { type AuditEntry, recordAudit } from '../repositories/audit-log.ts';

/** What of a request the audit log records: its auth, its id and the client's address. */
export interface AuditedRequest {
  auth?: AuthContext | null;
  id: string;
  ip: string;
}

/** The entry's who: the person who acted and the user it acted as, with the request's id and address. */
export function auditWho(
  request: AuditedRequest,
): Pick<AuditEntry, 'actorUserId' | 'effectiveUserId' | 'requestId' | 'ip'> {
  const auth = request.auth;
  if (!auth) throw new Error('auditRequest needs a signed-in request');
  return {
    actorUserId: auth.signedInAdmin?.id ?? auth.user.id,
    effectiveUserId: auth.user.id,
    requestId: request.id,
    ip: request.ip,
  };
}

/** Records what a signed-in request did, in the caller's transaction. */
export function auditRequest(
  db: DbOrTx,
  request: AuditedRequest,
  entry: Omit<AuditEntry, 'actorUserId' | 'effectiveUserId' | 'requestId' | 'ip'>,
): Promise<void> {
  return recordAudit(db, { ...entry, ...auditWho(request) });
}
