import {
  BREAK_POSITION_LABELS,
  PLACEMENT_LABELS as L,
  LIVE_STREAM_DEFAULTS,
  PLACEMENT_DEFAULTS,
  PLACEMENT_TEXTS,
  RESOURCE_TEXTS,
  RESOURCES,
  VOD_DEFAULTS,
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
import { PLACEMENT_SCREEN_TEXTS as T } from '../texts.ts';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const TITLE = SCREENS.find((screen) => screen.path === '/placements')!.title;
const ID = '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e52';
const STREAM = '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e60';
const VOD = '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e61';
const meta = (id: string) => ({
  _id: id,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 3,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
});
const placement = (overrides: Partial<ResourceDto<'placement'>> = {}): ResourceDto<'placement'> => ({
  ...PLACEMENT_DEFAULTS,
  ...meta(ID),
  name: 'All streams',
  ...overrides,
});
const answer = (data: unknown[]) => () => jsonResponse(200, { data, total: data.length });
/** The account's streams and assets the pickers offer. */
const PICKERS = {
  'GET ssai/ds': answer([{ ...LIVE_STREAM_DEFAULTS, ...meta(STREAM), name: 'Sports 1' }]),
  'GET ssai/vod': answer([{ ...VOD_DEFAULTS, ...meta(VOD), name: 'Match highlights' }]),
};

const ROUTES: RouteObject[] = [
  { path: '/placements', handle: { title: TITLE }, lazy: () => import('../routes/placements.tsx') },
  {
    path: '/placements/:detail',
    handle: { title: 'Placement' },
    lazy: () => import('../routes/placement-detail.tsx'),
  },
];
function open(path = '/placements') {
  const view = renderRoutes(ROUTES, path);
  return { ...view, pathname: () => view.router.state.location.pathname };
}

const createPage = () => screen.findByRole('heading', { level: 1, name: T.newPlacement });
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const writes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

describe('/placements', () => {
  it('is a built screen of the console: the list of placements, where each runs', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/placement': answer([
        placement(),
        placement({
          _id: '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e53',
          name: 'Sports pre-roll',
          liveStreamIds: [STREAM],
          positions: ['pre'],
          maxAdDuration: 30,
        }),
      ]),
    });
    renderApp('/placements');
    expect(
      await screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      L.name,
      T.coverage,
      L.positions,
      L.maxAdDuration,
      L.maxPodDuration,
      L.status,
      T.updatedAt,
      KIT_TEXTS.actions,
    ]);
    const all = await screen.findByRole('row', { name: 'All streams' });
    expect(within(all).getByText(T.everywhere)).toBeInTheDocument();
    expect(within(all).getByText('Pre-roll, Mid-roll, Post-roll')).toBeInTheDocument();
    const sports = screen.getByRole('row', { name: 'Sports pre-roll' });
    expect(within(sports).getByText(T.counts(1, 0))).toBeInTheDocument();
    expect(within(sports).getByText(BREAK_POSITION_LABELS.pre)).toBeInTheDocument();
    expect(within(sports).getByText(T.secondsValue(30))).toBeInTheDocument();
  });

  it('says that no stream chosen means every one, and checks positions and durations with core’s words', async () => {
    const fetchMock = stubApi(PICKERS);
    open('/placements/new');
    await createPage();
    expect(screen.getByRole('group', { name: T.where })).toHaveAccessibleDescription(T.whereHint);
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.name), 'Short breaks');
    for (const position of Object.values(BREAK_POSITION_LABELS)) {
      await user.click(screen.getByRole('checkbox', { name: position }));
    }
    await user.clear(field(L.maxAdDuration));
    await user.type(field(L.maxAdDuration), '200');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(await screen.findByText(PLACEMENT_TEXTS.positionsRequired)).toBeInTheDocument();
    expect(field(L.maxAdDuration)).toHaveAccessibleDescription(
      expect.stringContaining(PLACEMENT_TEXTS.adLongerThanPod),
    );
    expect(writes(fetchMock)).toEqual([]);
  });

  it('creates a placement on the chosen stream and asset: POST with the form, then its page', async () => {
    const toasts = spyToasts();
    let posted: Record<string, unknown> | undefined;
    stubApi({
      ...PICKERS,
      'GET ssai/placement': answer([]),
      'POST ssai/placement': (init) => {
        posted = JSON.parse(String(init.body));
        return jsonResponse(201, placement({ name: 'Sports', version: 1 }));
      },
      [`GET ssai/placement/${ID}`]: () => jsonResponse(200, placement({ name: 'Sports' })),
    });
    const view = open('/placements/new');
    await createPage();
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.name), 'Sports');
    await user.click(field(L.liveStreamIds));
    await user.click(await screen.findByRole('option', { name: 'Sports 1' }));
    await user.click(field(L.vodIds));
    await user.click(await screen.findByRole('option', { name: 'Match highlights' }));
    await user.click(screen.getByRole('checkbox', { name: BREAK_POSITION_LABELS.post }));
    await user.clear(field(L.maxAdDuration));
    await user.type(field(L.maxAdDuration), '30');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/placements/${ID}`));
    expect(posted).toEqual({
      ...PLACEMENT_DEFAULTS,
      name: 'Sports',
      liveStreamIds: [STREAM],
      vodIds: [VOD],
      positions: ['pre', 'mid'],
      maxAdDuration: 30,
    });
    expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
      RESOURCE_TEXTS.created(RESOURCES.placement.label),
    ]);
  });

  it('edits on its page: the stored choices, then PUT with the version', async () => {
    let put: Record<string, unknown> | undefined;
    spyToasts();
    stubApi({
      ...PICKERS,
      [`GET ssai/placement/${ID}`]: () => jsonResponse(200, placement({ liveStreamIds: [STREAM] })),
      [`PUT ssai/placement/${ID}`]: (init) => {
        put = JSON.parse(String(init.body));
        return jsonResponse(200, placement({ version: 4 }));
      },
    });
    open(`/placements/${ID}`);
    expect(await screen.findByDisplayValue('All streams')).toBeInTheDocument();
    // The stored stream shows by its name once the choices are loaded.
    expect(await screen.findByText('Sports 1')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.clear(field(L.maxPodDuration));
    await user.type(field(L.maxPodDuration), '240');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(put).toBeDefined());
    const { _id, customerId, createdAt, updatedAt, updatedBy, version, ...data } = placement();
    expect(put).toEqual({ ...data, liveStreamIds: [STREAM], maxPodDuration: 240, version: 3 });
  });

  it('deletes from the row’s menu after confirming', async () => {
    const toasts = spyToasts();
    const fetchMock = stubApi({
      'GET ssai/placement': answer([placement()]),
      [`DELETE ssai/placement/${ID}`]: () => jsonResponse(200, { _id: ID }),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('All streams') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle(RESOURCES.placement.label, 'All streams'),
    });
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
        RESOURCE_TEXTS.deleted(RESOURCES.placement.label),
      ]),
    );
    expect(writes(fetchMock).map(([, init]) => init?.method)).toEqual(['DELETE']);
  });
});
