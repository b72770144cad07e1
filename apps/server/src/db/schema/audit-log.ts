import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what. `actorUserId` is the person signed in; `effectiveUserId` differs from it during
 * login-as. No foreign keys: the trail outlives the rows it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid(),
    effectiveUserId: uuid(),
    customerId: uuid(),
    action: text().notNull(),
    target: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    requestId: text(),
    ip: text(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_customer_id_idx').on(t.customerId)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
