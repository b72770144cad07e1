/**
 * Reports (/reports, main administrator): impressions, fill rate, ad-server errors and latency,
 * viewer hours and revenue over a period, by period bucket (day, month or year), customer, stream
 * or asset, or campaign, read from the rolled-up counters (playback_minutes, ad_delivery_days);
 * and the administrator's saved reports, optionally mailed daily or weekly.
 *
 * The period picker's rules are the spec's (sections 5 and 9), checked by `reportPeriodIssues`
 * on the server (400 naming the field) and in the console's form alike.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, TEXT_LIMITS } from '../validation/limits.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { DEMAND_REPORT_TEXTS, dayMs } from './demand-reports.ts';

export const REPORT_TEXTS = {
  invalidYear: VALIDATION_MESSAGES.invalidYear,
  invalidMonth: VALIDATION_MESSAGES.invalidMonth,
  selectCurrentYear: VALIDATION_MESSAGES.selectCurrentYear,
  toBeforeFrom: VALIDATION_MESSAGES.toDateBeforeFromDate,
  fromAfterTo: VALIDATION_MESSAGES.fromDateAfterToDate,
  invalidEmail: VALIDATION_MESSAGES.invalidEmail,
  day: DEMAND_REPORT_TEXTS.day,
  dayRange: 'By day, a period cannot be longer than 366 days',
  noMetric: 'Select at least one metric',
  nameRequired: 'Name is required',
  tooManyRecipients: 'At most 5 recipients',
  recipientsRequired: 'A scheduled report needs at least one recipient',
  forbidden: 'Reports are for the platform administrator',
  notFound: 'No saved report has this id',
  mailSubject: (name: string) => `Cuepoint report: ${name}`,
} as const;

/** The earliest year a period may name is the one after this (spec: "year above 1995"). */
export const REPORT_MIN_YEAR_EXCLUSIVE = 1995;
/** Longest period a report by day covers (its rows are days). */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_RECIPIENTS = 5;
export const REPORT_NAME_MAX = 100;

export const REPORT_METRICS = [
  'impressions',
  'campaignImpressions',
  'fillRate',
  'adErrors',
  'adLatency',
  'viewerHours',
  'revenue',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];
export const REPORT_METRIC_LABELS: Record<ReportMetric, string> = {
  impressions: 'Impressions',
  campaignImpressions: 'Campaign impressions',
  fillRate: 'Avails filled',
  adErrors: 'Ad-server errors',
  adLatency: 'Ad latency (p50, p95)',
  viewerHours: 'Viewer hours',
  revenue: 'Revenue',
};

export const REPORT_GROUPS = ['period', 'customer', 'stream', 'campaign'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  period: 'Period',
  customer: 'Customer',
  stream: 'Stream or asset',
  campaign: 'Campaign',
};

export const REPORT_INTERVALS = ['day', 'month', 'year'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
export const REPORT_INTERVAL_LABELS: Record<ReportInterval, string> = {
  day: 'Day',
  month: 'Month',
  year: 'Year',
};

/**
 * How the period is chosen: two dates, a month of a year, a year, or relative to the day the
 * report runs (what a scheduled report mails: the last 7 full days, the previous month).
 */
export const REPORT_PERIODS = ['range', 'month', 'year', 'last7days', 'lastMonth'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  range: 'From - To',
  month: 'Month',
  year: 'Year',
  last7days: 'Last 7 days',
  lastMonth: 'Last month',
};

export const REPORT_SCHEDULES = ['daily', 'weekly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A whole number from a query string or JSON ('' and words are NaN, so they fail the rules). */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v),
    z.number({ error: message }),
  );

const metricsSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
  z.array(z.enum(REPORT_METRICS)).min(1, { error: REPORT_TEXTS.noMetric }),
);

/** The query's fields before the period rules (which need the clock). */
export const reportQueryFields = {
  period: z.enum(REPORT_PERIODS).default('range'),
  // Days (YYYY-MM-DD), read by the period rules ('day' names the format); longer is no day.
  from: z.string().max(TEXT_LIMITS.dateTime, { error: REPORT_TEXTS.day }).optional(),
  to: z.string().max(TEXT_LIMITS.dateTime, { error: REPORT_TEXTS.day }).optional(),
  year: wholeNumber(REPORT_TEXTS.invalidYear).optional(),
  month: wholeNumber(REPORT_TEXTS.invalidMonth).optional(),
  groupBy: z.enum(REPORT_GROUPS).default('period'),
  interval: z.enum(REPORT_INTERVALS).default('day'),
  metrics: metricsSchema,
  customerId: z.uuid().optional(),
};

interface PeriodInput {
  period: ReportPeriod;
  from?: string | undefined;
  to?: string | undefined;
  year?: number | undefined;
  month?: number | undefined;
  interval: ReportInterval;
}

export interface ReportIssue {
  path: 'from' | 'to' | 'year' | 'month';
  message: string;
}

const yearIsValid = (year: number | undefined, now: Date): year is number =>
  year !== undefined &&
  Number.isInteger(year) &&
  year > REPORT_MIN_YEAR_EXCLUSIVE &&
  year <= now.getUTCFullYear();

/**
 * The spec's period rules at `now` (UTC), in the order a form shows them:
 * - a year (of the Year and Month pickers, and of each date) above 1995 and at most this year,
 *   else 'invalid year'; a month 1-12, else 'invalid month';
 * - 'Please select current year': a month of this year that has not begun yet (the picker offers
 *   this year's months up to now; a later month is a future period, so the user must pick a
 *   month of the current year so far, or an earlier year);
 * - dates in the wrong order: 'From Date cannot be later than To Date' under From and 'To Date
 *   cannot be earlier than From Date' under To (both fields are wrong with respect to each other);
 * - by day, at most REPORT_MAX_DAYS days (the rows are days).
 */
export function reportPeriodIssues(input: PeriodInput, now: Date): ReportIssue[] {
  const issues: ReportIssue[] = [];
  if (input.period === 'range') {
    const dates = { from: input.from, to: input.to };
    const ms: Record<'from' | 'to', number> = { from: Number.NaN, to: Number.NaN };
    for (const path of ['from', 'to'] as const) {
      const text = dates[path];
      const at = typeof text === 'string' && DAY.test(text) ? dayMs(text) : Number.NaN;
      if (Number.isNaN(at)) issues.push({ path, message: REPORT_TEXTS.day });
      else if (!yearIsValid(new Date(at).getUTCFullYear(), now))
        issues.push({ path, message: REPORT_TEXTS.invalidYear });
      else ms[path] = at;
    }
    if (issues.length > 0) return issues;
    if (ms.from > ms.to) {
      issues.push({ path: 'from', message: REPORT_TEXTS.fromAfterTo });
      issues.push({ path: 'to', message: REPORT_TEXTS.toBeforeFrom });
    } else if (input.interval === 'day' && (ms.to - ms.from) / DAY_MS + 1 > REPORT_MAX_DAYS) {
      issues.push({ path: 'to', message: REPORT_TEXTS.dayRange });
    }
    return issues;
  }
  if (input.period === 'month' || input.period === 'year') {
    if (!yearIsValid(input.year, now)) issues.push({ path: 'year', message: REPORT_TEXTS.invalidYear });
    if (input.period === 'month') {
      const month = input.month;
      if (month === undefined || !Number.isInteger(month) || month < 1 || month > 12)
        issues.push({ path: 'month', message: REPORT_TEXTS.invalidMonth });
      else if (input.year === now.getUTCFullYear() && month > now.getUTCMonth() + 1)
        issues.push({ path: 'month', message: REPORT_TEXTS.selectCurrentYear });
    }
  }
  return issues;
}

/** The first and last day (YYYY-MM-DD, UTC) of a valid period at `now`. */
export function resolveReportPeriod(input: PeriodInput, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (input.period) {
    case 'range':
      return { from: input.from!, to: input.to! };
    case 'month':
      return {
        from: isoDay(Date.UTC(input.year!, input.month! - 1, 1)),
        to: isoDay(Date.UTC(input.year!, input.month!, 1) - DAY_MS),
      };
    case 'year':
      return { from: `${input.year}-01-01`, to: `${input.year}-12-31` };
    case 'last7days':
      return { from: isoDay(today - 7 * DAY_MS), to: isoDay(today - DAY_MS) };
    case 'lastMonth':
      return {
        from: isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
        to: isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS),
      };
  }
}

/** A report's query; the period rules read the clock when it is checked. */
export const reportQuerySchema = z.strictObject(reportQueryFields).check((ctx) => {
  for (const issue of reportPeriodIssues(ctx.value, new Date())) {
    ctx.issues.push({
      code: 'custom',
      message: issue.message,
      path: [issue.path],
      input: ctx.value[issue.path],
    });
  }
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** One row's figures. Campaign rows know only the ad server's figures: the rest are null. */
export const reportFiguresSchema = z.object({
  /** Impression beacons of every ad (all demand), from the per-minute counters. */
  impressions: z.number().nullable(),
  /** The built-in ad server's impressions (campaigns). */
  campaignImpressions: z.number(),
  /** Avails that got an ad over avails (0..1), or null without avails. */
  fillRate: z.number().nullable(),
  /** Ad-server requests that failed or timed out. */
  adErrors: z.number().nullable(),
  /** Ad-server latency percentiles (ms, the histogram bucket's upper bound), or null without requests. */
  adLatencyP50: z.number().nullable(),
  adLatencyP95: z.number().nullable(),
  /** Viewer-minutes over 60. */
  viewerHours: z.number().nullable(),
  /** Revenue of the campaigns' impressions, in thousandths of a cent (integer). */
  revenueMillicents: z.number().int(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportRowSchema = reportFiguresSchema.extend({
  /** A period bucket (YYYY-MM-DD, YYYY-MM or YYYY) or an id. */
  key: z.string(),
  label: z.string(),
  customerName: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPS),
  interval: z.enum(REPORT_INTERVALS),
  metrics: z.array(z.enum(REPORT_METRICS)),
  rows: z.array(reportRowSchema),
  totals: reportFiguresSchema,
  /** Every bucket of the period by the interval (for the charts), whatever the grouping. */
  series: z.array(reportFiguresSchema.extend({ bucket: z.string() })),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

// Saved reports

const recipientsSchema = z
  .array(
    z.email({ error: REPORT_TEXTS.invalidEmail }).max(EMAIL_MAX_LENGTH, { error: REPORT_TEXTS.invalidEmail }),
  )
  .max(REPORT_MAX_RECIPIENTS, { error: REPORT_TEXTS.tooManyRecipients });

/** The saved query (no customer scope beyond the query's own customerId). */
export const savedReportQuerySchema = reportQuerySchema;

export const savedReportInputSchema = z
  .strictObject({
    name: z
      .string({ error: REPORT_TEXTS.nameRequired })
      .trim()
      .min(1, { error: REPORT_TEXTS.nameRequired })
      .max(REPORT_NAME_MAX),
    query: savedReportQuerySchema,
    schedule: z.enum(REPORT_SCHEDULES).nullable().default(null),
    recipients: recipientsSchema.default([]),
  })
  .check((ctx) => {
    if (ctx.value.schedule !== null && ctx.value.recipients.length === 0)
      ctx.issues.push({
        code: 'custom',
        message: REPORT_TEXTS.recipientsRequired,
        path: ['recipients'],
        input: ctx.value.recipients,
      });
  });
export type SavedReportInput = z.input<typeof savedReportInputSchema>;

/** A saved query as stored and answered (already checked: no conversions, which an answer cannot encode). */
export const storedReportQuerySchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string().optional(),
  to: z.string().optional(),
  year: z.number().optional(),
  month: z.number().optional(),
  groupBy: z.enum(REPORT_GROUPS),
  interval: z.enum(REPORT_INTERVALS),
  metrics: z.array(z.enum(REPORT_METRICS)).min(1),
  customerId: z.string().optional(),
});
export type StoredReportQuery = z.infer<typeof storedReportQuerySchema>;

export const savedReportSchema = z.object({
  _id: z.string(),
  name: z.string(),
  query: storedReportQuerySchema,
  schedule: z.enum(REPORT_SCHEDULES).nullable(),
  recipients: z.array(z.string()),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;
export const savedReportListSchema = z.object({ data: z.array(savedReportSchema) });
export const savedReportIdParamsSchema = z.strictObject({ id: z.uuid() });

// The table: one definition of its columns and cells, used by the console's table, its CSV
// export and the scheduled mail's CSV, so the three cannot disagree.

export interface ReportTable {
  header: string[];
  rows: string[][];
  totals: string[];
}

const count = (v: number | null) => (v === null ? '' : String(Math.round(v)));
const fixed = (digits: number) => (v: number | null) => (v === null ? '' : v.toFixed(digits));
const METRIC_COLUMNS: Record<ReportMetric, { label: string; cell: (f: ReportFigures) => string }[]> = {
  impressions: [{ label: 'Impressions', cell: (f) => count(f.impressions) }],
  campaignImpressions: [{ label: 'Campaign impressions', cell: (f) => count(f.campaignImpressions) }],
  fillRate: [
    { label: 'Avails filled (%)', cell: (f) => fixed(1)(f.fillRate === null ? null : f.fillRate * 100) },
  ],
  adErrors: [{ label: 'Ad-server errors', cell: (f) => count(f.adErrors) }],
  adLatency: [
    { label: 'Ad latency p50 (ms)', cell: (f) => count(f.adLatencyP50) },
    { label: 'Ad latency p95 (ms)', cell: (f) => count(f.adLatencyP95) },
  ],
  viewerHours: [{ label: 'Viewer hours', cell: (f) => fixed(2)(f.viewerHours) }],
  revenue: [{ label: 'Revenue', cell: (f) => (f.revenueMillicents / 100_000).toFixed(2) }],
};
export const REPORT_TOTAL_LABEL = 'Total';

/** The report's table as text cells: the group column (and Customer for streams and campaigns), then the chosen metrics in REPORT_METRICS order. */
export function reportTable(report: ReportResponse): ReportTable {
  const withCustomer = report.groupBy === 'stream' || report.groupBy === 'campaign';
  const groupLabel =
    report.groupBy === 'period'
      ? REPORT_INTERVAL_LABELS[report.interval]
      : REPORT_GROUP_LABELS[report.groupBy];
  const columns = REPORT_METRICS.filter((m) => report.metrics.includes(m)).flatMap((m) => METRIC_COLUMNS[m]);
  return {
    header: [groupLabel, ...(withCustomer ? ['Customer'] : []), ...columns.map((c) => c.label)],
    rows: report.rows.map((row) => [
      row.label,
      ...(withCustomer ? [row.customerName ?? ''] : []),
      ...columns.map((c) => c.cell(row)),
    ]),
    totals: [REPORT_TOTAL_LABEL, ...(withCustomer ? [''] : []), ...columns.map((c) => c.cell(report.totals))],
  };
}

/** What a spreadsheet may read as a formula: a cell starting so that is not a plain number. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const csvCell = (cell: string) => (/[",\r\n]/.test(cell) || FORMULA_START.test(cell) ? quote(cell) : cell);
function quote(cell: string): string {
  // A cell a spreadsheet would read as a formula is prefixed with a quote mark (CSV injection);
  // a negative number stays a number.
  const safe = FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** RFC 4180 CSV of the table (header, rows, totals), CRLF line ends. */
export function reportCsv(table: ReportTable): string {
  return `${[table.header, ...table.rows, table.totals].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Parses reportCsv's output back into cells (tests compare it with the table). */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let cell = '';
  let line: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      line.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || line.length > 0) lines.push([...line, cell]);
  return lines;
}

/** A query as URL parameters (the console keeps its query in the URL; a mailed report links to it). */
export function reportQueryParams(query: Partial<z.input<typeof reportQuerySchema>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}
