import { describe, expect, it } from 'vitest';
import {
  parseCsv,
  REPORT_TEXTS,
  type ReportResponse,
  reportCsv,
  reportPeriodIssues,
  reportQuerySchema,
  reportTable,
  resolveReportPeriod,
} from '../reports.ts';

/** Wednesday 2026-06-17 12:00 UTC. */
const NOW = new Date(Date.UTC(2026, 5, 17, 12));
const period = (input: Partial<Parameters<typeof reportPeriodIssues>[0]>) =>
  reportPeriodIssues({ period: 'range', interval: 'day', ...input }, NOW);

describe('the report period’s rules', () => {
  it('takes a year above 1995 and at most this year', () => {
    expect(period({ period: 'year', year: 1995 })).toEqual([
      { path: 'year', message: REPORT_TEXTS.invalidYear },
    ]);
    expect(period({ period: 'year', year: 1996 })).toEqual([]);
    expect(period({ period: 'year', year: 2026 })).toEqual([]);
    expect(period({ period: 'year', year: 2027 })).toEqual([
      { path: 'year', message: REPORT_TEXTS.invalidYear },
    ]);
    expect(period({ period: 'year', year: 2025.5 })).toEqual([
      { path: 'year', message: REPORT_TEXTS.invalidYear },
    ]);
  });

  it('takes months 1-12, this year’s up to the current one', () => {
    expect(period({ period: 'month', year: 2025, month: 0 })[0]?.message).toBe(REPORT_TEXTS.invalidMonth);
    expect(period({ period: 'month', year: 2025, month: 13 })[0]?.message).toBe(REPORT_TEXTS.invalidMonth);
    expect(period({ period: 'month', year: 2025, month: 12 })).toEqual([]);
    expect(period({ period: 'month', year: 2026, month: 6 })).toEqual([]);
    expect(period({ period: 'month', year: 2026, month: 7 })).toEqual([
      { path: 'month', message: REPORT_TEXTS.selectCurrentYear },
    ]);
  });

  it('names both dates when they are in the wrong order, and keeps a day report within 366 days', () => {
    expect(period({ from: '2026-06-02', to: '2026-06-01' })).toEqual([
      { path: 'from', message: REPORT_TEXTS.fromAfterTo },
      { path: 'to', message: REPORT_TEXTS.toBeforeFrom },
    ]);
    expect(period({ from: '2024-01-01', to: '2024-12-31' })).toEqual([]);
    expect(period({ from: '2024-01-01', to: '2025-01-01' })).toEqual([
      { path: 'to', message: REPORT_TEXTS.dayRange },
    ]);
    expect(period({ from: '2024-01-01', to: '2026-01-01', interval: 'month' })).toEqual([]);
    expect(period({ from: '2026-02-29', to: '2026-03-01' })).toEqual([
      { path: 'from', message: REPORT_TEXTS.day },
    ]);
  });

  it('resolves months (leap years too), years and the relative periods', () => {
    expect(resolveReportPeriod({ period: 'month', year: 2024, month: 2, interval: 'day' }, NOW)).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(resolveReportPeriod({ period: 'year', year: 2025, interval: 'month' }, NOW)).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    const january = new Date(Date.UTC(2026, 0, 3));
    expect(resolveReportPeriod({ period: 'lastMonth', interval: 'day' }, january)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(resolveReportPeriod({ period: 'last7days', interval: 'day' }, january)).toEqual({
      from: '2025-12-27',
      to: '2026-01-02',
    });
  });

  it('reads a query string: metrics as a list, numbers as text', () => {
    const parsed = reportQuerySchema.safeParse({
      period: 'month',
      year: '2025',
      month: '3',
      metrics: 'revenue,impressions',
    });
    expect(parsed.success && parsed.data).toMatchObject({
      year: 2025,
      month: 3,
      metrics: ['revenue', 'impressions'],
    });
  });
});

describe('the report’s table and CSV', () => {
  const figures = {
    impressions: 10,
    campaignImpressions: 2,
    fillRate: 0.5,
    adErrors: 1,
    adLatencyP50: 25,
    adLatencyP95: 250,
    viewerHours: 1.25,
    revenueMillicents: 12_345,
  };
  const report: ReportResponse = {
    from: '2026-06-01',
    to: '2026-06-30',
    groupBy: 'campaign',
    interval: 'day',
    metrics: ['revenue', 'impressions', 'viewerHours'],
    rows: [
      {
        key: 'a',
        label: 'Summer, "big"\nsale',
        customerName: '=HYPERLINK("x")',
        ...figures,
        impressions: null,
      },
    ],
    totals: figures,
    series: [],
  };

  it('orders the columns as REPORT_METRICS and leaves unknown figures blank', () => {
    expect(reportTable(report)).toEqual({
      header: ['Campaign', 'Customer', 'Impressions', 'Viewer hours', 'Revenue'],
      rows: [['Summer, "big"\nsale', '=HYPERLINK("x")', '', '1.25', '0.12']],
      totals: ['Total', '', '10', '1.25', '0.12'],
    });
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const csv = reportCsv(reportTable(report));
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, row, totals] = parseCsv(csv);
    expect(header).toEqual(['Campaign', 'Customer', 'Impressions', 'Viewer hours', 'Revenue']);
    expect(row).toEqual(['Summer, "big"\nsale', '\'=HYPERLINK("x")', '', '1.25', '0.12']);
    expect(totals).toEqual(['Total', '', '10', '1.25', '0.12']);
  });

  it('defuses a formula that starts like a negative number, and keeps negative numbers', () => {
    const table = {
      header: ['Stream', 'Revenue'],
      rows: [
        ["-2+3+cmd|' /C calc'!A0", '-5.25'],
        ['\r=1+1', '-7'],
      ],
      totals: ['Total', '-12.25'],
    };
    expect(parseCsv(reportCsv(table))).toEqual([
      ['Stream', 'Revenue'],
      ["'-2+3+cmd|' /C calc'!A0", '-5.25'],
      ["'\r=1+1", '-7'],
      ['Total', '-12.25'],
    ]);
  });
});
