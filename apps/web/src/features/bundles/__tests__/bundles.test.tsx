import {
  BUNDLE_DEFAULTS,
  DEMAND_SOURCE_LABELS,
  BUNDLE_LABELS as L,
  VALIDATION_MESSAGES as M,
  POD_DEFAULTS,
  RESOURCE_TEXTS,
  RESOURCES,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../app/screens.ts';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { renderRoutes } from '../../../test/render-router.tsx';
import { BUNDLE_SCREEN_TEXTS as T } from '../texts.ts';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const TITLE = SCREENS.find((screen) => screen.path === '/demand')!.title;
const ID = '9c1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e54';
const POD = '9c1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e70';
const CAMPAIGN = '9c1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e71';
const meta = (id: string) => ({
  _id: id,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 5,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
});
const bundle = (overrides: Partial<ResourceDto<'bundle'>> = {}): ResourceDto<'bundle'> => ({
  ...BUNDLE_DEFAULTS,
  ...meta(ID),
  name: 'House demand',
  ...overrides,
});
const answer = (data: unknown[]) => () => jsonResponse(200, { data, total: data.length });
/** The account's pod templates and campaigns the form offers. */
const PICKERS = {
  'GET ssai/pod': answer([{ ...POD_DEFAULTS, ...meta(POD), name: 'Standard pod' }]),
  'GET ssai/campaign': answer([{ ...RESOURCES.campaign.defaults, ...meta(CAMPAIGN), name: 'Summer drinks' }]),
};

const ROUTES: RouteObject[] = [
  { path: '/demand', handle: { title: TITLE }, lazy: () => import('../routes/bundles.tsx') },
  { path: '/demand/:detail', handle: { title: 'Bundle' }, lazy: () => import('../routes/bundle-detail.tsx') },
];
function open(path = '/demand') {
  const view = renderRoutes(ROUTES, path);
  return { ...view, pathname: () => view.router.state.location.pathname };
}

const createPage = () => screen.findByRole('heading', { level: 1, name: T.newBundle });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);
type Root = Pick<typeof screen, 'getByLabelText'>;
const field = (label: string, root: Root = screen) =>
  root.getByLabelText(labelled(label), { selector: 'input, textarea' });
const source = (position: number) => within(screen.getByRole('group', { name: T.source(position) }));
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const writes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

describe('/demand', () => {
  it('is a built screen of the console: the bundles with their split and pod template', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      ...PICKERS,
      'GET ssai/bundle': answer([
        bundle({
          podId: POD,
          sources: [
            { type: 'campaigns', percentage: 70, campaignIds: [], url: '' },
            { type: 'vast', percentage: 30, campaignIds: [], url: 'https://ads.example.com/vast' },
          ],
        }),
      ]),
    });
    renderApp('/demand');
    expect(
      await screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      L.name,
      L.sources,
      L.podId,
      L.status,
      T.updatedAt,
      KIT_TEXTS.actions,
    ]);
    const row = await screen.findByRole('row', { name: 'House demand' });
    expect(
      within(row).getByText(
        `${T.share(DEMAND_SOURCE_LABELS.campaigns, 70)}, ${T.share(DEMAND_SOURCE_LABELS.vast, 30)}`,
      ),
    ).toBeInTheDocument();
    expect(await within(row).findByText('Standard pod')).toBeInTheDocument();
  });

  it('keeps a running total of the sources and says core’s messages: the 100% rule, an exchange’s playlist', async () => {
    const fetchMock = stubApi(PICKERS);
    open('/demand/new');
    await createPage();
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.name), 'Split');
    expect(screen.getByTestId('sources-total')).toHaveTextContent(T.total(100));

    // The first source keeps 60%; the new one is offered what is left.
    await user.clear(field(L.percentage, source(1)));
    await user.type(field(L.percentage, source(1)), '60');
    await user.tab();
    expect(await screen.findByText(M.bundlesTotal)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: L.sources })).toHaveAccessibleDescription(
      expect.stringContaining(M.bundlesTotal),
    );
    await user.click(screen.getByRole('button', { name: T.addSource }));
    expect(field(L.type, source(2))).toHaveFocus();
    expect(field(L.percentage, source(2))).toHaveValue('40');
    expect(screen.getByTestId('sources-total')).toHaveTextContent(T.total(100));
    await waitFor(() => expect(screen.queryByText(M.bundlesTotal)).not.toBeInTheDocument());

    // An exchange takes a tag URL instead of campaigns; a playlist is not an exchange.
    await user.click(field(L.type, source(2)));
    await user.click(await screen.findByRole('option', { name: DEMAND_SOURCE_LABELS.exchange }));
    expect(source(2).queryByLabelText(labelled(L.campaignIds))).not.toBeInTheDocument();
    await user.type(field(L.url, source(2)), 'https://exchange.example.com/playlist.m3u8');
    await user.tab();
    await waitFor(() =>
      expect(field(L.url, source(2))).toHaveAccessibleDescription(
        expect.stringContaining(M.playlistNotValid),
      ),
    );

    // Removing it brings the total and the rule back at once.
    await user.click(screen.getByRole('button', { name: T.removeSource(2) }));
    expect(screen.getByTestId('sources-total')).toHaveTextContent(T.total(60));
    expect(screen.getByRole('button', { name: T.addSource })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(await screen.findByText(M.bundlesTotal)).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('creates a bundle: its pod template, chosen campaigns and a VAST tag, POSTed as the form holds them', async () => {
    const toasts = spyToasts();
    let posted: Record<string, unknown> | undefined;
    stubApi({
      ...PICKERS,
      'GET ssai/bundle': answer([]),
      'POST ssai/bundle': (init) => {
        posted = JSON.parse(String(init.body));
        return jsonResponse(201, bundle({ version: 1 }));
      },
      [`GET ssai/bundle/${ID}`]: () => jsonResponse(200, bundle()),
    });
    const view = open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: T.newBundle }));
    await createPage();
    await user.type(field(L.name), 'House demand');
    await user.click(field(L.podId));
    await user.click(await screen.findByRole('option', { name: 'Standard pod' }));
    // The first source: campaigns, none chosen means every active one; here one is chosen.
    expect(field(L.campaignIds, source(1))).toHaveAccessibleDescription(T.campaignsHint);
    await user.click(field(L.campaignIds, source(1)));
    await user.click(await screen.findByRole('option', { name: 'Summer drinks' }));
    await user.clear(field(L.percentage, source(1)));
    await user.type(field(L.percentage, source(1)), '75');
    await user.click(screen.getByRole('button', { name: T.addSource }));
    await user.click(field(L.type, source(2)));
    await user.click(await screen.findByRole('option', { name: DEMAND_SOURCE_LABELS.vast }));
    // '[[' types one '[' (user-event's key syntax).
    await user.type(field(L.url, source(2)), 'https://ads.example.com/vast?cb=[[CACHEBUSTING]');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/demand/${ID}`));
    expect(posted).toEqual({
      ...BUNDLE_DEFAULTS,
      name: 'House demand',
      podId: POD,
      sources: [
        { type: 'campaigns', percentage: 75, campaignIds: [CAMPAIGN], url: '' },
        {
          type: 'vast',
          percentage: 25,
          campaignIds: [],
          url: 'https://ads.example.com/vast?cb=[CACHEBUSTING]',
        },
      ],
    });
    expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
      RESOURCE_TEXTS.created(RESOURCES.bundle.label),
    ]);
  });

  it('edits on its page: a type change keeps only that type’s field; PUT with the version', async () => {
    let put: Record<string, unknown> | undefined;
    spyToasts();
    const stored = bundle({
      podId: POD,
      sources: [{ type: 'campaigns', percentage: 100, campaignIds: [CAMPAIGN], url: '' }],
    });
    stubApi({
      ...PICKERS,
      [`GET ssai/bundle/${ID}`]: () => jsonResponse(200, stored),
      [`PUT ssai/bundle/${ID}`]: (init) => {
        put = JSON.parse(String(init.body));
        return jsonResponse(200, bundle({ version: 6 }));
      },
    });
    open(`/demand/${ID}`);
    expect(await screen.findByDisplayValue('House demand')).toBeInTheDocument();
    expect(await source(1).findByText('Summer drinks')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(field(L.type, source(1)));
    await user.click(await screen.findByRole('option', { name: DEMAND_SOURCE_LABELS.vmap }));
    await user.type(field(L.url, source(1)), 'https://ads.example.com/vmap');
    // The pod template is optional: choosing the chosen one again leaves none.
    await user.click(field(L.podId));
    await user.click(await screen.findByRole('option', { name: 'Standard pod' }));
    await waitFor(() => expect(field(L.podId)).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(put).toBeDefined());
    const { _id, customerId, createdAt, updatedAt, updatedBy, version, ...data } = stored;
    expect(put).toEqual({
      ...data,
      podId: null,
      sources: [{ type: 'vmap', percentage: 100, campaignIds: [], url: 'https://ads.example.com/vmap' }],
      version: 5,
    });
  });

  it('deletes from the row’s menu after confirming', async () => {
    const toasts = spyToasts();
    const fetchMock = stubApi({
      ...PICKERS,
      'GET ssai/bundle': answer([bundle()]),
      [`DELETE ssai/bundle/${ID}`]: () => jsonResponse(200, { _id: ID }),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('House demand') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle(RESOURCES.bundle.label, 'House demand'),
    });
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
        RESOURCE_TEXTS.deleted(RESOURCES.bundle.label),
      ]),
    );
    expect(writes(fetchMock).map(([, init]) => init?.method)).toEqual(['DELETE']);
  });
});
