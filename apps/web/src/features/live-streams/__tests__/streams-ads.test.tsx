import {
  LIVE_STREAM_LABELS as L,
  LIVE_STREAM_DEFAULTS,
  type LiveStream,
  VALIDATION_MESSAGES as M,
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
import { Component as StreamAdsDetail } from '../routes/stream-ads-detail.tsx';
import { Component as StreamsAds } from '../routes/streams-ads.tsx';
import { DATASOURCE_TEXTS, STREAMS_ADS_TEXTS as T } from '../texts.ts';

vi.setConfig({ testTimeout: 30_000 });

const label = RESOURCES.liveStream.label;
const ID = '2b9d6f0e-4c1a-4e8b-9f3d-7a6c5b4e3d21';
const OTHER = '2b9d6f0e-4c1a-4e8b-9f3d-7a6c5b4e3d22';

const stream = (overrides: Partial<LiveStream & ResourceMeta> = {}) => ({
  ...LIVE_STREAM_DEFAULTS,
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 7,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Channel One',
  sourceStreamUrl: 'https://origin.example.com/live/one/',
  bundles: [
    { name: 'Sports', percentage: 60, bundleId: null },
    { name: 'News', percentage: 40, bundleId: null },
  ],
  breakinterval: 10,
  ...overrides,
});

function renderAt(path: string) {
  const view = renderRoutes(
    [
      { path: '/streams-ads', Component: StreamsAds },
      { path: '/streams-ads/:detail', Component: StreamAdsDetail },
      { path: '/streams-live/:detail', element: <p>Configuration</p> },
      { path: '/demand', element: <p>Bundles screen</p> },
    ],
    path,
  );
  return { ...view, ui: userEvent.setup({ delay: null }) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const byLabel = (text: string, root: Pick<typeof screen, 'getByLabelText'> = screen) =>
  root.getByLabelText(new RegExp(`^${escapeRegExp(text)}( \\*)?$`), { selector: 'input, textarea' });
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

describe('/streams-ads', () => {
  it("lists each stream's ad configuration: decision, break interval, pod length, its URL or bundle count", async () => {
    const fetchMock = stubApi({
      'GET ssai/ds': () =>
        jsonResponse(200, {
          data: [
            stream(),
            stream({
              _id: OTHER,
              name: 'Channel Two',
              adDecision: 'external',
              vastUrl: 'https://ads.example.com/vmap.xml',
              adpodLength: 4,
            }),
          ],
          total: 2,
        }),
    });
    renderAt('/streams-ads');
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Channel One' })).toHaveAttribute(
      'href',
      `/streams-ads/${ID}`,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      L.name,
      L.adDecision,
      L.breakinterval,
      L.adpodLength,
      T.demand,
      T.updatedAt,
      KIT_TEXTS.actions,
    ]);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText(DATASOURCE_TEXTS.adDecisionOptions.internal)).toBeInTheDocument();
    expect(within(first!).getByText('10')).toBeInTheDocument();
    expect(within(first!).getByText(T.bundleCount(2))).toBeInTheDocument();
    expect(within(second!).getByText(DATASOURCE_TEXTS.adDecisionOptions.external)).toBeInTheDocument();
    expect(within(second!).getByText('https://ads.example.com/vmap.xml')).toBeInTheDocument();
    expect(within(second!).getByText('4')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', 'ssai/ds')).toHaveLength(1);
  });
});

describe('/streams-ads/{id}', () => {
  it("opens the stream's one page on its Ads tab, and saves the whole datasource with the version", async () => {
    const record = stream();
    const fetchMock = stubApi({
      'GET ssai/slate': () => jsonResponse(200, { data: [], total: 0 }),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, record),
      [`PUT ssai/ds/${ID}`]: (init) => jsonResponse(200, { ...record, ...body(init), version: 8 }),
    });
    const { ui } = renderAt(`/streams-ads/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Channel One' })).toBeInTheDocument();
    // The header, then one row of tabs (the datasource's) opened on Ads: no second row of sections.
    expect(screen.getByRole('link', { name: T.logs })).toHaveAttribute('href', `/streams-live/${ID}/kibana`);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: /^Ads/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(DATASOURCE_TEXTS.bundlesTotal(100))).toBeVisible();

    await ui.clear(byLabel(L.adpodLength));
    await ui.type(byLabel(L.adpodLength), '3');
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)).toHaveLength(1));
    const { _id, customerId, createdAt, updatedAt, updatedBy, version, ...data } = record;
    expect(body(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)[0]![1] as RequestInit)).toEqual({
      ...data,
      adpodLength: 3,
      version: 7,
    });
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.message)).toContain(RESOURCE_TEXTS.updated(label)),
    );
    expect(callsTo(fetchMock, 'POST', `ssai/ds/${ID}`)).toHaveLength(0);
  });

  it('keeps the rules: bundles must total 100 before anything is sent', async () => {
    const fetchMock = stubApi({
      'GET ssai/slate': () => jsonResponse(200, { data: [], total: 0 }),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, stream()),
    });
    const { ui } = renderAt(`/streams-ads/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Channel One' });
    const second = within(screen.getByRole('group', { name: DATASOURCE_TEXTS.row(L.bundleName, 2) }));
    await ui.clear(byLabel(L.percentage, second));
    await ui.type(byLabel(L.percentage, second), '30');
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(await screen.findByText(M.bundlesTotal)).toBeVisible();
    expect(screen.getByText(DATASOURCE_TEXTS.bundlesTotal(90))).toBeVisible();
    expect(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)).toHaveLength(0);
  });

  it("picks one of the account's bundles for an entry (its id and name are saved); an entry without one has no demand", async () => {
    const HOUSE = '5d0c8e1a-7b2f-4c3d-9e8f-0a1b2c3d4e51';
    const fetchMock = stubApi({
      'GET ssai/slate': () => jsonResponse(200, { data: [], total: 0 }),
      'GET ssai/bundle': () =>
        jsonResponse(200, {
          data: [{ ...RESOURCES.bundle.defaults, _id: HOUSE, name: 'House demand' }],
          total: 1,
        }),
      [`GET ssai/ds/${ID}`]: () => jsonResponse(200, stream()),
      [`PUT ssai/ds/${ID}`]: (init) => jsonResponse(200, { ...stream(), ...body(init), version: 8 }),
    });
    const { ui, router } = renderAt(`/streams-ads/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Channel One' });
    const first = within(screen.getByRole('group', { name: DATASOURCE_TEXTS.row(L.bundleName, 1) }));
    const second = within(screen.getByRole('group', { name: DATASOURCE_TEXTS.row(L.bundleName, 2) }));
    // Neither stored entry names a bundle yet: each says its share gets no ads.
    expect(byLabel(DATASOURCE_TEXTS.demandBundle, first)).toHaveAccessibleDescription(
      DATASOURCE_TEXTS.noDemand,
    );
    expect(byLabel(DATASOURCE_TEXTS.demandBundle, second)).toHaveAccessibleDescription(
      DATASOURCE_TEXTS.noDemand,
    );

    await ui.click(byLabel(DATASOURCE_TEXTS.demandBundle, first));
    await ui.click(await screen.findByRole('option', { name: 'House demand' }));
    await waitFor(() => expect(byLabel(L.bundleName, first)).toHaveValue('House demand'));
    expect(byLabel(DATASOURCE_TEXTS.demandBundle, first)).not.toHaveAccessibleDescription(
      DATASOURCE_TEXTS.noDemand,
    );
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)).toHaveLength(1));
    expect(body(callsTo(fetchMock, 'PUT', `ssai/ds/${ID}`)[0]![1] as RequestInit).bundles).toEqual([
      { name: 'House demand', percentage: 60, bundleId: HOUSE },
      { name: 'News', percentage: 40, bundleId: null },
    ]);

    // Bundles are made on their own screen, which the editor links to.
    await ui.click(screen.getByRole('link', { name: DATASOURCE_TEXTS.manageBundles }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demand'));
  });

  it('offers to reload when someone else changed the stream (409)', async () => {
    let version = 7;
    stubApi({
      'GET ssai/slate': () => jsonResponse(200, { data: [], total: 0 }),
      [`GET ssai/ds/${ID}`]: () =>
        jsonResponse(200, stream({ version, breakinterval: version === 7 ? 10 : 15 })),
      [`PUT ssai/ds/${ID}`]: () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: RESOURCE_TEXTS.staleVersion(label),
          currentVersion: 9,
        }),
    });
    const { ui } = renderAt(`/streams-ads/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Channel One' });
    await ui.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    const dialog = await screen.findByRole('dialog', { name: RESOURCE_TEXTS.conflictTitle });
    version = 9;
    await ui.click(within(dialog).getByRole('button', { name: RESOURCE_TEXTS.reload }));
    await waitFor(() => expect(byLabel(L.breakinterval)).toHaveValue('15'));
  });
});
