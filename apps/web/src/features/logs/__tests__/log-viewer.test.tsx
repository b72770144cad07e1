import {
  EVENT_TAIL_INTERVAL_MS,
  EVENT_TOTAL_CAP,
  type EventListResponse,
  RESOURCE_TEXTS,
  type ResourceEvent,
  SHORT_SEARCH_WINDOW,
  type User,
} from '@cuepoint/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, signIn } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { renderRoutes } from '../../../test/render-router.tsx';
import { LOG_TEXTS } from '../texts.ts';

const VOD_ID = '5b6f3a52-2c1e-4d4b-9a53-3f1f9d1c0a01';
const CUSTOMER = '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11';

const makeEvent = (id: number, overrides: Partial<ResourceEvent> = {}): ResourceEvent => ({
  _id: String(id),
  at: new Date(Date.UTC(2025, 2, 10, 11, 0, id)).toISOString(),
  kind: 'vod',
  resourceId: VOD_ID,
  resourceName: 'Big Buck Bunny',
  customerId: CUSTOMER,
  action: 'updated',
  level: 'info',
  message: `Event number ${id}`,
  changes: [],
  actor: 'ada@example.com',
  actingAdmin: null,
  ...overrides,
});

const page = (data: ResourceEvent[], total = data.length, capped = false): EventListResponse => ({
  data,
  total,
  capped,
});

type Answer = (query: URLSearchParams) => Response | Promise<Response>;

/** Stubs fetch for GET /api/events: `list` answers page requests, `tail` the `after` requests. */
function stubEvents({ list, tail, user }: { list: Answer; tail?: Answer; user?: User }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (user && url.pathname === `/api/user/getUser/${user._id}`) return jsonResponse(200, user);
    if (url.pathname !== '/api/events') return jsonResponse(404, { statusCode: 404, message: url.pathname });
    if (url.searchParams.has('after')) return (tail ?? (() => jsonResponse(200, page([]))))(url.searchParams);
    return list(url.searchParams);
  });
  vi.stubGlobal('fetch', fetchMock);
  const queries = (kind: 'list' | 'tail') =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/events')
      .map((url) => url.searchParams)
      .filter((q) => q.has('after') === (kind === 'tail'));
  return { fetchMock, queries };
}

const viewer = () => import('../routes/log-viewer.tsx');
const ROUTES: RouteObject[] = [
  { path: '/streams-vod/kibana', handle: { title: 'VOD Logs' }, lazy: viewer },
  { path: '/streams-vod/:detail/kibana', handle: { title: 'VOD Logs' }, lazy: viewer },
  { path: '/streams-ads/kibana', handle: { title: 'Stream Ads Logs' }, lazy: viewer },
  { path: '/streams-vod', element: <p>VOD list</p> },
  { path: '/streams-vod/:detail', element: <p>VOD detail</p> },
];

function open(path: string) {
  const view = renderRoutes(ROUTES, path);
  const location = () => view.router.state.location.pathname + view.router.state.location.search;
  return { ...view, location };
}

const table = () => screen.findByRole('table', { name: LOG_TEXTS.caption });
const bodyRows = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .filter((r) => r.dataset.eventId);

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  visibility = 'visible';
});

describe('the log viewer of one resource', () => {
  it('asks for that resource’s events and shows time, level, resource, action, message and who', async () => {
    const { queries } = stubEvents({
      list: () =>
        jsonResponse(
          200,
          page([
            makeEvent(2, {
              level: 'warning',
              action: 'updated',
              message: 'VOD asset updated',
              actor: 'bob@example.com',
              actingAdmin: 'root@example.com',
            }),
            makeEvent(1, { action: 'created', message: 'VOD asset created', actor: null }),
          ]),
        ),
    });
    open(`/streams-vod/${VOD_ID}/kibana`);
    const rows = bodyRows(await table());
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('warning').closest('[data-level]')).toHaveAttribute(
      'data-level',
      'warning',
    );
    expect(within(first).getByRole('link', { name: 'Big Buck Bunny' })).toHaveAttribute(
      'href',
      `/streams-vod/${VOD_ID}`,
    );
    expect(first).toHaveTextContent('VOD asset updated');
    expect(within(first).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(first).getByText(LOG_TEXTS.asAdmin('root@example.com'))).toBeInTheDocument();
    expect(within(first).getByRole('time')).toHaveAttribute('datetime', makeEvent(2).at);
    expect(second).toHaveTextContent('created');
    expect(within(second).getByText(LOG_TEXTS.system)).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1, name: 'VOD Logs' })).toBeInTheDocument();
    expect(screen.getByText(LOG_TEXTS.eventsOf('Big Buck Bunny'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LOG_TEXTS.backToResource('Big Buck Bunny') })).toHaveAttribute(
      'href',
      `/streams-vod/${VOD_ID}`,
    );

    const [query] = queries('list');
    expect(query?.get('kind')).toBe('vod');
    expect(query?.get('resourceId')).toBe(VOD_ID);
    expect(query?.get('pageSize')).toBe('50');
    expect(query?.get('page')).toBe('1');
    // The default range (last 7 days) reaches back a week from now.
    const from = Date.parse(query?.get('from') ?? '');
    expect(Date.now() - from).toBeGreaterThanOrEqual(7 * 24 * 3600_000);
    expect(Date.now() - from).toBeLessThan(7 * 24 * 3600_000 + 60_000);
  });

  it('expands a row to the changed fields, from -> to', async () => {
    stubEvents({
      list: () =>
        jsonResponse(
          200,
          page([
            makeEvent(3, {
              changes: [
                { field: 'title', from: 'Old title', to: 'New title' },
                { field: 'cuePoints', from: [10], to: [10, 20] },
                { field: 'description', from: null, to: 'Now described' },
              ],
            }),
            makeEvent(2),
          ]),
        ),
    });
    const user = userEvent.setup({ delay: null });
    open(`/streams-vod/${VOD_ID}/kibana`);
    const rows = bodyRows(await table());
    // Only an event that changed fields can be expanded.
    expect(within(rows[1]!).queryByRole('button', { name: LOG_TEXTS.showChanges })).toBeNull();
    const toggle = within(rows[0]!).getByRole('button', { name: LOG_TEXTS.showChanges });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    const changes = screen.getByRole('list', { name: LOG_TEXTS.changedFields });
    const items = within(changes).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `title: Old title → ${LOG_TEXTS.changedTo} New title`,
      `cuePoints: [10] → ${LOG_TEXTS.changedTo} [10,20]`,
      `description: ${LOG_TEXTS.noValue} → ${LOG_TEXTS.changedTo} Now described`,
    ]);
    const hide = within(rows[0]!).getByRole('button', { name: LOG_TEXTS.hideChanges });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await user.click(hide);
    expect(screen.queryByRole('list', { name: LOG_TEXTS.changedFields })).toBeNull();
  });

  it('says so when the address names no resource, without asking the server', async () => {
    const { fetchMock } = stubEvents({ list: () => jsonResponse(200, page([])) });
    open('/streams-vod/new/kibana');
    expect(await screen.findByText(LOG_TEXTS.invalidResource)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the console routes', () => {
  it('opens the log viewer at /streams-live/{detail}/kibana inside the signed-in layout', async () => {
    const user = makeUser();
    signIn(user);
    const { queries } = stubEvents({
      user,
      list: () => jsonResponse(200, page([makeEvent(1, { kind: 'liveStream', resourceName: 'Channel 7' })])),
    });
    renderApp(`/streams-live/${VOD_ID}/kibana`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Live Stream Logs' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(bodyRows(await table())).toHaveLength(1);
    expect(Object.fromEntries(queries('list')[0]!)).toMatchObject({ kind: 'liveStream', resourceId: VOD_ID });
    expect(screen.getByRole('link', { name: 'Channel 7' })).toHaveAttribute(
      'href',
      `/streams-live/${VOD_ID}`,
    );
  });
});

describe('the log viewer of a kind, and its URL', () => {
  it('sends the view of a shared link: range, level, search, page and page size', async () => {
    const { queries } = stubEvents({ list: () => jsonResponse(200, page([makeEvent(1)], 45)) });
    open('/streams-vod/kibana?range=all&level=error&q=boom&page=2&pageSize=20');
    await table();
    const query = queries('list')[0]!;
    expect(Object.fromEntries(query)).toEqual({
      kind: 'vod',
      level: 'error',
      q: 'boom',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByRole('link', { name: LOG_TEXTS.backToList })).toHaveAttribute('href', '/streams-vod');
    expect(screen.getByLabelText(LOG_TEXTS.search)).toHaveValue('boom');
    expect(screen.getByRole('combobox', { name: LOG_TEXTS.level })).toHaveValue('error');
    expect(screen.getByRole('combobox', { name: LOG_TEXTS.timeRange })).toHaveValue('All time');
    // 45 events in pages of 20: three pages, the second current.
    expect(screen.getByRole('button', { name: LOG_TEXTS.pageItem(3) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LOG_TEXTS.pageItem(2) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('writes the toolbar into the URL (back to page 1) and asks again', async () => {
    const { queries } = stubEvents({ list: () => jsonResponse(200, page([makeEvent(1)], 120)) });
    const user = userEvent.setup({ delay: null });
    const app = open('/streams-vod/kibana?page=2');
    await table();

    await user.click(screen.getByRole('combobox', { name: LOG_TEXTS.level }));
    await user.click(await screen.findByRole('option', { name: 'warning' }));
    await waitFor(() => expect(app.location()).toBe('/streams-vod/kibana?level=warning'));

    await user.type(screen.getByLabelText(LOG_TEXTS.search), 'encoder');
    await waitFor(() => expect(app.location()).toBe('/streams-vod/kibana?level=warning&q=encoder'));
    await waitFor(() => expect(queries('list').at(-1)?.get('q')).toBe('encoder'));
    // The search waited for the typing to pause: one request for the whole word.
    expect(
      queries('list')
        .filter((q) => q.get('q') !== null)
        .map((q) => q.get('q')),
    ).toEqual(['encoder']);

    await user.click(screen.getByRole('combobox', { name: LOG_TEXTS.timeRange }));
    await user.click(await screen.findByRole('option', { name: 'Last hour' }));
    await waitFor(() => expect(app.location()).toBe('/streams-vod/kibana?range=1h&level=warning&q=encoder'));
    const from = Date.parse(queries('list').at(-1)?.get('from') ?? '');
    expect(Math.abs(Date.now() - 3600_000 - from)).toBeLessThan(60_000);

    await user.click(screen.getByRole('button', { name: LOG_TEXTS.pageItem(2) }));
    await waitFor(() =>
      expect(app.location()).toBe('/streams-vod/kibana?range=1h&level=warning&q=encoder&page=2'),
    );
    await waitFor(() => expect(queries('list').at(-1)?.get('page')).toBe('2'));
  });

  it('offers From and To for a custom range and refuses one that ends before it starts', async () => {
    const { queries } = stubEvents({ list: () => jsonResponse(200, page([makeEvent(1)])) });
    const user = userEvent.setup({ delay: null });
    const app = open('/streams-vod/kibana?range=1h');
    await table();
    await user.click(screen.getByRole('combobox', { name: LOG_TEXTS.timeRange }));
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    const fromInput = await screen.findByLabelText(LOG_TEXTS.from);
    const toInput = screen.getByLabelText(LOG_TEXTS.to);
    // Custom starts where the last hour did.
    expect(fromInput).not.toHaveValue('');
    await waitFor(() => expect(app.location()).toMatch(/range=custom&from=/));

    await user.clear(fromInput);
    await user.type(fromInput, '2025-03-02T10:00');
    await user.type(toInput, '2025-03-01T10:00');
    expect(await screen.findByText(LOG_TEXTS.badFromTo)).toBeInTheDocument();
    const badTo = new Date(2025, 2, 1, 10, 0).toISOString();
    await waitFor(() => expect(app.location()).toContain(`to=${encodeURIComponent(badTo)}`));

    await user.clear(toInput);
    await user.type(toInput, '2025-03-03T10:00');
    const goodTo = new Date(2025, 2, 3, 10, 0).toISOString();
    await waitFor(() => expect(queries('list').at(-1)?.get('to')).toBe(goodTo));
    expect(queries('list').at(-1)?.get('from')).toBe(new Date(2025, 2, 2, 10, 0).toISOString());
    expect(screen.queryByText(LOG_TEXTS.badFromTo)).toBeNull();
    // The range that ended before it started was never asked for.
    expect(queries('list').filter((q) => q.get('to') === badTo)).toEqual([]);
    // A range that ends in the past cannot be tailed.
    expect(screen.getByRole('switch', { name: LOG_TEXTS.liveTail })).toBeDisabled();
  });

  it('shows the total with a "+" when the count is capped', async () => {
    stubEvents({ list: () => jsonResponse(200, page([makeEvent(1)], EVENT_TOTAL_CAP, true)) });
    open('/streams-vod/kibana');
    await table();
    expect(screen.getByTestId('events-total')).toHaveTextContent(
      `${EVENT_TOTAL_CAP.toLocaleString('en-US')}+ events`,
    );
  });

  it('shows an exact total when not capped', async () => {
    stubEvents({ list: () => jsonResponse(200, page([makeEvent(1)], 1234)) });
    open('/streams-vod/kibana');
    await table();
    expect(screen.getByTestId('events-total')).toHaveTextContent(/^1,234 events$/);
  });

  it('says when a short search read only the newest events, with matches or without', async () => {
    let matches: ResourceEvent[] = [makeEvent(1)];
    stubEvents({
      list: (q) =>
        jsonResponse(
          200,
          q.get('q') === 'ne'
            ? { ...page(matches), searchedNewest: SHORT_SEARCH_WINDOW }
            : page([makeEvent(2)]),
        ),
    });
    const note = LOG_TEXTS.shortSearch(SHORT_SEARCH_WINDOW.toLocaleString('en-US'));
    expect(note).toBe(
      'Searched the newest 2,000 events only: type three letters or digits in a row to search them all.',
    );
    const first = open('/streams-vod/kibana?q=ne');
    await table();
    expect(screen.getByTestId('short-search-note')).toHaveTextContent(note);
    first.unmount();
    matches = [];
    open('/streams-vod/kibana?q=ne');
    expect(await screen.findByText(LOG_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByTestId('short-search-note')).toHaveTextContent(note);
  });

  it('says nothing of a window when the server read every event', async () => {
    stubEvents({ list: () => jsonResponse(200, page([makeEvent(1)])) });
    open('/streams-vod/kibana?q=ne');
    await table();
    expect(screen.queryByTestId('short-search-note')).toBeNull();
  });

  it('says when there are no events in the time range', async () => {
    stubEvents({ list: () => jsonResponse(200, page([])) });
    open('/streams-vod/kibana');
    expect(await screen.findByText(LOG_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load with a retry that loads again', async () => {
    let calls = 0;
    stubEvents({
      list: () => {
        calls += 1;
        return calls <= 2
          ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Database away' })
          : jsonResponse(200, page([makeEvent(1)]));
      },
    });
    const user = userEvent.setup({ delay: null });
    open('/streams-vod/kibana');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOG_TEXTS.loadFailed);
    expect(alert).toHaveTextContent('Database away');
    await user.click(within(alert).getByRole('button', { name: RESOURCE_TEXTS.retry }));
    expect(bodyRows(await table())).toHaveLength(1);
  });

  it('maps /streams-ads to live streams and links rows within that section', async () => {
    const { queries } = stubEvents({
      list: () => jsonResponse(200, page([makeEvent(1, { kind: 'liveStream', resourceName: 'Channel 7' })])),
    });
    open('/streams-ads/kibana');
    await table();
    expect(queries('list')[0]?.get('kind')).toBe('liveStream');
    expect(screen.getByRole('link', { name: 'Channel 7' })).toHaveAttribute('href', `/streams-ads/${VOD_ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Stream Ads Logs' })).toBeInTheDocument();
  });
});

describe('live tail', () => {
  it('asks for events after the newest one seen, adds them at the top and announces them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let tailAnswers: ResourceEvent[][] = [
      [makeEvent(11, { message: 'Eleventh' }), makeEvent(12, { message: 'Twelfth' })],
    ];
    const { queries } = stubEvents({
      list: () => jsonResponse(200, page([makeEvent(10), makeEvent(9)], 2)),
      tail: () => jsonResponse(200, page(tailAnswers.shift() ?? [])),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open(`/streams-vod/${VOD_ID}/kibana?level=info`);
    await table();
    expect(queries('tail')).toHaveLength(0);

    await user.click(screen.getByRole('switch', { name: LOG_TEXTS.liveTail }));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_TAIL_INTERVAL_MS));
    await waitFor(() => expect(queries('tail')).toHaveLength(1));
    expect(Object.fromEntries(queries('tail')[0]!)).toMatchObject({
      kind: 'vod',
      resourceId: VOD_ID,
      level: 'info',
      after: '10',
    });
    expect(queries('tail')[0]!.has('page')).toBe(false);

    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table')).map((r) => r.dataset.eventId)).toEqual([
        '12',
        '11',
        '10',
        '9',
      ]),
    );
    const rows = bodyRows(screen.getByRole('table'));
    expect(rows[0]).toHaveAttribute('data-fresh', 'true');
    expect(rows[2]).not.toHaveAttribute('data-fresh');
    expect(screen.getByTestId('tail-announcement')).toHaveTextContent(LOG_TEXTS.newEvents(2));
    expect(screen.getByTestId('tail-announcement')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('events-total')).toHaveTextContent(/^4 events$/);

    // The next poll starts after the newest event the tail brought.
    tailAnswers = [[makeEvent(13)]];
    await act(() => vi.advanceTimersByTimeAsync(EVENT_TAIL_INTERVAL_MS));
    await waitFor(() => expect(queries('tail')).toHaveLength(2));
    expect(queries('tail')[1]!.get('after')).toBe('12');
    await waitFor(() =>
      expect(screen.getByTestId('tail-announcement')).toHaveTextContent(LOG_TEXTS.newEvents(1)),
    );
    expect(bodyRows(screen.getByRole('table'))[0]).toHaveAttribute('data-event-id', '13');
  });

  it('pauses while the tab is hidden and stops when switched off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queries } = stubEvents({ list: () => jsonResponse(200, page([makeEvent(5)])) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open('/streams-vod/kibana');
    await table();
    const tail = screen.getByRole('switch', { name: LOG_TEXTS.liveTail });
    await user.click(tail);
    await act(() => vi.advanceTimersByTimeAsync(EVENT_TAIL_INTERVAL_MS));
    await waitFor(() => expect(queries('tail')).toHaveLength(1));

    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_TAIL_INTERVAL_MS * 3));
    expect(queries('tail')).toHaveLength(1);

    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_TAIL_INTERVAL_MS));
    await waitFor(() => expect(queries('tail')).toHaveLength(2));

    await user.click(tail);
    await act(() => vi.advanceTimersByTimeAsync(EVENT_TAIL_INTERVAL_MS * 3));
    expect(queries('tail')).toHaveLength(2);
  });

  it('goes back to the first page when switched on from a later page', async () => {
    stubEvents({ list: () => jsonResponse(200, page([makeEvent(5)], 200)) });
    const user = userEvent.setup({ delay: null });
    const app = open('/streams-vod/kibana?page=3');
    await table();
    await user.click(screen.getByRole('switch', { name: LOG_TEXTS.liveTail }));
    await waitFor(() => expect(app.location()).toBe('/streams-vod/kibana'));
    expect(screen.getByRole('switch', { name: LOG_TEXTS.liveTail })).toBeChecked();
  });
});
