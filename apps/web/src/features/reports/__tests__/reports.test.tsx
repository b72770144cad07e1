import { parseCsv, REPORT_TEXTS, type ReportResponse, type SavedReport } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { REPORTS_TEXTS as T } from '../texts.ts';

const ROUTES: RouteObject[] = [
  { path: '/reports', handle: { title: 'Reports' }, lazy: () => import('../routes/reports.tsx') },
];

/** A field's input (not a segmented control's radios, nor a tags input's hidden value). */
const FIELD = 'input:not([type=radio]):not([type=hidden])';
/** Wednesday 2026-06-17 12:00 UTC. */
const NOW = Date.UTC(2026, 5, 17, 12, 0, 0);

const figures = {
  impressions: 316,
  campaignImpressions: 11,
  fillRate: 108 / 115,
  adErrors: 5,
  adLatencyP50: 25,
  adLatencyP95: 1000,
  viewerHours: 2,
  revenueMillicents: 13_750,
};
const zero = {
  impressions: 0,
  campaignImpressions: 0,
  fillRate: null,
  adErrors: 0,
  adLatencyP50: null,
  adLatencyP95: null,
  viewerHours: 0,
  revenueMillicents: 0,
};
const REPORT: ReportResponse = {
  from: '2026-06-15',
  to: '2026-06-16',
  groupBy: 'stream',
  interval: 'day',
  metrics: ['impressions', 'fillRate', 'adLatency', 'revenue'],
  rows: [
    { key: 'a', label: 'Sports, "live"', customerName: 'Demo Broadcasting', ...figures, impressions: 16 },
    { key: 'b', label: 'Other channel', customerName: 'Other', ...figures, impressions: 300 },
  ],
  totals: figures,
  series: [
    { bucket: '2026-06-15', ...figures },
    { bucket: '2026-06-16', ...figures },
  ],
};
const SAVED: SavedReport = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Weekly revenue',
  query: { period: 'last7days', groupBy: 'customer', interval: 'day', metrics: ['revenue'] },
  schedule: 'weekly',
  recipients: ['cfo@cuepoint.test'],
  nextRunAt: '2026-06-22T00:00:00.000Z',
  lastRunAt: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
};

const asked = (fetchMock: ReturnType<typeof stubApi>, path = '/api/reports/run') =>
  fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === path);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reports: the period picker’s rules', () => {
  it.each([
    ['period=year&year=1995', T.year, REPORT_TEXTS.invalidYear],
    ['period=year&year=2027', T.year, REPORT_TEXTS.invalidYear],
    ['period=month&year=2025&month=13', T.month, REPORT_TEXTS.invalidMonth],
    ['period=month&year=2026&month=7', T.month, REPORT_TEXTS.selectCurrentYear],
    ['period=range&from=2026-06-16&to=2026-06-01', T.fromDate, REPORT_TEXTS.fromAfterTo],
    ['period=range&from=2026-06-16&to=2026-06-01', T.toDate, REPORT_TEXTS.toBeforeFrom],
    ['period=range&from=1990-01-01&to=2026-06-01&interval=year', T.fromDate, REPORT_TEXTS.invalidYear],
  ])('?%s: %s says the rule, and nothing is asked', async (query, label, message) => {
    const fetchMock = stubApi({
      'GET reports/run': () => jsonResponse(200, REPORT),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes(ROUTES, `/reports?${query}&metrics=impressions`);
    const field = await screen.findByLabelText(label, { selector: FIELD });
    expect(field).toHaveAccessibleDescription(message);
    expect(screen.getByText(T.fixPeriod)).toBeInTheDocument();
    expect(asked(fetchMock)).toEqual([]);
  });

  it('asks for at least one metric', async () => {
    stubApi({ 'GET reports/saved': () => jsonResponse(200, { data: [] }) });
    renderRoutes(ROUTES, '/reports?period=last7days&metrics=');
    expect(await screen.findByText(REPORT_TEXTS.noMetric)).toBeInTheDocument();
  });

  it('asks with a valid month of this year, the query in the URL', async () => {
    const fetchMock = stubApi({
      'GET reports/run': () => jsonResponse(200, REPORT),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
    });
    const { router } = renderRoutes(ROUTES, '/reports?period=month&year=2026&month=6&metrics=impressions');
    await screen.findByRole('table', { name: /2026-06-15/ });
    expect(Object.fromEntries(asked(fetchMock)[0]!.searchParams)).toEqual({
      period: 'month',
      year: '2026',
      month: '6',
      groupBy: 'period',
      interval: 'day',
      metrics: 'impressions',
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Campaign' }));
    await waitFor(() => expect(asked(fetchMock).at(-1)!.searchParams.get('groupBy')).toBe('campaign'));
    expect(new URLSearchParams(router.state.location.search).get('groupBy')).toBe('campaign');
  });
});

describe('reports: table, CSV, print and states', () => {
  it('exports exactly the table’s rows and columns as CSV, totals included', async () => {
    stubApi({
      'GET reports/run': () => jsonResponse(200, REPORT),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
    });
    // jsdom makes no object URLs: keep the exported file's blob instead (this file's own URL object).
    let blob: Blob | undefined;
    URL.createObjectURL = (b: Blob) => {
      blob = b;
      return 'blob:report';
    };
    URL.revokeObjectURL = () => {};
    renderRoutes(
      ROUTES,
      '/reports?period=last7days&groupBy=stream&metrics=impressions,fillRate,adLatency,revenue',
    );
    const table = await screen.findByRole('table', { name: /by stream or asset/ });
    const shown = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
    expect(shown[0]).toEqual([
      'Stream or asset',
      'Customer',
      'Impressions',
      'Avails filled (%)',
      'Ad latency p50 (ms)',
      'Ad latency p95 (ms)',
      'Revenue',
    ]);
    expect(shown[1]).toEqual(['Sports, "live"', 'Demo Broadcasting', '16', '93.9', '25', '1000', '0.14']);
    expect(shown.at(-1)).toEqual(['Total', '', '316', '93.9', '25', '1000', '0.14']);
    await userEvent.click(screen.getByRole('button', { name: T.exportCsv }));
    expect(blob).toBeDefined();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    expect(parseCsv(text)).toEqual(shown);
    // The charts of the chosen metrics only.
    expect(document.querySelector('[data-chart="impressions"]')).not.toBeNull();
    expect(document.querySelector('[data-chart="adLatency"]')).not.toBeNull();
    expect(document.querySelector('[data-chart="viewerHours"]')).toBeNull();
  });

  it('prints through the browser', async () => {
    stubApi({
      'GET reports/run': () => jsonResponse(200, REPORT),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(ROUTES, '/reports?period=last7days&metrics=impressions');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: T.print }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows loading, then an empty period', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({
      'GET reports/run': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes(ROUTES, '/reports?period=last7days&metrics=impressions');
    expect(await screen.findByText(T.loading)).toBeInTheDocument();
    answer(
      jsonResponse(200, {
        ...REPORT,
        groupBy: 'period',
        rows: [{ key: '2026-06-15', label: '2026-06-15', customerName: null, ...zero }],
        totals: zero,
      }),
    );
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /2026/ })).toBeNull();
  });

  it('shows a failure with the server’s message and Try again', async () => {
    stubApi({
      'GET reports/run': () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Boom',
          requestId: 'r',
        }),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes(ROUTES, '/reports?period=last7days&metrics=impressions');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('reports: saved reports', () => {
  it('checks the save dialog’s recipients and saves the query shown', async () => {
    let posted: unknown;
    stubApi({
      'GET reports/run': () => jsonResponse(200, REPORT),
      'GET reports/saved': () => jsonResponse(200, { data: [] }),
      'POST reports/saved': (init) => {
        posted = JSON.parse(String(init.body));
        return jsonResponse(201, SAVED);
      },
    });
    renderRoutes(ROUTES, '/reports?period=last7days&groupBy=customer&metrics=revenue');
    await screen.findByText(T.saved.empty);
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    const dialog = await screen.findByRole('dialog', { name: T.dialog.newTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.dialog.submit }));
    expect(within(dialog).getByLabelText(new RegExp(T.dialog.name))).toHaveAccessibleDescription(
      REPORT_TEXTS.nameRequired,
    );
    await userEvent.type(within(dialog).getByLabelText(new RegExp(T.dialog.name)), 'Weekly revenue');
    await userEvent.click(within(dialog).getByLabelText(T.dialog.schedule, { selector: FIELD }));
    await userEvent.click(await screen.findByRole('option', { name: T.saved.schedules.weekly }));
    await userEvent.click(within(dialog).getByRole('button', { name: T.dialog.submit }));
    expect(await within(dialog).findByText(REPORT_TEXTS.recipientsRequired)).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByLabelText(T.dialog.recipients, { selector: FIELD }),
      'not-mail{Enter}',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: T.dialog.submit }));
    expect(await within(dialog).findByText(REPORT_TEXTS.invalidEmail)).toBeInTheDocument();
    expect(posted).toBeUndefined();
    // Backspace in the empty field takes the last address back out.
    await userEvent.type(
      within(dialog).getByLabelText(T.dialog.recipients, { selector: FIELD }),
      '{Backspace}cfo@cuepoint.test{Enter}',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: T.dialog.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.dialog.newTitle })).toBeNull());
    expect(posted).toEqual({
      name: 'Weekly revenue',
      query: { period: 'last7days', groupBy: 'customer', interval: 'day', metrics: ['revenue'] },
      schedule: 'weekly',
      recipients: ['cfo@cuepoint.test'],
    });
  });

  it('lists, opens and deletes after asking', async () => {
    let deleted = false;
    stubApi({
      'GET reports/run': () => jsonResponse(200, REPORT),
      'GET reports/saved': () => jsonResponse(200, { data: deleted ? [] : [SAVED] }),
      [`DELETE reports/saved/${SAVED._id}`]: () => {
        deleted = true;
        return jsonResponse(200, { _id: SAVED._id });
      },
    });
    const { router } = renderRoutes(ROUTES, '/reports?period=last7days&metrics=impressions');
    const open = await screen.findByRole('button', { name: T.saved.open(SAVED.name) });
    expect(screen.getByText('cfo@cuepoint.test')).toBeInTheDocument();
    await userEvent.click(open);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      period: 'last7days',
      groupBy: 'customer',
      interval: 'day',
      metrics: 'revenue',
    });
    await userEvent.click(screen.getByRole('button', { name: T.saved.remove(SAVED.name) }));
    const confirm = await screen.findByRole('dialog', { name: T.saved.deleteTitle(SAVED.name) });
    expect(deleted).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.saved.empty)).toBeInTheDocument();
    expect(deleted).toBe(true);
  });
});
