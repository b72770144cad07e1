import {
  LIVE_STREAM_LABELS as L,
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_TABS,
  type LiveStream,
  liveStreamSchema,
  VALIDATION_MESSAGES as M,
  RESOURCE_STATUS_LABELS,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceMeta,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { livePlaybackUrls } from '../components/live-stream-page.tsx';
import { Component as LiveStreamDetail } from '../routes/live-stream-detail.tsx';
import { Component as LiveStreams } from '../routes/streams-live.tsx';
import { DATASOURCE_TEXTS, STREAMS_LIVE_TEXTS as T } from '../texts.ts';

vi.setConfig({ testTimeout: 30_000 });

const label = RESOURCES.liveStream.label;
const ID = '2b9d6f0e-4c1a-4e8b-9f3d-7a6c5b4e3d21';
const SLATE_ID = '6f1f7a44-2a0b-4c55-8d1e-0d6a4f3b9c01';

const meta = (overrides: Partial<ResourceMeta> = {}): ResourceMeta => ({
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 4,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  ...overrides,
});
const stream = (overrides: Partial<LiveStream & ResourceMeta> = {}) => ({
  ...LIVE_STREAM_DEFAULTS,
  ...meta(),
  name: 'Channel One',
  sourceStreamUrl: 'https://origin.example.com/live/one/',
  slateId: SLATE_ID,
  ...overrides,
});
const SLATES = {
  data: [
    { _id: SLATE_ID, name: 'Be right back' },
    { _id: '6f1f7a44-2a0b-4c55-8d1e-0d6a4f3b9c02', name: 'Technical difficulties' },
  ],
  total: 2,
};

function renderAt(path: string) {
  const view = renderRoutes(
    [
      { path: '/streams-live', Component: LiveStreams },
      { path: '/streams-live/kibana', element: <p>All stream logs</p> },
      { path: '/streams-live/:detail', Component: LiveStreamDetail },
      { path: '/streams-live/:detail/kibana', element: <p>Stream logs</p> },
      { path: '/streams-ads/:detail', element: <p>Stream ads</p> },
    ],
    path,
  );
  return {
    ...view,
    pathname: () => view.router.state.location.pathname,
    ui: userEvent.setup({ delay: null }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const byLabel = (text: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(text)}( \\*)?$`), { selector: 'input, textarea' });
const tab = (id: string) =>
  screen.getByRole('tab', {
    name: new RegExp(`^${escapeRegExp(LIVE_STREAM_TABS.find((t) => t.id === id)!.label)}`),
  });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const callsTo = (fetchMock: { mock: { calls: unknown[][] } }, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      ((init as RequestInit | undefined)?.method ?? 'GET') === method &&
      new URL(String(url), 'http://localhost').pathname === `/api/${path}`,
  );

let toasts: MockInstance<typeof notifications.show>;
beforeEach(() => {
  signIn();
  toasts = vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});
afterEach(() => toasts.mockRestore());
const toastMessages = () => toasts.mock.calls.map(([toast]) => toast.message);

describe('/streams-live', () => {
  it('lists the streams with their columns, links to each, to a new one and to the logs', async () => {
    const fetchMock = stubApi({
      'GET ssai/ds': () =>
        jsonResponse(200, {
          data: [stream({ adDecision: 'external', vastUrl: 'https://ads.example.com/' })],
          total: 1,
        }),
    });
    renderAt('/streams-live');
    expect(screen.getByRole('heading', { level: 1, name: RESOURCES.liveStream.plural })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Channel One' })).toHaveAttribute(
      'href',
      `/streams-live/${ID}`,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    // The last column holds each row's action menu (named for screen readers only).
    expect(headers).toEqual([
      L.name,
      L.sourceStreamUrl,
      L.formatType,
      L.adDecision,
      L.status,
      T.updatedAt,
      KIT_TEXTS.actions,
    ]);
    const row = within(screen.getAllByRole('row')[1]!);
    expect(row.getByText('https://origin.example.com/live/one/')).toBeInTheDocument();
    expect(row.getByText(DATASOURCE_TEXTS.adDecisionOptions.external)).toBeInTheDocument();
    expect(row.getByText(DATASOURCE_TEXTS.statusOptions.active)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.newStream })).toHaveAttribute('href', '/streams-live/new');
    expect(screen.getByRole('link', { name: T.logs })).toHaveAttribute('href', '/streams-live/kibana');
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').search).toBe(
      '?page=1&pageSize=10&sort=updatedAt&order=desc',
    );
  });

  it('filters in the drawer with the labels of core', async () => {
    stubApi({ 'GET ssai/ds': () => jsonResponse(200, { data: [], total: 0 }) });
    const { ui, router } = renderAt('/streams-live');
    await ui.click(screen.getByRole('button', { name: RESOURCE_TEXTS.filters }));
    const drawer = await screen.findByRole('dialog', { name: RESOURCE_TEXTS.filters });
    for (const name of [L.status, L.formatType, L.adDecision, L.inRedundancy]) {
      expect(within(drawer).getByRole('combobox', { name })).toBeInTheDocument();
    }
    await ui.click(within(drawer).getByRole('combobox', { name: L.adDecision }));
    await ui.click(await screen.findByRole('option', { name: DATASOURCE_TEXTS.adDecisionOptions.external }));
    await waitFor(() => expect(router.state.location.search).toBe('?adDecision=external'));
  });
});

describe('/streams-live/new', () => {
  it('creates a stream from the known defaults, then opens it', async () => {
    const created = stream({ _id: ID, version: 1, slateId: null });
    const fetchMock = stubApi({
      'GET ssai/slate': () => jsonResponse(200, SLATES),
      'POST ssai/ds': () => jsonResponse(201, created),
    });
    const { ui, pathname } = renderAt('/streams-live/new');
    expect(screen.getByRole('heading', { level: 1, name: T.newStream })).toBeInTheDocument();
    expect(byLabel(L.formatType)).toHaveValue('HLS');
    await ui.type(byLabel(L.name), 'Channel One');
    await ui.type(byLabel(L.sourceStreamUrl), 'https://origin.example.com/live/one/');
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));

    await waitFor(() => expect(pathname()).toBe(`/streams-live/${ID}`));
    const [post] = callsTo(fetchMock, 'POST', 'ssai/ds');
    expect(body(post![1] as RequestInit)).toEqual(
      JSON.parse(
        JSON.stringify(
          liveStreamSchema.parse({
            ...LIVE_STREAM_DEFAULTS,
            name: 'Channel One',
            sourceStreamUrl: 'https://origin.example.com/live/one/',
          }),
        ),
      ),
    );
    expect(toastMessages()).toContain(RESOURCE_TEXTS.created(label));
    expect(await screen.findByRole('heading', { level: 1, name: 'Channel One' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `ssai/ds/${ID}`)).toHaveLength(0);
    const slateCall = callsTo(fetchMock, 'GET', 'ssai/slate')[0]!;
    expect(new URL(String(slateCall[0]), 'http://localhost').searchParams.get('pageSize')).toBe('All');
  });

  it('does not send a form that breaks a rule: the first failing tab opens', async () => {
    const fetchMock = stubApi({ 'GET ssai/slate': () => jsonResponse(200, SLATES) });
    const { ui } = renderAt('/streams-live/new');
    await ui.type(byLabel(L.name), 'Channel One');
    await ui.type(byLabel(L.sourceStreamUrl), 'https://origin.example.com/live/one');
    await ui.click(tab('scaling'));
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(tab('general')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByText(M.invalidStreamUrl)).toBeVisible();
    expect(callsTo(fetchMock, 'POST', 'ssai/ds')).toHaveLength(0);
  });
});

describe('/streams-live/{id}', () => {
  it('shows where an active stream plays, and no playback URL for an inactive one', () => {
    expect(livePlaybackUrls(stream())).toEqual([`${window.location.origin}/play/live/${ID}/master.m3u8`]);
    expect(livePlaybackUrls(stream({ status: 'inactive' }))).toEqual([]);
  });

  it('says why an inactive stream has no playback URL', async () => {
    stubApi({
      'GET ssai/slate': () => jsonResponse(200, SLATES),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, stream({ status: 'inactive' })),
    });
    renderAt(`/streams-live/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Channel One' })).toBeInTheDocument();
    const header = within(document.querySelector<HTMLElement>('[data-detail-header]')!);
    expect(header.getByText(KIT_TEXTS.playbackInactive)).toBeInTheDocument();
    expect(header.queryByText(/\/play\/live\//)).toBeNull();
  });

  it('edits the datasource and saves it whole with the version it was read at', async () => {
    const record = stream();
    const fetchMock = stubApi({
      'GET ssai/slate': () => jsonResponse(200, SLATES),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, record),
      [`PUT ssai/ds/${ID}`]: (init) => jsonResponse(200, { ...record, ...body(init), version: 5 }),
    });
    const { ui } = renderAt(`/streams-live/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Channel One' })).toBeInTheDocument();
    // The header: type, status, playback slot, source with its copy button, last change, Logs.
    const header = within(document.querySelector<HTMLElement>('[data-detail-header]')!);
    expect(header.getByText(label)).toBeInTheDocument();
    expect(header.getByText(RESOURCE_STATUS_LABELS.active)).toBeInTheDocument();
    // Where it plays: the data plane's multivariant playlist, with a copy button.
    expect(header.getByText(`${window.location.origin}/play/live/${ID}/master.m3u8`)).toHaveAttribute(
      'dir',
      'ltr',
    );
    expect(header.getByRole('button', { name: KIT_TEXTS.copy(KIT_TEXTS.playbackUrl) })).toBeInTheDocument();
    expect(header.getByText('https://origin.example.com/live/one/')).toHaveAttribute('dir', 'ltr');
    expect(header.getByRole('button', { name: KIT_TEXTS.copy(L.sourceStreamUrl) })).toBeInTheDocument();
    expect(header.getByText('ada@example.com')).toHaveAttribute('dir', 'ltr');
    expect(header.getByRole('link', { name: T.logs })).toHaveAttribute('href', `/streams-live/${ID}/kibana`);
    // One row of tabs: the datasource's, opened on its first; no second row of sections.
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(tab('general')).toHaveAttribute('aria-selected', 'true');
    expect(byLabel(L.sourceStreamUrl)).toHaveValue('https://origin.example.com/live/one/');
    await ui.click(tab('advanced'));
    await waitFor(() => expect(byLabel(L.slateId)).toHaveValue('Be right back'));

    await ui.click(tab('ads'));
    await ui.clear(byLabel(L.breakinterval));
    await ui.type(byLabel(L.breakinterval), '10');
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)[0]!;
    const { _id, customerId, createdAt, updatedAt, updatedBy, version, ...data } = record;
    expect(body(init as RequestInit)).toEqual({ ...data, breakinterval: 10, version: 4 });
    await waitFor(() => expect(toastMessages()).toContain(RESOURCE_TEXTS.updated(label)));

    // The next save names the version the last one answered.
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)).toHaveLength(2));
    expect(body(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)[1]![1] as RequestInit).version).toBe(5);
  });

  it("shows the server's field messages under their fields, on their tab", async () => {
    stubApi({
      'GET ssai/slate': () => jsonResponse(200, SLATES),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, stream()),
      [`PUT ssai/ds/${ID}`]: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request',
          fields: [{ field: 'akamaiToken', message: M.invalidAkamaiToken }],
        }),
    });
    const { ui } = renderAt(`/streams-live/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Channel One' });
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(tab('security')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByText(M.invalidAkamaiToken)).toBeVisible();
    expect(byLabel(L.akamaiToken)).toHaveAccessibleDescription(expect.stringContaining(M.invalidAkamaiToken));
  });

  it('deletes the stream from the More menu behind a confirmation naming it, and goes back to the list', async () => {
    const fetchMock = stubApi({
      'GET ssai/slate': () => jsonResponse(200, SLATES),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, stream()),
      [`DELETE ssai/ds/${ID}`]: () => jsonResponse(200, { _id: ID }),
      'GET ssai/ds': () => jsonResponse(200, { data: [], total: 0 }),
    });
    const { ui, pathname } = renderAt(`/streams-live/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Channel One' });
    expect(screen.queryByRole('button', { name: KIT_TEXTS.delete })).toBeNull();
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.moreNamed('Channel One') }));
    await ui.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle(label, 'Channel One'),
    });
    expect(within(dialog).getByText(RESOURCE_TEXTS.deleteConfirm(label, 'Channel One'))).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(pathname()).toBe('/streams-live'));
    expect(callsTo(fetchMock, 'DELETE', `ssai/ds/${ID}`)).toHaveLength(1);
    expect(toastMessages()).toContain(RESOURCE_TEXTS.deleted(label));
  });

  it('answers "not found" for an unknown stream, and for a path that is no id without asking', async () => {
    const fetchMock = stubApi({
      [`GET ssai/ds/${ID}`]: () =>
        jsonResponse(404, { statusCode: 404, error: 'Not Found', message: RESOURCE_TEXTS.notFound(label) }),
    });
    renderAt(`/streams-live/${ID}`);
    expect(await screen.findByText(RESOURCE_TEXTS.notFound(label))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: KIT_TEXTS.cancel })).toHaveAttribute('href', '/streams-live');

    fetchMock.mockClear();
    renderAt('/streams-live/not-an-id');
    expect(await screen.findAllByText(RESOURCE_TEXTS.notFound(label))).not.toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
