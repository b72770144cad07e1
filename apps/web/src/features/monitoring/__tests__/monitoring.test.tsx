import { MONITORING_TEXTS, type SeriesResponse, type StatsPoint } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';
import { NO_TRAFFIC } from './fixtures.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const VOD_ID = '00000000-0000-4000-8000-000000000009';

const point = (at: string, overrides: Partial<StatsPoint> = {}): StatsPoint => ({
  at,
  ...NO_TRAFFIC,
  ...overrides,
});

const series = (requests: number, kind: 'liveStream' | 'vod' = 'liveStream'): SeriesResponse => {
  const { at: _at, ...totals } = point('', {
    viewers: 9,
    requests,
    sessions: 3,
    adRequests: 5,
    fillRate: 66.666,
    adErrorRate: 40,
    adLatencyP95: 250,
    originErrorRate: 6,
  });
  return {
    resourceId: kind === 'vod' ? VOD_ID : ID,
    kind,
    name: kind === 'vod' ? 'Match highlights' : 'Sports 1',
    customerId: 'c-1',
    points: [point('2026-01-01T10:00:00.000Z', { requests }), point('2026-01-01T10:01:00.000Z')],
    totals,
  };
};

type Handler = (url: URL) => Response | Promise<Response>;
function stub(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    handler(new URL(String(input), 'http://localhost')),
  );
  vi.stubGlobal('fetch', fetchMock);
  const seriesCalls = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname.startsWith('/api/monitoring/series/'));
  return { fetchMock, seriesCalls };
}

const ROUTES: RouteObject[] = [
  {
    path: '/monitoring/:ch_id',
    handle: { title: 'Monitoring' },
    lazy: () => import('../routes/monitoring.tsx'),
  },
  { path: '/streams-live/:detail', element: <p>Live stream page</p> },
];

describe('one channel’s monitoring', () => {
  it('shows the period’s totals, links to the stream and its logs, and keeps the period in the URL', async () => {
    const { seriesCalls } = stub((url) => {
      const period = url.searchParams.get('period');
      return jsonResponse(200, series(period === '6h' ? 820 : 220));
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(ROUTES, `/monitoring/${ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sports 1' })).toBeInTheDocument();
    const totals = screen.getByTestId('monitoring-totals');
    const total = (key: string) => totals.querySelector(`[data-total="${key}"]`);
    expect(total('viewers')).toHaveTextContent(`${T.totals.viewers}9`);
    expect(total('requests')).toHaveTextContent('220');
    expect(total('fillRate')).toHaveTextContent('66.7 %');
    expect(total('adLatencyP95')).toHaveTextContent('250 ms');
    expect(screen.getByRole('link', { name: T.openStream })).toHaveAttribute('href', `/streams-live/${ID}`);
    expect(screen.getByRole('link', { name: T.openLogs })).toHaveAttribute(
      'href',
      `/streams-live/${ID}/kibana`,
    );
    expect(screen.getByRole('link', { name: T.allChannels })).toHaveAttribute('href', '/monitoring/channel');
    for (const chart of ['viewers', 'requests', 'fill-rate', 'ad-latency', 'errors']) {
      expect(document.querySelector(`[data-chart="${chart}"]`)).not.toBeNull();
    }
    expect(seriesCalls().map((u) => u.searchParams.get('period'))).toEqual(['1h']);
    expect(seriesCalls()[0]!.pathname).toBe(`/api/monitoring/series/${ID}`);

    await user.click(screen.getByRole('radio', { name: '6h' }));
    await waitFor(() => expect(total('requests')).toHaveTextContent('820'));
    expect(router.state.location.search).toBe('?period=6h');
    expect(screen.getByTestId('period-label')).toHaveTextContent(T.periods['6h']);
    expect(seriesCalls().map((u) => u.searchParams.get('period'))).toEqual(['1h', '6h']);
  });

  it('opens on the period the URL names, and links a VOD asset to the VOD screens', async () => {
    const { seriesCalls } = stub(() => jsonResponse(200, series(5, 'vod')));
    renderRoutes(ROUTES, `/monitoring/${VOD_ID}?period=7d`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Match highlights' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '7d' })).toBeChecked();
    expect(screen.getByRole('link', { name: T.openStream })).toHaveAttribute(
      'href',
      `/streams-vod/${VOD_ID}`,
    );
    expect(seriesCalls()[0]!.searchParams.get('period')).toBe('7d');
  });

  it('says so for an id of no channel (404), with the way back to the picker', async () => {
    stub(() =>
      jsonResponse(404, { statusCode: 404, error: 'Not Found', message: MONITORING_TEXTS.notFound }),
    );
    renderRoutes(ROUTES, `/monitoring/${ID}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent(T.channelFailed);
    expect(alert).toHaveTextContent(MONITORING_TEXTS.notFound);
    expect(within(alert).getByRole('link', { name: T.allChannels })).toHaveAttribute(
      'href',
      '/monitoring/channel',
    );
  });

  it('does not ask the server for an address that names no channel', async () => {
    const { fetchMock } = stub(() => jsonResponse(200, series(1)));
    renderRoutes(ROUTES, '/monitoring/not-an-id');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.notFound);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the channel picker (/monitoring/channel)', () => {
  it('lists every live stream and VOD asset with its customer, each linking to its charts', async () => {
    stub((url) => {
      const row = (id: string, name: string, customerName: string) => ({ _id: id, name, customerName });
      if (url.pathname === '/api/ssai/ds')
        return jsonResponse(200, { data: [row(ID, 'Sports 1', 'Demo Broadcasting')], total: 1 });
      if (url.pathname === '/api/ssai/vod')
        return jsonResponse(200, { data: [row(VOD_ID, 'Match highlights', 'Acme TV')], total: 1 });
      return jsonResponse(404, { statusCode: 404, message: url.pathname });
    });
    renderRoutes(ROUTES, '/monitoring/channel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monitoring' })).toBeInTheDocument();
    const live = await screen.findByRole('region', { name: 'Live streams' });
    expect(await within(live).findByRole('link', { name: 'Sports 1' })).toHaveAttribute(
      'href',
      `/monitoring/${ID}`,
    );
    expect(live).toHaveTextContent('Demo Broadcasting');
    const vod = screen.getByRole('region', { name: 'VOD assets' });
    expect(within(vod).getByRole('link', { name: 'Match highlights' })).toHaveAttribute(
      'href',
      `/monitoring/${VOD_ID}`,
    );
  });

  it('says "No channels yet" when there are none', async () => {
    stub(() => jsonResponse(200, { data: [], total: 0 }));
    renderRoutes(ROUTES, '/monitoring/channel');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});
