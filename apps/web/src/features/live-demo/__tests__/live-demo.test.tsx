/**
 * The LIVE Demo: the active live streams of every customer to choose from, the choice kept in the
 * URL with its customer (whose logo the header shows), the stream's playback panel, and the
 * loading, empty and error states.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYBACK_PANEL_TEXTS } from '../../../components/playback/texts.ts';
import { QUERY_STATE_TEXTS } from '../../../components/query-state.tsx';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { Component as LiveDemo } from '../routes/live-demo.tsx';
import { LIVE_DEMO_TEXTS as T } from '../texts.ts';

const stream = (id: string, name: string, customerId: string, customerName: string) => ({
  _id: id,
  name,
  customerId,
  customerName,
  status: 'active',
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  updatedBy: null,
});
const NEWS = stream('11111111-1111-4111-8111-111111111111', 'News 24', 'c-1', 'Demo Broadcasting');
const SPORT = stream('22222222-2222-4222-8222-222222222222', 'Sports 1', 'c-2', 'Northwind TV');

const render = (path = '/live-demo') => renderRoutes([{ path: '/live-demo', element: <LiveDemo /> }], path);

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LIVE Demo', () => {
  it('lists the active streams by customer; the chosen one plays with its timeline, in the URL', async () => {
    const fetchMock = stubApi({
      'GET ssai/ds': () => jsonResponse(200, { data: [NEWS, SPORT], total: 2 }),
      'GET playback/breaks': () => jsonResponse(200, { data: [] }),
    });
    const { router } = render();
    expect(await screen.findByText(T.pick)).toBeVisible();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('status=active');
    await userEvent.click(screen.getByRole('combobox', { name: T.stream }));
    await userEvent.click(await screen.findByRole('option', { name: T.option('Northwind TV', 'Sports 1') }));
    expect(new URLSearchParams(router.state.location.search).get('stream')).toBe(SPORT._id);
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe('c-2');
    expect(await screen.findByRole('region', { name: PLAYBACK_PANEL_TEXTS.heading })).toBeVisible();
    expect(screen.getByRole('button', { name: PLAYBACK_PANEL_TEXTS.play })).toBeEnabled();
    expect(await screen.findByText(PLAYBACK_PANEL_TEXTS.noBreaks(3))).toBeVisible();
  });

  it('says when the stream in the URL is not active any more', async () => {
    stubApi({ 'GET ssai/ds': () => jsonResponse(200, { data: [NEWS], total: 1 }) });
    render(`/live-demo?stream=${SPORT._id}`);
    expect(await screen.findByText(T.unknown)).toBeVisible();
  });

  it('says when there is no active stream, and offers a retry when the list failed', async () => {
    let fail = true;
    stubApi({
      'GET ssai/ds': () =>
        fail
          ? jsonResponse(500, { statusCode: 500, message: 'down' })
          : jsonResponse(200, { data: [], total: 0 }),
    });
    render();
    expect(await screen.findByText(T.failed)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: QUERY_STATE_TEXTS.tryAgain }));
    expect(await screen.findByText(T.none)).toBeVisible();
  });
});
