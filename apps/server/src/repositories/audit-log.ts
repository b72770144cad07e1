import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  action: string;
  actorUserId?: string | null;
  effectiveUserId?: string | null;
  customerId?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
  requestId?: string;
  ip?: string;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
