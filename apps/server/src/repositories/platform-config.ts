/**
 * The platform's cluster configuration, versioned (`platform_config_versions`): one row per
 * version of a cluster, the newest in force. Writes take the newest row `for update` first, so
 * two saves of one cluster queue behind each other; the unique (cluster, version) index decides
 * the race of two first saves (no row to lock yet).
 */
import { CONFIG_HISTORY_LIMIT } from '@cuepoint/core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type PlatformConfigVersionRow, platformConfigVersions } from '../db/schema/index.ts';

export type { PlatformConfigVersionRow };

/** The version in force of a cluster (undefined: none stored yet). */
export async function currentConfigVersion(
  db: DbOrTx,
  cluster: string,
): Promise<PlatformConfigVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(platformConfigVersions)
    .where(eq(platformConfigVersions.cluster, cluster))
    .orderBy(desc(platformConfigVersions.version))
    .limit(1);
  return row;
}

/** The same, its row locked until the transaction ends (a write's first step). */
export async function lockCurrentConfigVersion(
  tx: DbOrTx,
  cluster: string,
): Promise<PlatformConfigVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(platformConfigVersions)
    .where(eq(platformConfigVersions.cluster, cluster))
    .orderBy(desc(platformConfigVersions.version))
    .limit(1)
    .for('update');
  return row;
}

/** One version of a cluster. */
export async function findConfigVersion(
  db: DbOrTx,
  cluster: string,
  version: number,
): Promise<PlatformConfigVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(platformConfigVersions)
    .where(and(eq(platformConfigVersions.cluster, cluster), eq(platformConfigVersions.version, version)));
  return row;
}

/** The newest versions of a cluster (at most CONFIG_HISTORY_LIMIT), and how many there are. */
export async function listConfigVersions(db: DbOrTx, cluster: string) {
  const rows = await db
    .select()
    .from(platformConfigVersions)
    .where(eq(platformConfigVersions.cluster, cluster))
    .orderBy(desc(platformConfigVersions.version))
    .limit(CONFIG_HISTORY_LIMIT);
  const [total] = await db
    .select({ n: count() })
    .from(platformConfigVersions)
    .where(eq(platformConfigVersions.cluster, cluster));
  return { rows, total: total?.n ?? 0 };
}

export interface NewConfigVersion {
  cluster: string;
  version: number;
  values: Record<string, unknown>;
  changedBy: string | null;
  changedByEmail: string | null;
  note: string | null;
  restoredFrom: number | null;
}

export async function insertConfigVersion(
  tx: DbOrTx,
  row: NewConfigVersion,
): Promise<PlatformConfigVersionRow> {
  const [inserted] = await tx.insert(platformConfigVersions).values(row).returning();
  return inserted!;
}
