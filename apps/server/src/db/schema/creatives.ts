import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Ad creatives conditioned for stitching (conditioning/): an ad server's MP4 transcoded once into
 * HLS renditions matching a stream's ladder. `key` names the pair (source URL, ladder) and the
 * folder of the result (DATA_DIR/creatives/<key>/); the job queue runs one job per key across
 * every process. Kept while ads are served; nothing belongs to one customer (ad servers are
 * shared by many).
 */
export const conditionedCreatives = pgTable(
  'conditioned_creatives',
  {
    key: text().primaryKey(),
    sourceUrl: text().notNull(),
    /** The renditions asked for: [{ width, height, bandwidth }], highest first. */
    ladder: jsonb().notNull(),
    /** 'queued' (waiting or transcoding), 'ready' or 'failed'. */
    status: text().notNull(),
    /** Why it failed (the download or ffmpeg's last words). */
    reason: text(),
    /** Seconds of the transcoded creative. */
    durationSeconds: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conditioned_creatives_updated_at_idx').on(t.updatedAt),
    check('conditioned_creatives_status_check', sql`${t.status} in ('queued', 'ready', 'failed')`),
  ],
);

export type ConditionedCreativeRow = typeof conditionedCreatives.$inferSelect;
