import {
  MONITOR_REFRESH_MS,
  MONITOR_SPARK_MINUTES,
  type MonitorChannel,
  type MonitorResponse,
} from '@cuepoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, stubMediaQuery } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { PHONE_QUERY } from '../components/monitor-table.tsx';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';
import { NO_TRAFFIC } from './fixtures.ts';

const channel = (overrides: Partial<MonitorChannel>): MonitorChannel => ({
  resourceId: '00000000-0000-4000-8000-000000000001',
  kind: 'liveStream',
  name: 'Sports 1',
  customerId: 'c-1',
  customerName: 'Demo Broadcasting',
  status: 'active',
  ...NO_TRAFFIC,
  requestsPerSecond: 0,
  spark: Array(MONITOR_SPARK_MINUTES).fill(0),
  ...overrides,
});

const CHANNELS = [
  channel({ viewers: 5, requestsPerSecond: 0.6, fillRate: 66.666, adLatencyP95: 250, adErrorRate: 40 }),
  channel({
    resourceId: '00000000-0000-4000-8000-000000000002',
    name: 'News 24',
    viewers: 12,
    requestsPerSecond: 2.25,
    fillRate: 100,
  }),
  channel({
    resourceId: '00000000-0000-4000-8000-000000000003',
    kind: 'vod',
    name: 'Match highlights',
    customerName: 'Acme TV',
    status: 'inactive',
  }),
];

const answer = (data: MonitorChannel[]): MonitorResponse => ({ windowMinutes: 5, data });

const ROUTES: RouteObject[] = [
  {
    path: '/streams-monitor',
    handle: { title: 'Monitor' },
    lazy: () => import('../routes/streams-monitor.tsx'),
  },
  { path: '/monitoring/:ch_id', element: <p>Channel page</p> },
];

const table = () => screen.findByTestId('monitor-table');
const names = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-column="name"] a')?.textContent);

describe('the monitor', () => {
  it('lists every channel with its figures, busiest first, each linking to its charts', async () => {
    stubApi({ 'GET monitoring/channels': () => jsonResponse(200, answer(CHANNELS)) });
    renderRoutes(ROUTES, '/streams-monitor');
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Monitor' })).toBeInTheDocument();
    expect(names(t)).toEqual(['News 24', 'Sports 1', 'Match highlights']);
    expect(within(t).getByRole('columnheader', { name: T.columns.viewers })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const sports = t.querySelector(`[data-channel="${CHANNELS[0]!.resourceId}"]`) as HTMLElement;
    const cell = (column: string) => sports.querySelector(`[data-column="${column}"]`)?.textContent;
    expect(cell('customerName')).toBe('Demo Broadcasting');
    expect(cell('name')).toBe('Sports 1LiveActive');
    expect(cell('viewers')).toBe('5');
    expect(cell('requestsPerSecond')).toBe('0.6');
    expect(cell('fillRate')).toBe('66.7 %');
    expect(cell('adLatencyP95')).toBe('250 ms');
    expect(cell('adErrorRate')).toBe('40.0 %');
    expect(cell('originErrorRate')).toBe(T.none);
    expect(within(sports).getByRole('link', { name: 'Sports 1' })).toHaveAttribute(
      'href',
      `/monitoring/${CHANNELS[0]!.resourceId}`,
    );
    expect(
      within(sports).getByRole('img', { name: T.sparkLabel(MONITOR_SPARK_MINUTES, 0) }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('last-updated')).toHaveTextContent(T.lastUpdated);
  });

  it('sorts by a column header, toggling the order, and keeps the sort in the URL', async () => {
    stubApi({ 'GET monitoring/channels': () => jsonResponse(200, answer(CHANNELS)) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(ROUTES, '/streams-monitor');
    const t = await table();

    await user.click(within(t).getByRole('button', { name: T.columns.name }));
    const nameHeader = within(t).getByRole('columnheader', { name: T.columns.name });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(within(t).getByRole('columnheader', { name: T.columns.viewers })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    expect(names(t)).toEqual(['Match highlights', 'News 24', 'Sports 1']);
    expect(router.state.location.search).toBe('?sort=name&order=asc');

    await user.click(within(t).getByRole('button', { name: T.columns.name }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names(t)).toEqual(['Sports 1', 'News 24', 'Match highlights']);

    // A rate without requests (null) sorts last either way.
    await user.click(within(t).getByRole('button', { name: T.columns.fillRate }));
    expect(names(t)).toEqual(['News 24', 'Sports 1', 'Match highlights']);
    await user.click(within(t).getByRole('button', { name: T.columns.fillRate }));
    expect(names(t)).toEqual(['Sports 1', 'News 24', 'Match highlights']);
  });

  it('polls every MONITOR_REFRESH_MS and shows the new figures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let viewers = 5;
    const fetchMock = stubApi({
      'GET monitoring/channels': () => jsonResponse(200, answer([channel({ viewers })])),
    });
    renderRoutes(ROUTES, '/streams-monitor');
    const t = await table();
    expect(t.querySelector('[data-column="viewers"]')).toHaveTextContent('5');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    viewers = 8;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MONITOR_REFRESH_MS);
    });
    await waitFor(() => expect(t.querySelector('[data-column="viewers"]')).toHaveTextContent('8'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says "No channels yet" when there are none', async () => {
    stubApi({ 'GET monitoring/channels': () => jsonResponse(200, answer([])) });
    renderRoutes(ROUTES, '/streams-monitor');
    expect(await screen.findByTestId('monitor-empty')).toHaveTextContent('No channels yet');
    expect(screen.queryByTestId('monitor-table')).toBeNull();
  });

  it('shows a loading line, then an error with Try again that asks again', async () => {
    let fail = true;
    const fetchMock = stubApi({
      'GET monitoring/channels': () =>
        fail
          ? jsonResponse(503, {
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Database unreachable',
            })
          : jsonResponse(200, answer(CHANNELS)),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(ROUTES, '/streams-monitor');
    expect(await screen.findByRole('status')).toHaveTextContent(T.loading);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent(T.loadFailed);
    expect(alert).toHaveTextContent('Database unreachable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(names(await table())).toHaveLength(3);
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows cards with a sort control at phone width', async () => {
    const restore = stubMediaQuery(PHONE_QUERY);
    try {
      stubApi({ 'GET monitoring/channels': () => jsonResponse(200, answer(CHANNELS)) });
      const user = userEvent.setup({ delay: null });
      renderRoutes(ROUTES, '/streams-monitor');
      const cards = await screen.findByTestId('monitor-cards');
      expect(screen.queryByTestId('monitor-table')).toBeNull();
      const cardNames = () =>
        within(cards)
          .getAllByRole('link')
          .map((a) => a.textContent);
      expect(cardNames()).toEqual(['News 24', 'Sports 1', 'Match highlights']);
      const first = cards.querySelector(`[data-channel="${CHANNELS[1]!.resourceId}"]`) as HTMLElement;
      expect(first.querySelector('[data-column="viewers"]')).toHaveTextContent(`${T.columns.viewers}12`);
      await user.selectOptions(screen.getByRole('combobox', { name: T.sortBy }), 'name');
      await user.click(screen.getByRole('button', { name: T.descending }));
      expect(cardNames()).toEqual(['Match highlights', 'News 24', 'Sports 1']);
    } finally {
      restore();
    }
  });
});
