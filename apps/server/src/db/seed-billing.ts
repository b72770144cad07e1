/**
 * The demo customer's usage of last month (issue 19), so that an invoice for last month has real
 * lines: hourly sample minutes of its active live streams and VOD assets in the data plane's
 * counters (playback_minutes), and its streams and assets dated from the start of last month.
 *
 * Called by main.ts right after the demo is first seeded (never by the tests' template database:
 * their counters stay exactly what each test writes). Rows stop 8 days before the end of last
 * month, so no "last 7 days" figure (Inventory, Monitoring, alarms) ever sees them.
 */
import { LATENCY_BUCKETS_MS } from '@cuepoint/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { customers, liveStreams, playbackMinutes, vodAssets } from './schema/index.ts';
import { DEMO_ACCOUNTS } from './seed.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ZERO = Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, () => 0);

/** Viewers of a sample minute: an evening peak, steady by resource and day (no randomness). */
export function demoViewers(resourceIndex: number, day: number, hour: number, vod: boolean): number {
  const evening = hour >= 18 && hour <= 22 ? 3 : hour >= 7 && hour <= 17 ? 2 : 1;
  const base = vod ? 40 : 250;
  return base * evening + ((day * 37 + hour * 11 + resourceIndex * 53) % 97);
}

/** Seeds the demo customer's last month (relative to `now`); answers the rows written. */
export async function seedDemoUsage(db: DbOrTx, now = Date.now()): Promise<number> {
  const [demo] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.subDomainName, DEMO_ACCOUNTS.customer.customer.subDomainName));
  if (!demo) return 0;
  const today = new Date(now);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const days = Math.round((end - start) / DAY_MS) - 8;

  // The demo existed all last month: its streams and assets keep their order, dated from then.
  const shift = sql`(${now - start} * interval '1 millisecond')`;
  await db
    .update(liveStreams)
    .set({ createdAt: sql`${liveStreams.createdAt} - ${shift}` })
    .where(eq(liveStreams.customerId, demo.id));
  await db
    .update(vodAssets)
    .set({ createdAt: sql`${vodAssets.createdAt} - ${shift}` })
    .where(eq(vodAssets.customerId, demo.id));

  const live = await db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(and(eq(liveStreams.customerId, demo.id), sql`${liveStreams.data} ->> 'status' = 'active'`))
    .orderBy(liveStreams.createdAt);
  const vod = await db
    .select({ id: vodAssets.id })
    .from(vodAssets)
    .where(eq(vodAssets.customerId, demo.id))
    .orderBy(vodAssets.createdAt);
  const resources = [
    ...live.map((r) => ({ id: r.id, kind: 'liveStream', vod: false })),
    ...vod.map((r) => ({ id: r.id, kind: 'vod', vod: true })),
  ];
  const rows: (typeof playbackMinutes.$inferInsert)[] = [];
  for (let day = 0; day < days; day++)
    for (let hour = 0; hour < 24; hour++)
      resources.forEach((resource, index) => {
        const viewers = demoViewers(index, day, hour, resource.vod);
        // An ad break in the sample minute for about a third of the viewers; 90% of them filled.
        const avails = Math.round(viewers / 3);
        const availsEmpty = Math.round(avails / 10);
        const impressions = (avails - availsEmpty) * 2;
        rows.push({
          resourceId: resource.id,
          customerId: demo.id,
          kind: resource.kind,
          minute: new Date(start + day * DAY_MS + hour * HOUR_MS),
          viewers,
          sessions: viewers,
          requests: viewers * 4,
          adRequests: avails,
          avails,
          availsEmpty,
          availSeconds: avails * 60,
          adSeconds: (avails - availsEmpty) * 60,
          adsChosen: impressions,
          impressions,
          completes: Math.round(impressions * 0.92),
          beaconsSent: impressions * 5,
          originRequests: viewers * 4,
          adLatencyMs: ZERO,
          originLatencyMs: ZERO,
        });
      });
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(playbackMinutes).values(rows.slice(i, i + 1000));
  return rows.length;
}
