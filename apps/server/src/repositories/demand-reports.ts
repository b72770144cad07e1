/**
 * Insights and Inventory (core schemas/demand-reports.ts), read from the rolled-up counters:
 * playback_minutes (avails, impressions and fill per stream or asset and minute, every demand
 * source) and ad_delivery_days (the built-in ad server's impressions and revenue per campaign,
 * stream or asset and day). No events are read: a year of a large platform is a few million
 * counter rows, summed by index ranges.
 */
import {
  INVENTORY_AD_UNIT_SECONDS,
  INVENTORY_WEEKS_AHEAD,
  INVENTORY_WEEKS_BEHIND,
  type InsightsFigures,
  type InsightsQuery,
  type InsightsResponse,
  type InsightsRow,
  type InventoryResource,
  type InventoryResponse,
} from '@cuepoint/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from './playback-minutes.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

const emptyFigures = (): InsightsFigures => ({
  impressions: 0,
  campaignImpressions: 0,
  revenueMillicents: 0,
  avails: 0,
  availsFilled: 0,
  fillRate: null,
});

function withFill(figures: InsightsFigures): InsightsFigures {
  return { ...figures, fillRate: figures.avails > 0 ? figures.availsFilled / figures.avails : null };
}

function add(into: InsightsFigures, from: Partial<InsightsFigures>): void {
  into.impressions += from.impressions ?? 0;
  into.campaignImpressions += from.campaignImpressions ?? 0;
  into.revenueMillicents += from.revenueMillicents ?? 0;
  into.avails += from.avails ?? 0;
  into.availsFilled += from.availsFilled ?? 0;
}

/** Every stream and asset (live or not) with its customer: their names label the rows. */
const CHANNELS = sql`
  select id, customer_id, data ->> 'name' as name from live_streams
  union all select id, customer_id, data ->> 'name' as name from vod_assets`;

interface PlaybackRow {
  key: string;
  day: string;
  impressions: string | number;
  avails: string | number;
  filled: string | number;
}
interface DeliveryRow {
  key: string;
  day: string;
  impressions: string | number;
  revenue: string | number;
}

/**
 * The main administrator's insights over [from, to] (UTC days), grouped by day, customer, stream
 * or asset, or campaign; optionally one customer's. Every day of the period is in `days`.
 */
export async function insights(db: DbOrTx, query: InsightsQuery): Promise<InsightsResponse> {
  const start = Date.parse(`${query.from}T00:00:00Z`);
  const end = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const customer = (column: SQL) => (query.customerId ? sql` and ${column} = ${query.customerId}` : sql``);
  const playbackKey: Record<InsightsQuery['groupBy'], SQL> = {
    day: sql`to_char(date_trunc('day', minute at time zone 'UTC'), 'YYYY-MM-DD')`,
    customer: sql`customer_id::text`,
    stream: sql`resource_id::text`,
    // The counters of playback do not know campaigns: a campaign row has the ad server's figures only.
    campaign: sql`null`,
  };
  const playback = await rowsOf<PlaybackRow>(
    db,
    sql`select ${playbackKey[query.groupBy]} as key,
          to_char(date_trunc('day', minute at time zone 'UTC'), 'YYYY-MM-DD') as day,
          sum(impressions) as impressions, sum(avails) as avails, sum(avails - avails_empty) as filled
        from playback_minutes
        where minute >= ${new Date(start).toISOString()}::timestamptz
          and minute < ${new Date(end).toISOString()}::timestamptz${customer(sql`customer_id`)}
        group by 1, 2`,
  );
  const deliveryKey: Record<InsightsQuery['groupBy'], SQL> = {
    day: sql`to_char(day, 'YYYY-MM-DD')`,
    customer: sql`customer_id::text`,
    stream: sql`resource_id::text`,
    campaign: sql`campaign_id::text`,
  };
  const delivery = await rowsOf<DeliveryRow>(
    db,
    sql`select ${deliveryKey[query.groupBy]} as key, to_char(day, 'YYYY-MM-DD') as day,
          sum(impressions) as impressions, sum(revenue_millicents) as revenue
        from ad_delivery_days
        where day >= ${query.from}::date and day <= ${query.to}::date${customer(sql`customer_id`)}
        group by 1, 2`,
  );

  const groups = new Map<string, InsightsFigures>();
  const days = new Map<string, InsightsFigures>();
  for (let ms = start; ms < end; ms += DAY_MS) days.set(dayOf(ms), emptyFigures());
  const totals = emptyFigures();
  const group = (key: string) => {
    const figures = groups.get(key) ?? emptyFigures();
    groups.set(key, figures);
    return figures;
  };
  for (const row of playback) {
    const figures = {
      impressions: num(row.impressions),
      avails: num(row.avails),
      availsFilled: num(row.filled),
    };
    if (row.key !== null) add(group(row.key), figures);
    add(days.get(row.day) ?? emptyFigures(), figures);
    add(totals, figures);
  }
  for (const row of delivery) {
    const figures = { campaignImpressions: num(row.impressions), revenueMillicents: num(row.revenue) };
    add(group(row.key), figures);
    add(days.get(row.day) ?? emptyFigures(), figures);
    add(totals, figures);
  }

  // By day, every day of the period is a row (a day without traffic shows zeros).
  if (query.groupBy === 'day') for (const day of days.keys()) group(day);
  const labels = await labelsOf(db, query.groupBy, [...groups.keys()]);
  const rows: InsightsRow[] = [...groups.entries()].map(([key, figures]) => ({
    key,
    label: labels.get(key)?.label ?? (query.groupBy === 'day' ? key : `Deleted (${key.slice(0, 8)})`),
    customerName: labels.get(key)?.customerName ?? null,
    ...withFill(figures),
  }));
  rows.sort((a, b) =>
    query.groupBy === 'day'
      ? a.key.localeCompare(b.key)
      : b.revenueMillicents - a.revenueMillicents ||
        b.impressions - a.impressions ||
        a.label.localeCompare(b.label),
  );
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    rows,
    totals: withFill(totals),
    days: [...days.entries()].map(([day, figures]) => ({ day, ...withFill(figures) })),
  };
}

/** The names of customers, streams or assets (with their customer's) or campaigns, by id (Insights and Reports). */
export async function labelsOf(
  db: DbOrTx,
  groupBy: InsightsQuery['groupBy'] | 'period',
  keys: string[],
): Promise<Map<string, { label: string; customerName: string | null }>> {
  const labels = new Map<string, { label: string; customerName: string | null }>();
  if (groupBy === 'day' || groupBy === 'period' || keys.length === 0) return labels;
  const ids = sql.join(
    keys.map((key) => sql`${key}::uuid`),
    sql`, `,
  );
  const source =
    groupBy === 'customer'
      ? sql`select id, name as label, null as customer_name from customers where id in (${ids})`
      : groupBy === 'stream'
        ? sql`select ch.id, ch.name as label, c.name as customer_name from (${CHANNELS}) ch
              join customers c on c.id = ch.customer_id where ch.id in (${ids})`
        : sql`select k.id, k.data ->> 'name' as label, c.name as customer_name from campaigns k
              join customers c on c.id = k.customer_id where k.id in (${ids})`;
  for (const row of await rowsOf<{ id: string; label: string; customer_name: string | null }>(db, source)) {
    labels.set(row.id, { label: row.label, customerName: row.customer_name });
  }
  return labels;
}

/** Monday 00:00 UTC of the week holding `ms`. */
const weekStartOf = (ms: number) => {
  const day = new Date(ms);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return midnight - ((day.getUTCDay() + 6) % 7) * DAY_MS;
};

interface ChannelRow {
  id: string;
  kind: 'liveStream' | 'vod';
  name: string;
  customer_name: string;
  data: Record<string, unknown>;
  avails: string | number | null;
  avail_seconds: string | number | null;
  ad_seconds: string | number | null;
  impressions: string | number | null;
  filled: string | number | null;
  scheduled: string | number | null;
}

/** The spec's MM-DD-YYYYTHH:mm:ss as epoch ms (UTC), or null. */
function specTime(text: unknown): number | null {
  const match =
    typeof text === 'string' ? /^(\d{2})-(\d{2})-(\d{4})T(\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
  if (!match) return null;
  const [, mm, dd, yyyy, hh, mi, ss] = match.map(Number) as number[];
  return Date.UTC(yyyy!, mm! - 1, dd!, hh!, mi!, ss!);
}

/**
 * A customer's inventory (or the platform's, with `customerId` null): each live stream and VOD
 * asset with its break schedule and what the last 7 days observed, and per week the impressions
 * the observed avails could carry (forecast: the last 7 days' rate held), those delivered (past
 * weeks) and those booked by active campaigns (booked impressions spread evenly over the flight).
 */
export async function inventory(
  db: DbOrTx,
  customerId: string | null,
  now: Date,
): Promise<InventoryResponse> {
  const nowMs = now.getTime();
  const weekAgo = new Date(nowMs - 7 * DAY_MS).toISOString();
  const scope = (column: SQL) => (customerId === null ? sql`` : sql` and ${column} = ${customerId}`);
  const channels = await rowsOf<ChannelRow>(
    db,
    sql`with ch as (
          select id, 'liveStream' as kind, customer_id, data from live_streams where true${scope(sql`customer_id`)}
          union all
          select id, 'vod' as kind, customer_id, data from vod_assets where true${scope(sql`customer_id`)}
        ),
        observed as (
          select resource_id, sum(avails) as avails, sum(avail_seconds) as avail_seconds,
            sum(ad_seconds) as ad_seconds, sum(impressions) as impressions, sum(avails - avails_empty) as filled
          from playback_minutes
          where minute >= ${weekAgo}::timestamptz${scope(sql`customer_id`)}
          group by resource_id
        ),
        scheduled as (
          select stream_id, count(*) as scheduled from scheduled_events group by stream_id
        )
        select ch.id, ch.kind, ch.data ->> 'name' as name, c.name as customer_name, ch.data,
          o.avails, o.avail_seconds, o.ad_seconds, o.impressions, o.filled, s.scheduled
        from ch join customers c on c.id = ch.customer_id
        left join observed o on o.resource_id = ch.id
        left join scheduled s on s.stream_id = ch.id
        order by c.name, lower(ch.data ->> 'name'), ch.id`,
  );
  // The account's average creative length, or the standard ad unit.
  const [unit] = await rowsOf<{ average: string | number | null }>(
    db,
    sql`select avg((data ->> 'duration')::float8) as average from creatives
        where deleted_at is null and data ->> 'status' = 'active'${scope(sql`customer_id`)}`,
  );
  const adUnitSeconds = Math.max(1, Math.round(num(unit?.average) || INVENTORY_AD_UNIT_SECONDS));

  const resources: InventoryResource[] = channels.map((row) => {
    const avails = num(row.avails);
    const availSeconds = num(row.avail_seconds);
    const breakinterval = num(row.data.breakinterval);
    const cuePoints = Array.isArray(row.data.cuePoints) ? row.data.cuePoints.length : 0;
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      customerName: row.customer_name,
      scheduledBreaks: row.kind === 'vod' ? 1 + cuePoints : breakinterval > 0 ? 60 / breakinterval : 0,
      scheduledBreaksUnit: row.kind === 'vod' ? 'play' : 'hour',
      scheduledEvents: num(row.scheduled),
      avails,
      availSeconds,
      adSeconds: num(row.ad_seconds),
      impressions: num(row.impressions),
      fillRate: avails > 0 ? num(row.filled) / avails : null,
      forecastImpressionsPerWeek: Math.floor(availSeconds / adUnitSeconds),
    };
  });
  const forecastPerWeek = resources.reduce((sum, r) => sum + r.forecastImpressionsPerWeek, 0);

  const thisWeek = weekStartOf(nowMs);
  const firstWeek = thisWeek - INVENTORY_WEEKS_BEHIND * 7 * DAY_MS;
  const lastWeekEnd = thisWeek + INVENTORY_WEEKS_AHEAD * 7 * DAY_MS;
  const past = await rowsOf<{ week: string; impressions: string | number; avail_seconds: string | number }>(
    db,
    sql`select to_char(date_trunc('week', minute at time zone 'UTC'), 'YYYY-MM-DD') as week,
          sum(impressions) as impressions, sum(avail_seconds) as avail_seconds
        from playback_minutes
        where minute >= ${new Date(firstWeek).toISOString()}::timestamptz
          and minute < ${new Date(thisWeek).toISOString()}::timestamptz${scope(sql`customer_id`)}
        group by 1`,
  );
  const pastByWeek = new Map(past.map((row) => [row.week, row]));
  const campaigns = await rowsOf<{ data: Record<string, unknown> }>(
    db,
    sql`select data from campaigns
        where deleted_at is null and data ->> 'status' = 'active'${scope(sql`customer_id`)}`,
  );
  const flights = campaigns.flatMap(({ data }) => {
    const from = specTime(data.startDate);
    const to = specTime(data.endDate);
    const booked = num(data.bookedImpressions);
    return from !== null && to !== null && to > from && booked > 0 ? [{ from, to, booked }] : [];
  });
  const weeks: InventoryResponse['weeks'] = [];
  for (let week = firstWeek; week < lastWeekEnd; week += 7 * DAY_MS) {
    const weekEnd = week + 7 * DAY_MS;
    const booked = flights.reduce((sum, f) => {
      const overlap = Math.max(0, Math.min(weekEnd, f.to) - Math.max(week, f.from));
      return sum + (f.booked * overlap) / (f.to - f.from);
    }, 0);
    const observed = pastByWeek.get(dayOf(week));
    weeks.push({
      weekStart: dayOf(week),
      delivered: week < thisWeek ? num(observed?.impressions) : null,
      forecast: week < thisWeek ? Math.floor(num(observed?.avail_seconds) / adUnitSeconds) : forecastPerWeek,
      booked: Math.round(booked),
    });
  }
  return { adUnitSeconds, resources, weeks };
}
