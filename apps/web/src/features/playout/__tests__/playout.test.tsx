import type { PlayoutChannel, PlayoutChannels } from '@cuepoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { PLAYOUT_REFRESH_MS } from '../api/playout-api.ts';
import { progressOf } from '../components/channel-card.tsx';
import { PLAYOUT_UI_TEXTS as T } from '../texts.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const STREAM = '00000000-0000-4000-8000-0000000000aa';
const AT = '2026-11-24T12:00:30.000Z';

const stopped: PlayoutChannel = {
  _id: ID,
  name: 'Highlights loop',
  customerId: 'c-1',
  customerName: 'Demo Broadcasting',
  mode: 'loop',
  running: false,
  startedAt: null,
  startedBy: null,
  onAir: false,
  now: null,
  next: null,
  liveStreamId: null,
  originUrl: `http://localhost/playout/${ID}/master.m3u8`,
  playbackPath: null,
};
const running: PlayoutChannel = {
  ...stopped,
  running: true,
  onAir: true,
  startedAt: '2026-11-24T12:00:00.000Z',
  startedBy: 'admin@cuepoint.example',
  now: {
    kind: 'item',
    vodId: 'v-1',
    name: 'Match highlights',
    startsAt: '2026-11-24T12:00:00.000Z',
    endsAt: '2026-11-24T12:01:00.000Z',
  },
  next: {
    kind: 'item',
    vodId: 'v-2',
    name: 'Evening news',
    startsAt: '2026-11-24T12:01:00.000Z',
    endsAt: '2026-11-24T12:31:00.000Z',
  },
  liveStreamId: STREAM,
  playbackPath: `/play/live/${STREAM}/master.m3u8`,
};
const list = (...data: PlayoutChannel[]): PlayoutChannels => ({ at: AT, data });

const ROUTES: RouteObject[] = [
  { path: '/playout', handle: { title: 'Playout' }, lazy: () => import('../routes/playout.tsx') },
  { path: '/streamer-addon/:detail', element: <p>Streamer page</p> },
  { path: '/streams-ads/:detail', element: <p>Ads page</p> },
];

const card = async (name = 'Highlights loop') => screen.findByRole('article', { name });

describe('the playout screen', () => {
  it('shows a stopped channel and starts it: running, now playing with progress, next, the playback URL', async () => {
    let state = stopped;
    const fetchMock = stubApi({
      'GET playout/channels': () => jsonResponse(200, list(state)),
      [`POST playout/channels/${ID}/start`]: () => {
        state = running;
        return jsonResponse(200, { at: AT, channel: running });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(ROUTES, '/playout');
    const article = await card();
    expect(screen.getByRole('heading', { level: 1, name: 'Playout' })).toBeInTheDocument();
    expect(within(article).getByText(T.stopped)).toBeInTheDocument();
    expect(within(article).getByText(T.playbackAfterStart)).toBeInTheDocument();
    expect(
      within(article).getByRole('link', { name: T.channelPageNamed('Highlights loop') }),
    ).toHaveAttribute('href', `/streamer-addon/${ID}`);

    await user.click(within(article).getByRole('button', { name: T.startNamed('Highlights loop') }));
    await waitFor(() => expect(within(article).getByText(T.running)).toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/playout/channels/${ID}/start`) && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(within(article).getByText('Match highlights')).toBeInTheDocument();
    expect(
      within(article).getByRole('progressbar', { name: T.progress('Match highlights') }),
    ).toHaveAttribute('aria-valuenow', '50');
    expect(within(article).getByText('Evening news')).toBeInTheDocument();
    const url = `${window.location.origin}/play/live/${STREAM}/master.m3u8`;
    expect(within(article).getByText(url)).toHaveAttribute('dir', 'ltr');
    expect(within(article).getByRole('button', { name: 'Copy playback URL' })).toBeInTheDocument();
    expect(
      within(article).getByRole('link', { name: T.adConfigurationNamed('Highlights loop') }),
    ).toHaveAttribute('href', `/streams-ads/${STREAM}`);
  });

  it('stops only after a confirmation, whose Cancel changes nothing', async () => {
    let state = running;
    const stops: string[] = [];
    stubApi({
      'GET playout/channels': () => jsonResponse(200, list(state)),
      [`POST playout/channels/${ID}/stop`]: () => {
        stops.push(ID);
        state = stopped;
        return jsonResponse(200, { at: AT, channel: stopped });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(ROUTES, '/playout');
    const article = await card();
    await user.click(within(article).getByRole('button', { name: T.stopNamed('Highlights loop') }));
    let dialog = await screen.findByRole('dialog', { name: T.stopTitle('Highlights loop') });
    expect(within(dialog).getByRole('button', { name: T.cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stops).toEqual([]);

    await user.click(within(article).getByRole('button', { name: T.stopNamed('Highlights loop') }));
    dialog = await screen.findByRole('dialog', { name: T.stopTitle('Highlights loop') });
    await user.click(within(dialog).getByRole('button', { name: T.stop }));
    await waitFor(() => expect(within(article).getByText(T.stopped)).toBeInTheDocument());
    expect(stops).toEqual([ID]);
  });

  it('refreshes every few seconds while a channel runs, and not while all are stopped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let next = 'Evening news';
    const fetchMock = stubApi({
      'GET playout/channels': () =>
        jsonResponse(200, list({ ...running, next: { ...running.next!, name: next } })),
    });
    renderRoutes(ROUTES, '/playout');
    const article = await card();
    expect(within(article).getByText('Evening news')).toBeInTheDocument();
    next = 'Nature documentary';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAYOUT_REFRESH_MS);
    });
    await waitFor(() => expect(within(article).getByText('Nature documentary')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not poll a list of stopped channels', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ 'GET playout/channels': () => jsonResponse(200, list(stopped)) });
    renderRoutes(ROUTES, '/playout');
    await card();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAYOUT_REFRESH_MS * 2);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so when there are no channels', async () => {
    stubApi({ 'GET playout/channels': () => jsonResponse(200, list()) });
    renderRoutes(ROUTES, '/playout');
    expect(await screen.findByTestId('playout-empty')).toHaveTextContent(T.empty);
  });

  it('shows a loading line, then an error with Try again that asks again', async () => {
    let fail = true;
    stubApi({
      'GET playout/channels': () =>
        fail
          ? jsonResponse(503, {
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Database unreachable',
            })
          : jsonResponse(200, list(stopped)),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(ROUTES, '/playout');
    expect(await screen.findByRole('status')).toHaveTextContent(T.loading);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Database unreachable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await card()).toBeInTheDocument();
  });
});

describe('progressOf', () => {
  it('is the share of the slot played, within 0 and 100', () => {
    const slot = running.now!;
    expect(progressOf(slot, Date.parse('2026-11-24T12:00:15.000Z'))).toBe(25);
    expect(progressOf(slot, Date.parse('2026-11-24T11:59:00.000Z'))).toBe(0);
    expect(progressOf(slot, Date.parse('2026-11-24T12:05:00.000Z'))).toBe(100);
  });
});
