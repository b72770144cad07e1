/**
 * The playback panel: the timeline of breaks from GET /playback/breaks, a break chosen by a
 * click (kept in the URL), its diagnostics naming why viewers got slate, loading, empty and
 * error states, and the preview's Play button.
 */
import type { BreakDetail, BreakSummary } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { QUERY_STATE_TEXTS } from '../../query-state.tsx';
import { PlaybackPanel } from '../playback-panel.tsx';
import { PLAYBACK_PANEL_TEXTS as T } from '../texts.ts';

const ID = '11111111-1111-4111-8111-111111111111';
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

const slateBreak: BreakSummary = {
  availId: 'break-2',
  at: at(5),
  availSeconds: 30,
  viewers: 3,
  filled: 1,
  partial: 0,
  slate: 2,
  content: 0,
  adSeconds: 10,
  errors: 1,
  topReason: 'empty',
};
const fullBreak: BreakSummary = {
  ...slateBreak,
  availId: 'break-1',
  at: at(65),
  filled: 3,
  slate: 0,
  errors: 0,
  topReason: null,
};

const detail: BreakDetail = {
  summary: slateBreak,
  decisions: [
    {
      at: slateBreak.at,
      sessionId: 'viewer-a',
      requestUrl: 'https://ads.example/vast?dur=30',
      latencyMs: 42,
      availSeconds: 30,
      adSeconds: 0,
      outcome: 'slate',
      reason: 'empty',
      candidates: [],
      notes: ['the ad server answered no ads'],
    },
    {
      at: slateBreak.at,
      sessionId: 'viewer-b',
      requestUrl: 'https://ads.example/vast?dur=30&sid=viewer-b',
      latencyMs: 38,
      availSeconds: 30,
      adSeconds: 30,
      outcome: 'filled',
      reason: null,
      candidates: [
        { id: 'ad-1', title: 'Spring sale', duration: 30, chosen: true, reason: null, detail: null },
        {
          id: 'ad-2',
          title: null,
          duration: 15,
          chosen: false,
          reason: 'duration',
          detail: '15s does not fit the 30s avail after 30s of ads',
        },
      ],
      notes: [],
    },
  ],
  beacons: [{ event: 'impression', sent: 1, failed: 0 }],
};

const render = () =>
  renderRoutes(
    [
      {
        path: '/streams-live/:detail',
        element: (
          <PlaybackPanel
            kind="liveStream"
            resourceId={ID}
            name="News 24"
            playbackUrl="http://play.test/x.m3u8"
          />
        ),
      },
    ],
    `/streams-live/${ID}`,
  );

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PlaybackPanel', () => {
  it('shows the breaks, and a chosen break’s reason, request, candidates and beacons', async () => {
    const fetchMock = stubApi({
      'GET playback/breaks': () => jsonResponse(200, { data: [slateBreak, fullBreak] }),
      'GET playback/breaks/break-2': () => jsonResponse(200, detail),
    });
    const { router } = render();
    const timeline = await screen.findByRole('group', { name: T.timelineLabel });
    const marks = within(timeline).getAllByRole('button');
    expect(marks).toHaveLength(2);
    expect(marks[0]).toHaveAccessibleName(expect.stringMatching(/^Ad break at .*: 3 viewers, Slate$/));
    expect(screen.getByRole('cell', { name: 'The ad server answered no ads' })).toBeInTheDocument();
    const [url] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(new RegExp(`playback/breaks\\?kind=liveStream&resourceId=${ID}&from=`));

    await userEvent.click(marks[0]!);
    expect(router.state.location.search).toBe('?break=break-2');
    const details = await screen.findByRole('region', { name: T.breakDetails });
    expect(
      await within(details).findByText('2 of 3 viewers got slate: The ad server answered no ads.'),
    ).toBeVisible();
    expect(within(details).getByText('https://ads.example/vast?dur=30')).toBeVisible();
    expect(within(details).getByRole('cell', { name: 'impression' })).toBeInTheDocument();
    // The second viewer's decision: its candidates and why the second ad was left out.
    await userEvent.click(within(details).getByRole('button', { name: /Session viewer-b/ }));
    // (The item opens with a transition.)
    await waitFor(() => expect(within(details).getByText('Spring sale', { exact: false })).toBeVisible());
    expect(within(details).getByText('Skipped: Does not fit the break')).toBeVisible();
    expect(within(details).getByText('15s does not fit the 30s avail after 30s of ads')).toBeVisible();

    await userEvent.click(within(details).getByRole('button', { name: T.closeDetails }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('region', { name: T.breakDetails })).not.toBeInTheDocument();
  });

  it('says when there are no breaks yet, and offers a retry when they could not be loaded', async () => {
    let fail = true;
    stubApi({
      'GET playback/breaks': () =>
        fail ? jsonResponse(500, { statusCode: 500, message: 'down' }) : jsonResponse(200, { data: [] }),
    });
    render();
    expect(await screen.findByText(T.breaksFailed)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: QUERY_STATE_TEXTS.tryAgain }));
    expect(await screen.findByText(T.noBreaks(3))).toBeVisible();
  });

  it('opens a break from the URL, and offers the preview without loading a player first', async () => {
    stubApi({
      'GET playback/breaks': () => jsonResponse(200, { data: [slateBreak] }),
      'GET playback/breaks/break-2': () => jsonResponse(200, detail),
    });
    renderRoutes(
      [
        {
          path: '/streams-live/:detail',
          element: (
            <PlaybackPanel
              kind="liveStream"
              resourceId={ID}
              name="News 24"
              playbackUrl="http://play.test/x.m3u8"
            />
          ),
        },
      ],
      `/streams-live/${ID}?break=break-2`,
    );
    expect(await screen.findByText('2 of 3 viewers got slate: The ad server answered no ads.')).toBeVisible();
    expect(screen.getByRole('button', { name: T.play })).toBeEnabled();
    expect(screen.getByLabelText(T.previewLabel('News 24'))).toHaveAttribute('data-state', 'idle');
    await waitFor(() => expect(screen.getAllByRole('button', { pressed: true }).length).toBeGreaterThan(0));
  });
});
