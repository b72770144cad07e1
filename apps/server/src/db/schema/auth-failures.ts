import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins counted per key ('email:…' and 'ip:…') in a fixed window, in the database so
 * that every API process sees the same counts.
 */
export const authFailures = pgTable('auth_failures', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
