import {
  greaterThanZeroMessage,
  POD_LABELS as L,
  POD_DEFAULTS,
  POD_FILL_POLICY_LABELS,
  POD_TEXTS,
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
import { POD_SCREEN_TEXTS as T } from '../texts.ts';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const TITLE = SCREENS.find((screen) => screen.path === '/pods')!.title;
const ID = '8b1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e53';
const pod = (overrides: Partial<ResourceDto<'pod'>> = {}): ResourceDto<'pod'> => ({
  ...POD_DEFAULTS,
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 2,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Standard pod',
  ...overrides,
});
const answer = (data: unknown[]) => () => jsonResponse(200, { data, total: data.length });

const ROUTES: RouteObject[] = [
  { path: '/pods', handle: { title: TITLE }, lazy: () => import('../routes/pods.tsx') },
  { path: '/pods/:detail', handle: { title: 'Pod' }, lazy: () => import('../routes/pod-detail.tsx') },
];
function open(path = '/pods') {
  const view = renderRoutes(ROUTES, path);
  return { ...view, pathname: () => view.router.state.location.pathname };
}

const createPage = () => screen.findByRole('heading', { level: 1, name: T.newPod });
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const toggle = (label: string) => screen.getByRole('switch', { name: new RegExp(`^${label}`) });
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const writes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

describe('/pods', () => {
  it('is a built screen of the console: the pod templates with their bounds', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/pod': answer([pod({ fillPolicy: 'exact', minTotalDuration: 30 })]),
    });
    renderApp('/pods');
    expect(
      await screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      L.name,
      L.adpodLength,
      T.podDuration,
      T.adDuration,
      L.fillPolicy,
      L.status,
      T.updatedAt,
      KIT_TEXTS.actions,
    ]);
    const row = await screen.findByRole('row', { name: 'Standard pod' });
    expect(within(row).getByText(T.range(30, 120))).toBeInTheDocument();
    expect(within(row).getByText(T.range(0, 60))).toBeInTheDocument();
    expect(within(row).getByText(POD_FILL_POLICY_LABELS.exact)).toBeInTheDocument();
  });

  it('says a minimum above its maximum and a pod of no slots in core’s words, and sends nothing', async () => {
    const fetchMock = stubApi({});
    open('/pods/new');
    await createPage();
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.name), 'Tight pod');
    await user.clear(field(L.adpodLength));
    await user.type(field(L.adpodLength), '0');
    await user.clear(field(L.minTotalDuration));
    await user.type(field(L.minTotalDuration), '150');
    // Leaving the maximum says it under the minimum.
    await user.clear(field(L.maxTotalDuration));
    await user.type(field(L.maxTotalDuration), '90');
    await user.tab();
    await waitFor(() =>
      expect(field(L.minTotalDuration)).toHaveAccessibleDescription(
        expect.stringContaining(POD_TEXTS.minAboveMax),
      ),
    );
    await user.clear(field(L.minAdDuration));
    await user.type(field(L.minAdDuration), '61');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() =>
      expect(field(L.minAdDuration)).toHaveAccessibleDescription(
        expect.stringContaining(POD_TEXTS.minAboveMax),
      ),
    );
    expect(field(L.adpodLength)).toHaveAccessibleDescription(
      expect.stringContaining(greaterThanZeroMessage(L.adpodLength)),
    );
    expect(writes(fetchMock)).toEqual([]);
  });

  it('creates a pod template: POST with the form (switches and fill policy), then its page', async () => {
    const toasts = spyToasts();
    let posted: Record<string, unknown> | undefined;
    stubApi({
      'GET ssai/pod': answer([]),
      'POST ssai/pod': (init) => {
        posted = JSON.parse(String(init.body));
        return jsonResponse(201, pod({ version: 1 }));
      },
      [`GET ssai/pod/${ID}`]: () => jsonResponse(200, pod()),
    });
    const view = open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: T.newPod }));
    await createPage();
    await user.type(field(L.name), 'Standard pod');
    await user.clear(field(L.adpodLength));
    await user.type(field(L.adpodLength), '4');
    await user.click(toggle(L.competitiveSeparation));
    await user.click(toggle(L.slateFallback));
    await user.click(field(L.fillPolicy));
    await user.click(await screen.findByRole('option', { name: POD_FILL_POLICY_LABELS.exact }));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/pods/${ID}`));
    expect(posted).toEqual({
      ...POD_DEFAULTS,
      name: 'Standard pod',
      adpodLength: 4,
      competitiveSeparation: false,
      slateFallback: false,
      fillPolicy: 'exact',
    });
    expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
      RESOURCE_TEXTS.created(RESOURCES.pod.label),
    ]);
  });

  it('edits on its page, opened from its row: PUT with the version', async () => {
    let put: Record<string, unknown> | undefined;
    spyToasts();
    stubApi({
      'GET ssai/pod': answer([pod()]),
      [`GET ssai/pod/${ID}`]: () => jsonResponse(200, pod()),
      [`PUT ssai/pod/${ID}`]: (init) => {
        put = JSON.parse(String(init.body));
        return jsonResponse(200, pod({ version: 3 }));
      },
    });
    const view = open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Standard pod' }));
    await waitFor(() => expect(view.pathname()).toBe(`/pods/${ID}`));
    await waitFor(() => expect(field(L.maxAdDuration)).toHaveValue('60'));
    await user.clear(field(L.maxAdDuration));
    await user.type(field(L.maxAdDuration), '45');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(put).toBeDefined());
    const { _id, customerId, createdAt, updatedAt, updatedBy, version, ...data } = pod();
    expect(put).toEqual({ ...data, maxAdDuration: 45, version: 2 });
  });

  it('deletes from the row’s menu after confirming', async () => {
    const toasts = spyToasts();
    const fetchMock = stubApi({
      'GET ssai/pod': answer([pod()]),
      [`DELETE ssai/pod/${ID}`]: () => jsonResponse(200, { _id: ID }),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('Standard pod') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle(RESOURCES.pod.label, 'Standard pod'),
    });
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
        RESOURCE_TEXTS.deleted(RESOURCES.pod.label),
      ]),
    );
    expect(writes(fetchMock).map(([, init]) => init?.method)).toEqual(['DELETE']);
  });
});
