import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Bearer sessions: the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Set when a fresh token replaced this one (rotation); it stays valid until `expiresAt`. */
    replacedAt: timestamp({ withTimezone: true }),
    /**
     * The sign-in this token descends from: a rotated token keeps its predecessor's family, so
     * logging out revokes the whole chain (a predecessor still inside its grace included).
     */
    familyId: uuid(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_family_id_idx').on(t.familyId)],
);

export type SessionRow = typeof sessions.$inferSelect;
