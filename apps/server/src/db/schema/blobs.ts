import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * The uploaded files of the blob store (lib/blob-store.ts) with their owner and size: what a
 * customer's storage quota counts, and what the sweep of unreferenced files walks
 * (lib/blob-sweep.ts). `key` is the store's key ('<uuid>.mp4'), unique across both namespaces.
 * A customer's deletion takes its rows with it; the sweep then deletes the files.
 */
export const blobs = pgTable(
  'blobs',
  {
    key: text().primaryKey(),
    /** 'public' (served at /files/<key>) or 'private' (certificates and keys). */
    namespace: text().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    contentType: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blobs_customer_id_idx').on(t.customerId),
    index('blobs_created_at_idx').on(t.createdAt),
    check('blobs_namespace_check', sql`${t.namespace} in ('public', 'private')`),
    check('blobs_size_bytes_check', sql`${t.sizeBytes} >= 0`),
  ],
);

export type BlobRow = typeof blobs.$inferSelect;
export type NewBlobRow = typeof blobs.$inferInsert;
