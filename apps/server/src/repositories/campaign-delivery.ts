/**
 * The campaign manager's delivery figures: the built-in ad server's counters (ad_delivery_days)
 * summed per campaign over every day and for one day, with the reservations in flight (ad_servings), scoped to a customer (or, `null`, the
 * platform: a main administrator's view).
 */
import type { CampaignDelivery } from '@cuepoint/core';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { adDeliveryDays, adServings } from '../db/schema/index.ts';

/**
 * Each campaign that delivered anything, with its totals, the figures of `today` (YYYY-MM-DD,
 * UTC) and the reservations live at `now` (ads decided, their impressions not yet counted).
 */
export async function campaignDelivery(
  db: DbOrTx,
  customerId: string | null,
  today: string,
  now: Date = new Date(),
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
      held: sql`(select count(*) from ${adServings} s where s.campaign_id = ad_delivery_days.campaign_id
        and s.counted_at is null and s.expires_at > ${now.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(t)
    .$dynamic();
  const scoped = customerId === null ? query : query.where(eq(t.customerId, customerId));
  return scoped.groupBy(t.campaignId).orderBy(t.campaignId);
}
