import {
  REPORT_GROUPS,
  REPORT_INTERVALS,
  REPORT_METRICS,
  REPORT_PERIODS,
  REPORT_TEXTS,
  type ReportGroup,
  type ReportInterval,
  type ReportIssue,
  type ReportMetric,
  type ReportPeriod,
  reportPeriodIssues,
  type StoredReportQuery,
} from '@cuepoint/core';

/** The form as the URL keeps it: text as typed (the rules judge it), the choices checked. */
export interface ReportForm {
  period: ReportPeriod;
  from: string;
  to: string;
  year: string;
  month: string;
  groupBy: ReportGroup;
  interval: ReportInterval;
  metrics: ReportMetric[];
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The URL's form, with defaults: the last 30 days by day, impressions, fill rate and revenue. */
export function formOf(search: URLSearchParams, now: Date): ReportForm {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const metrics = (search.get('metrics') ?? 'impressions,fillRate,revenue')
    .split(',')
    .filter((m): m is ReportMetric => REPORT_METRICS.includes(m as ReportMetric));
  return {
    period: oneOf(REPORT_PERIODS, search.get('period'), 'range'),
    from: search.get('from') ?? isoDay(today - 29 * DAY_MS),
    to: search.get('to') ?? isoDay(today),
    year: search.get('year') ?? String(now.getUTCFullYear()),
    month: search.get('month') ?? String(now.getUTCMonth() + 1),
    groupBy: oneOf(REPORT_GROUPS, search.get('groupBy'), 'period'),
    interval: oneOf(REPORT_INTERVALS, search.get('interval'), 'day'),
    metrics: search.get('metrics') === '' ? [] : metrics,
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The form's messages by field: the spec's period rules (core's, as the server checks them) and at least one metric. */
export function formIssues(
  form: ReportForm,
  now: Date,
): Partial<Record<ReportIssue['path'] | 'metrics', string>> {
  const issues: Partial<Record<ReportIssue['path'] | 'metrics', string>> = {};
  for (const issue of reportPeriodIssues(
    { ...form, year: number(form.year), month: number(form.month) },
    now,
  ))
    issues[issue.path] ??= issue.message;
  if (form.metrics.length === 0) issues.metrics = REPORT_TEXTS.noMetric;
  return issues;
}

/** The query the report is asked with (only the period's own fields), as URL parameters. */
export function paramsOf(form: ReportForm): Record<string, string> {
  const period: Record<string, string> =
    form.period === 'range'
      ? { from: form.from, to: form.to }
      : form.period === 'month'
        ? { year: form.year, month: form.month }
        : form.period === 'year'
          ? { year: form.year }
          : {};
  return {
    period: form.period,
    ...period,
    groupBy: form.groupBy,
    interval: form.interval,
    metrics: REPORT_METRICS.filter((m) => form.metrics.includes(m)).join(','),
  };
}

/** The same query as a saved report stores it. */
export function storedQueryOf(form: ReportForm): StoredReportQuery {
  return {
    period: form.period,
    ...(form.period === 'range' ? { from: form.from, to: form.to } : {}),
    ...(form.period === 'month' || form.period === 'year' ? { year: Number(form.year) } : {}),
    ...(form.period === 'month' ? { month: Number(form.month) } : {}),
    groupBy: form.groupBy,
    interval: form.interval,
    metrics: REPORT_METRICS.filter((m) => form.metrics.includes(m)),
  };
}
