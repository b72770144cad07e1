/**
 * The videos of several creatives at once (the creative list's conditioning badges): id and
 * videoUrl of each live creative among `ids`, of one customer (or any, `null`: a main
 * administrator).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { creatives } from '../db/schema/index.ts';

export interface CreativeVideo {
  id: string;
  videoUrl: string;
}

export async function findCreativeVideos(
  db: DbOrTx,
  ids: readonly string[],
  customerId: string | null,
): Promise<CreativeVideo[]> {
  if (ids.length === 0) return [];
  const t = creatives;
  const where = and(
    inArray(t.id, [...ids]),
    isNull(t.deletedAt),
    customerId === null ? undefined : eq(t.customerId, customerId),
  );
  return db
    .select({ id: t.id, videoUrl: sql<string>`coalesce(${t.data} ->> 'videoUrl', '')` })
    .from(t)
    .where(where);
}
