/**
 * Reports (core schemas/reports.ts), read from the rolled-up counters as Insights is:
 * playback_minutes (impressions, avails and fill, ad-server errors and latency histograms,
 * viewers per minute, every demand source) and ad_delivery_days (the built-in ad server's
 * impressions and revenue per campaign, stream or asset and day). And the saved reports of
 * each main administrator.
 */
import {
  histogramPercentile,
  LATENCY_BUCKETS_MS,
  type ReportFigures,
  type ReportInterval,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
  resolveReportPeriod,
  type SavedReport,
} from '@cuepoint/core';
import { and, asc, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type SavedReportRow, savedReports } from '../db/schema/saved-reports.ts';
import { labelsOf } from './demand-reports.ts';
import { histogramSum, rowsOf } from './playback-minutes.ts';

const DAY_MS = 86_400_000;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** What figures are made of: sums that add across rows, buckets and groups. */
interface Sums {
  impressions: number;
  campaignImpressions: number;
  revenueMillicents: number;
  avails: number;
  filled: number;
  adErrors: number;
  viewerMinutes: number;
  latency: number[];
  /** Whether playback counters apply (a campaign row has only the ad server's figures). */
  playback: boolean;
}

const emptySums = (playback: boolean): Sums => ({
  impressions: 0,
  campaignImpressions: 0,
  revenueMillicents: 0,
  avails: 0,
  filled: 0,
  adErrors: 0,
  viewerMinutes: 0,
  latency: Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, () => 0),
  playback,
});

function addSums(into: Sums, from: Partial<Omit<Sums, 'playback'>>): void {
  into.impressions += from.impressions ?? 0;
  into.campaignImpressions += from.campaignImpressions ?? 0;
  into.revenueMillicents += from.revenueMillicents ?? 0;
  into.avails += from.avails ?? 0;
  into.filled += from.filled ?? 0;
  into.adErrors += from.adErrors ?? 0;
  into.viewerMinutes += from.viewerMinutes ?? 0;
  if (from.latency) for (const [i, n] of from.latency.entries()) into.latency[i] = (into.latency[i] ?? 0) + n;
}

export function figuresOf(sums: Sums): ReportFigures {
  const p = sums.playback;
  return {
    impressions: p ? sums.impressions : null,
    campaignImpressions: sums.campaignImpressions,
    fillRate: p && sums.avails > 0 ? sums.filled / sums.avails : null,
    adErrors: p ? sums.adErrors : null,
    adLatencyP50: p ? histogramPercentile(sums.latency, 50) : null,
    adLatencyP95: p ? histogramPercentile(sums.latency, 95) : null,
    viewerHours: p ? sums.viewerMinutes / 60 : null,
    revenueMillicents: sums.revenueMillicents,
  };
}

const BUCKET_FORMAT: Record<ReportInterval, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

/** Every bucket of [from, to] by the interval: days, months or years (their keys as to_char writes them). */
export function bucketsOf(from: string, to: string, interval: ReportInterval): string[] {
  const out: string[] = [];
  if (interval === 'day') {
    for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS)
      out.push(new Date(ms).toISOString().slice(0, 10));
  } else if (interval === 'month') {
    let y = Number(from.slice(0, 4));
    let m = Number(from.slice(5, 7));
    const last = to.slice(0, 7);
    for (;;) {
      const key = `${y}-${String(m).padStart(2, '0')}`;
      out.push(key);
      if (key >= last) break;
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  } else {
    for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y += 1) out.push(String(y));
  }
  return out;
}

interface PlaybackRow {
  key: string | null;
  bucket: string;
  impressions: number | string;
  avails: number | string;
  filled: number | string;
  errors: number | string;
  viewer_minutes: number | string;
  latency: (number | string)[];
}
interface DeliveryRow {
  key: string;
  bucket: string;
  impressions: number | string;
  revenue: number | string;
}

/**
 * The report of `query` at `now` (relative periods resolve against it): rows by the grouping
 * (by period: every bucket of the period, traffic or not), totals equal to the rows' sums (and
 * percentiles and fill of the whole period), and every bucket's figures for the charts.
 */
export async function runReport(db: DbOrTx, query: ReportQuery, now: Date): Promise<ReportResponse> {
  const { from, to } = resolveReportPeriod(query, now);
  const start = new Date(`${from}T00:00:00Z`).toISOString();
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  const format = BUCKET_FORMAT[query.interval];
  const customer = query.customerId ? sql` and customer_id = ${query.customerId}` : sql``;
  const bucket = sql.raw(`to_char(date_trunc('${query.interval}', minute at time zone 'UTC'), '${format}')`);
  const playbackKey: Record<ReportQuery['groupBy'], SQL> = {
    period: bucket,
    customer: sql`customer_id::text`,
    stream: sql`resource_id::text`,
    // The counters of playback do not know campaigns.
    campaign: sql`null`,
  };
  const playback = await rowsOf<PlaybackRow>(
    db,
    sql`select ${playbackKey[query.groupBy]} as key, ${bucket} as bucket,
          sum(impressions)::float8 as impressions, sum(avails)::float8 as avails,
          sum(avails - avails_empty)::float8 as filled, sum(ad_errors + ad_timeouts)::float8 as errors,
          sum(viewers)::float8 as viewer_minutes, ${histogramSum('ad_latency_ms')} as latency
        from playback_minutes
        where minute >= ${start}::timestamptz and minute < ${end}::timestamptz${customer}
        group by 1, 2`,
  );
  const dayBucket = sql.raw(`to_char(day, '${format}')`);
  const deliveryKey: Record<ReportQuery['groupBy'], SQL> = {
    period: dayBucket,
    customer: sql`customer_id::text`,
    stream: sql`resource_id::text`,
    campaign: sql`campaign_id::text`,
  };
  const delivery = await rowsOf<DeliveryRow>(
    db,
    sql`select ${deliveryKey[query.groupBy]} as key, ${dayBucket} as bucket,
          sum(impressions)::float8 as impressions, sum(revenue_millicents)::float8 as revenue
        from ad_delivery_days
        where day >= ${from}::date and day <= ${to}::date${customer}
        group by 1, 2`,
  );

  const byCampaign = query.groupBy === 'campaign';
  const groups = new Map<string, Sums>();
  const series = new Map<string, Sums>();
  for (const key of bucketsOf(from, to, query.interval)) series.set(key, emptySums(true));
  const totals = emptySums(!byCampaign);
  const group = (key: string) => {
    const sums = groups.get(key) ?? emptySums(!byCampaign);
    groups.set(key, sums);
    return sums;
  };
  if (query.groupBy === 'period') for (const key of series.keys()) group(key);
  for (const row of playback) {
    const sums = {
      impressions: num(row.impressions),
      avails: num(row.avails),
      filled: num(row.filled),
      adErrors: num(row.errors),
      viewerMinutes: num(row.viewer_minutes),
      latency: row.latency.map(num),
    };
    const bucketSums = series.get(row.bucket);
    if (bucketSums) addSums(bucketSums, sums);
    // By campaign, the rows (and so the totals) hold the ad server's figures only.
    if (row.key === null) continue;
    addSums(group(row.key), sums);
    addSums(totals, sums);
  }
  for (const row of delivery) {
    const sums = { campaignImpressions: num(row.impressions), revenueMillicents: num(row.revenue) };
    const bucketSums = series.get(row.bucket);
    if (bucketSums) addSums(bucketSums, sums);
    addSums(group(row.key), sums);
    addSums(totals, sums);
  }

  const labels = await labelsOf(db, query.groupBy, [...groups.keys()]);
  const rows: ReportRow[] = [...groups.entries()].map(([key, sums]) => ({
    key,
    label: labels.get(key)?.label ?? (query.groupBy === 'period' ? key : `Deleted (${key.slice(0, 8)})`),
    customerName: labels.get(key)?.customerName ?? null,
    ...figuresOf(sums),
  }));
  rows.sort((a, b) =>
    query.groupBy === 'period'
      ? a.key.localeCompare(b.key)
      : b.revenueMillicents - a.revenueMillicents ||
        (b.impressions ?? 0) - (a.impressions ?? 0) ||
        b.campaignImpressions - a.campaignImpressions ||
        a.label.localeCompare(b.label),
  );
  return {
    from,
    to,
    groupBy: query.groupBy,
    interval: query.interval,
    metrics: query.metrics,
    rows,
    totals: figuresOf(totals),
    series: [...series.entries()].map(([key, sums]) => ({ bucket: key, ...figuresOf(sums) })),
  };
}

// Saved reports

const DAY = DAY_MS;
const SCHEDULE_MS = { daily: DAY, weekly: 7 * DAY } as const;

/**
 * The first run of a schedule after `now`: the next midnight UTC (daily), or the next Monday's
 * (weekly), so a scheduled report mails whole days.
 */
export function nextRunAfter(schedule: 'daily' | 'weekly', now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (schedule === 'daily') return new Date(midnight + DAY);
  const daysToMonday = (8 - now.getUTCDay()) % 7 || 7;
  return new Date(midnight + daysToMonday * DAY);
}

/** The run after one that was due at `due`, past `now` (a server that was down skips the missed runs). */
export function advanceRun(schedule: 'daily' | 'weekly', due: Date, now: Date): Date {
  let next = due.getTime() + SCHEDULE_MS[schedule];
  while (next <= now.getTime()) next += SCHEDULE_MS[schedule];
  return new Date(next);
}

export function toSavedReportDto(row: SavedReportRow): SavedReport {
  return {
    _id: row.id,
    name: row.name,
    query: row.query as SavedReport['query'],
    schedule: row.schedule,
    recipients: row.recipients,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSavedReports(db: DbOrTx, ownerId: string): Promise<SavedReportRow[]> {
  return db
    .select()
    .from(savedReports)
    .where(eq(savedReports.ownerId, ownerId))
    .orderBy(asc(sql`lower(${savedReports.name})`), asc(savedReports.id));
}

export async function findSavedReport(
  db: DbOrTx,
  ownerId: string,
  id: string,
  lock = false,
): Promise<SavedReportRow | undefined> {
  const query = db
    .select()
    .from(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.ownerId, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Scheduled reports due at `now`, locked for this run (another process skips them). */
export async function dueSavedReports(db: DbOrTx, now: Date, limit: number): Promise<SavedReportRow[]> {
  return db
    .select()
    .from(savedReports)
    .where(
      and(
        isNotNull(savedReports.schedule),
        isNotNull(savedReports.nextRunAt),
        lte(savedReports.nextRunAt, now),
      ),
    )
    .orderBy(asc(savedReports.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export interface SavedReportValues {
  name: string;
  query: Record<string, unknown>;
  schedule: 'daily' | 'weekly' | null;
  recipients: string[];
}

export async function insertSavedReport(
  db: DbOrTx,
  ownerId: string,
  values: SavedReportValues,
  now: Date,
): Promise<SavedReportRow> {
  const [row] = await db
    .insert(savedReports)
    .values({
      ownerId,
      ...values,
      nextRunAt: values.schedule ? nextRunAfter(values.schedule, now) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Replaces a saved report's fields; a changed (or new) schedule starts again from `now`. */
export async function updateSavedReport(
  db: DbOrTx,
  current: SavedReportRow,
  values: SavedReportValues,
  now: Date,
): Promise<SavedReportRow> {
  const nextRunAt =
    values.schedule === null
      ? null
      : values.schedule === current.schedule && current.nextRunAt
        ? current.nextRunAt
        : nextRunAfter(values.schedule, now);
  const [row] = await db
    .update(savedReports)
    .set({ ...values, nextRunAt, updatedAt: now })
    .where(eq(savedReports.id, current.id))
    .returning();
  return row!;
}

export async function deleteSavedReport(db: DbOrTx, id: string): Promise<void> {
  await db.delete(savedReports).where(eq(savedReports.id, id));
}

/** Records a run: when it ran and when it runs next. */
export async function markSavedReportRun(
  db: DbOrTx,
  id: string,
  ranAt: Date,
  nextRunAt: Date,
): Promise<void> {
  await db.update(savedReports).set({ lastRunAt: ranAt, nextRunAt }).where(eq(savedReports.id, id));
}
