/**
 * The campaign manager's delivery figures: the built-in ad server's counters (ad_delivery_days)
 * summed per campaign over every day and for one day, scoped to a customer (or, `null`, the
 * platform: a main administrator's view).
 */
import type { CampaignDelivery } from '@cuepoint/core';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { adDeliveryDays } from '../db/schema/index.ts';

/** Each campaign that delivered anything, with its totals and the figures of `today` (YYYY-MM-DD, UTC). */
export async function campaignDelivery(
  db: DbOrTx,
  customerId: string | null,
  today: string,
): Promise<CampaignDelivery[]> {
  const t = adDeliveryDays;
  const onToday = sql`${t.day} = ${today}::date`;
  const sum = (column: AnyColumn, when?: SQL) =>
    (when
      ? sql`coalesce(sum(${column}) filter (where ${when}), 0)`
      : sql`coalesce(sum(${column}), 0)`
    ).mapWith(Number);
  const query = db
    .select({
      campaignId: t.campaignId,
      served: sum(t.served),
      impressions: sum(t.impressions),
      revenueMillicents: sum(t.revenueMillicents),
      servedToday: sum(t.served, onToday),
      impressionsToday: sum(t.impressions, onToday),
    })
    .from(t)
    .$dynamic();
  const scoped = customerId === null ? query : query.where(eq(t.customerId, customerId));
  return scoped.groupBy(t.campaignId).orderBy(t.campaignId);
}
