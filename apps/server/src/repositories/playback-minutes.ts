/**
 * What the monitor and the monitoring charts read from the data plane's per-minute counters
 * (`playback_minutes`): each answer is one SQL query, summed and grouped in the database; only
 * the rates and percentiles are derived here, from the sums.
 */
import {
  histogramPercentile,
  LATENCY_BUCKETS_MS,
  MONITOR_SPARK_MINUTES,
  MONITOR_WINDOW_MINUTES,
  MONITORING_PERIODS,
  type MonitorChannel,
  type MonitoringPeriod,
  type SeriesResponse,
  type StatsPoint,
} from '@cuepoint/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

const MINUTE_MS = 60_000;
type Kind = 'liveStream' | 'vod';

/** The sums of one channel over some minutes, as the queries answer them (numbers: float8). */
interface Sums {
  viewers: number | null;
  requests: number | null;
  sessions: number | null;
  ad_requests: number | null;
  ad_errors: number | null;
  ad_timeouts: number | null;
  avails: number | null;
  avail_seconds: number | null;
  ad_seconds: number | null;
  impressions: number | null;
  completes: number | null;
  origin_requests: number | null;
  origin_errors: number | null;
  source_switches: number | null;
  ad_latency: number[] | null;
  origin_latency: number[] | null;
}

/** One histogram bucket index per LATENCY_BUCKETS_MS bound, plus the slower-than-all bucket (1-based). */
const HISTOGRAM_INDEXES = Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, (_, i) => i + 1);

/** The element-wise sum of a histogram column over the grouped rows, as float8[]. */
export const histogramSum = (column: string) =>
  sql.raw(`array[${HISTOGRAM_INDEXES.map((i) => `coalesce(sum(${column}[${i}]), 0)`).join(', ')}]::float8[]`);

/** The summed counters of the grouped rows (viewers: the busiest minute's). */
const SUMS = sql.raw(`
  max(viewers)::float8 as viewers,
  sum(requests)::float8 as requests,
  sum(sessions)::float8 as sessions,
  sum(ad_requests)::float8 as ad_requests,
  sum(ad_errors)::float8 as ad_errors,
  sum(ad_timeouts)::float8 as ad_timeouts,
  sum(avails)::float8 as avails,
  sum(avail_seconds)::float8 as avail_seconds,
  sum(ad_seconds)::float8 as ad_seconds,
  sum(impressions)::float8 as impressions,
  sum(completes)::float8 as completes,
  sum(origin_requests)::float8 as origin_requests,
  sum(origin_errors)::float8 as origin_errors,
  sum(source_switches)::float8 as source_switches`);

const SUM_COLUMNS = sql`${SUMS}, ${histogramSum('ad_latency_ms')} as ad_latency, ${histogramSum('origin_latency_ms')} as origin_latency`;

/** Every live stream and VOD asset (of one id, when given), with its name and status. */
const channels = (id?: string) => {
  const only = (table: string) => (id === undefined ? sql`` : sql`where ${sql.raw(table)}.id = ${id}`);
  return sql`
    select id, 'liveStream' as kind, customer_id, data->>'name' as name, coalesce(data->>'status', '') as status
    from live_streams ${only('live_streams')}
    union all
    select id, 'vod' as kind, customer_id, data->>'name' as name, coalesce(data->>'status', '') as status
    from vod_assets ${only('vod_assets')}`;
};

export async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const percent = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

/** A channel's figures over some minutes, from their sums (no minutes: zeros and nulls). */
export function figuresOf(sums: Partial<Sums>): Omit<StatsPoint, 'at'> {
  const n = (value: number | null | undefined) => value ?? 0;
  const adLatency = sums.ad_latency ?? [];
  const originLatency = sums.origin_latency ?? [];
  return {
    viewers: n(sums.viewers),
    requests: n(sums.requests),
    sessions: n(sums.sessions),
    adRequests: n(sums.ad_requests),
    adErrors: n(sums.ad_errors),
    adTimeouts: n(sums.ad_timeouts),
    impressions: n(sums.impressions),
    completes: n(sums.completes),
    avails: n(sums.avails),
    originRequests: n(sums.origin_requests),
    originErrors: n(sums.origin_errors),
    sourceSwitches: n(sums.source_switches),
    fillRate: percent(n(sums.ad_seconds), n(sums.avail_seconds)),
    adErrorRate: percent(n(sums.ad_errors) + n(sums.ad_timeouts), n(sums.ad_requests)),
    originErrorRate: percent(n(sums.origin_errors), n(sums.origin_requests)),
    adLatencyP50: histogramPercentile(adLatency, 50),
    adLatencyP95: histogramPercentile(adLatency, 95),
    adLatencyP99: histogramPercentile(adLatency, 99),
    originLatencyP95: histogramPercentile(originLatency, 95),
  };
}

const minuteOf = (now: Date) => Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
const iso = (ms: number) => new Date(ms).toISOString();

interface MonitorRow extends Sums {
  id: string;
  kind: Kind;
  customer_id: string;
  customer_name: string;
  name: string;
  status: string;
  spark: number[];
}

/**
 * The monitor: every live stream and VOD asset of every customer, with its figures over the last
 * MONITOR_WINDOW_MINUTES minutes (the current one included) and its requests per minute over the
 * last MONITOR_SPARK_MINUTES (zero for a minute without a row), oldest first. Channels without
 * traffic are listed too.
 */
export async function monitorChannels(db: DbOrTx, now: Date): Promise<MonitorChannel[]> {
  const end = minuteOf(now) + MINUTE_MS;
  const windowStart = end - MONITOR_WINDOW_MINUTES * MINUTE_MS;
  const sparkStart = end - MONITOR_SPARK_MINUTES * MINUTE_MS;
  const rows = await rowsOf<MonitorRow>(
    db,
    sql`
      with ch as (${channels()}),
      win as (
        select resource_id, ${SUM_COLUMNS}
        from playback_minutes
        where minute >= ${iso(windowStart)}::timestamptz and minute < ${iso(end)}::timestamptz
        group by resource_id
      ),
      per_minute as (
        select resource_id, date_trunc('minute', minute) as minute, sum(requests)::float8 as requests
        from playback_minutes
        where minute >= ${iso(sparkStart)}::timestamptz and minute < ${iso(end)}::timestamptz
        group by 1, 2
      ),
      spark as (
        select ch.id, array_agg(coalesce(pm.requests, 0) order by g.minute) as spark
        from ch
        cross join generate_series(
          ${iso(sparkStart)}::timestamptz, ${iso(end - MINUTE_MS)}::timestamptz, interval '1 minute'
        ) as g(minute)
        left join per_minute pm on pm.resource_id = ch.id and pm.minute = g.minute
        group by ch.id
      )
      select ch.id, ch.kind, ch.customer_id, c.name as customer_name, ch.name, ch.status,
        spark.spark, win.*
      from ch
      join customers c on c.id = ch.customer_id
      join spark on spark.id = ch.id
      left join win on win.resource_id = ch.id
      order by c.name, lower(ch.name), ch.id`,
  );
  const windowSeconds = MONITOR_WINDOW_MINUTES * 60;
  return rows.map((row) => ({
    resourceId: row.id,
    kind: row.kind,
    name: row.name,
    customerId: row.customer_id,
    customerName: row.customer_name,
    status: row.status,
    ...figuresOf(row),
    requestsPerSecond: (row.requests ?? 0) / windowSeconds,
    spark: row.spark.map(Number),
  }));
}

interface SeriesRow extends Sums {
  id: string;
  kind: Kind;
  customer_id: string;
  name: string;
  /** The step's start (epoch ms); null on the totals row. */
  bucket_ms: number | null;
}

/**
 * One channel's points over `period` (hours back from the step containing `now`), one per step
 * from oldest to newest (a step without rows: zeros), counters summed over the step and viewers
 * its busiest minute's, plus the totals of the whole period. Null when no live stream or VOD
 * asset has the id.
 */
export async function channelSeries(
  db: DbOrTx,
  id: string,
  period: MonitoringPeriod,
  now: Date,
): Promise<SeriesResponse | null> {
  const { hours, stepMinutes } = MONITORING_PERIODS[period];
  const stepMs = stepMinutes * MINUTE_MS;
  const end = Math.floor(now.getTime() / stepMs) * stepMs + stepMs;
  const start = end - hours * 60 * MINUTE_MS;
  const step = sql.raw(`interval '${stepMinutes} minutes'`);
  const from = sql`${iso(start)}::timestamptz`;
  // The steps' sums and (the empty grouping set) the period's totals, joined to every step so
  // a step without rows is still a point; the totals row comes last (its bucket is null).
  const rows = await rowsOf<SeriesRow>(
    db,
    sql`
      with ch as (${channels(id)}),
      binned as (
        select date_bin(${step}, minute, ${from}) as bucket, *
        from playback_minutes
        where resource_id = ${id} and minute >= ${from} and minute < ${iso(end)}::timestamptz
      ),
      agg as (
        select bucket, ${SUM_COLUMNS}
        from binned
        group by grouping sets ((bucket), ())
      ),
      steps as (
        select g.bucket from generate_series(${from}, ${iso(end - stepMs)}::timestamptz, ${step}) as g(bucket)
        union all
        select null
      )
      select ch.id, ch.kind, ch.customer_id, ch.name,
        (extract(epoch from steps.bucket) * 1000)::float8 as bucket_ms, agg.*
      from ch
      cross join steps
      left join agg on agg.bucket is not distinct from steps.bucket
      order by steps.bucket nulls last`,
  );
  const first = rows[0];
  if (!first) return null;
  const totals = rows.at(-1)!;
  return {
    resourceId: first.id,
    kind: first.kind,
    name: first.name,
    customerId: first.customer_id,
    points: rows.slice(0, -1).map((row) => ({ at: iso(row.bucket_ms!), ...figuresOf(row) })),
    totals: figuresOf(totals),
  };
}
