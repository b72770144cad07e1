import {
  ADVERTISER_DEFAULTS,
  fieldRequiredMessage,
  ADVERTISER_LABELS as L,
  VALIDATION_MESSAGES as M,
  NOTE_MAX_LENGTH,
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
import { SESSION_ROUTE_ID, type SessionLoaderData } from '../../../lib/session.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { renderRoutes } from '../../../test/render-router.tsx';
import { ADVERTISER_TEXTS as T } from '../texts.ts';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const TITLE = SCREENS.find((screen) => screen.path === '/advertisers')!.title;
const ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e51';
const advertiser = (overrides: Partial<ResourceDto<'advertiser'>> = {}): ResourceDto<'advertiser'> => ({
  ...ADVERTISER_DEFAULTS,
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 4,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Acme Sports',
  contactEmails: ['media@acme.example', 'ops@acme.example'],
  ...overrides,
});
const listAnswer =
  (data = [advertiser()]) =>
  () =>
    jsonResponse(200, { data, total: data.length });

/** The feature's routes under a session route (as the console's), for a customer or a main administrator. */
const routes = (isMainAdmin: boolean): RouteObject[] => [
  {
    id: SESSION_ROUTE_ID,
    loader: (): SessionLoaderData => ({
      user: makeUser({ profile: { isMainAdmin } }),
      isMainAdmin,
      loginAs: false,
      userView: false,
    }),
    HydrateFallback: () => null,
    children: [
      { path: '/advertisers', handle: { title: TITLE }, lazy: () => import('../routes/advertisers.tsx') },
      {
        path: '/advertisers/:detail',
        handle: { title: 'Advertiser' },
        lazy: () => import('../routes/advertiser-detail.tsx'),
      },
    ],
  },
];
function open(path = '/advertisers', { admin = false } = {}) {
  const view = renderRoutes(routes(admin), path);
  return { ...view, pathname: () => view.router.state.location.pathname };
}

const createPage = () => screen.findByRole('heading', { level: 1, name: T.newAdvertiser });
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const writes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

describe('/advertisers', () => {
  it('is a built screen of the console: the list of advertisers', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/advertiser': listAnswer(),
    });
    renderApp('/advertisers');
    expect(
      await screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Acme Sports' });
    expect(within(row).getByText('media@acme.example, ops@acme.example')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      L.name,
      L.contactEmails,
      L.status,
      T.updatedAt,
      KIT_TEXTS.actions,
    ]);
    expect(screen.getByRole('link', { name: T.newAdvertiser })).toHaveAttribute('href', '/advertisers/new');
  });

  it('says so when there are none yet, with the way to create one', async () => {
    stubApi({ 'GET ssai/advertiser': listAnswer([]) });
    open();
    expect(
      await screen.findByText(RESOURCE_TEXTS.emptyList(RESOURCES.advertiser.plural)),
    ).toBeInTheDocument();
  });

  it('checks each address and the notes with core’s messages, and sends nothing', async () => {
    const fetchMock = stubApi({});
    open('/advertisers/new');
    await createPage();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(await screen.findByText(fieldRequiredMessage(L.name))).toBeInTheDocument();

    // A good address, then one the rule refuses: the message is the spec's.
    await user.type(field(L.contactEmails), 'media@acme.example{Enter}not-an-address{Enter}');
    await waitFor(() =>
      expect(field(L.contactEmails)).toHaveAccessibleDescription(expect.stringContaining(M.invalidEmail)),
    );
    expect(screen.getByText('not-an-address').closest('[data-invalid]')).not.toBeNull();
    expect(screen.getByText('media@acme.example').closest('[data-invalid]')).toBeNull();

    // A note one character over the limit: the counter and the message.
    const note = field(L.userNote);
    await user.click(note);
    await user.paste('n'.repeat(NOTE_MAX_LENGTH + 1));
    expect(screen.getByTestId('userNote-count')).toHaveTextContent(
      T.noteCount(NOTE_MAX_LENGTH + 1, NOTE_MAX_LENGTH),
    );
    await user.tab();
    await waitFor(() => expect(note).toHaveAccessibleDescription(expect.stringContaining(M.noteTooLong)));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(writes(fetchMock)).toEqual([]);
  });

  it('creates an advertiser: POST with the form, a toast, then its page', async () => {
    const toasts = spyToasts();
    let posted: Record<string, unknown> | undefined;
    stubApi({
      'GET ssai/advertiser': listAnswer(),
      'POST ssai/advertiser': (init) => {
        posted = JSON.parse(String(init.body));
        return jsonResponse(201, advertiser({ name: 'Northwind Drinks', version: 1 }));
      },
      [`GET ssai/advertiser/${ID}`]: () => jsonResponse(200, advertiser({ name: 'Northwind Drinks' })),
    });
    const view = open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: T.newAdvertiser }));
    await createPage();
    await user.type(field(L.name), 'Northwind Drinks');
    await user.type(field(L.contactEmails), 'buyer@northwind.example, ads@northwind.example{Enter}');
    await user.type(field(L.userNote), 'Pays by invoice');
    expect(screen.getByTestId('userNote-count')).toHaveTextContent(T.noteCount(15, NOTE_MAX_LENGTH));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/advertisers/${ID}`));
    expect(posted).toEqual({
      ...ADVERTISER_DEFAULTS,
      name: 'Northwind Drinks',
      contactEmails: ['buyer@northwind.example', 'ads@northwind.example'],
      userNote: 'Pays by invoice',
    });
    expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
      RESOURCE_TEXTS.created(RESOURCES.advertiser.label),
    ]);
  });

  it('shows the admin note to no one but a main administrator', async () => {
    stubApi({ [`GET ssai/advertiser/${ID}`]: () => jsonResponse(200, advertiser()) });
    const customer = open(`/advertisers/${ID}`);
    expect(await screen.findByDisplayValue('Acme Sports')).toBeInTheDocument();
    expect(field(L.userNote)).toBeInTheDocument();
    expect(screen.queryByLabelText(labelled(L.adminNote))).not.toBeInTheDocument();
    expect(screen.queryByText(T.adminNoteHint, { exact: false })).not.toBeInTheDocument();
    customer.unmount();

    open(`/advertisers/${ID}`, { admin: true });
    expect(await screen.findByDisplayValue('Acme Sports')).toBeInTheDocument();
    expect(field(L.adminNote)).toHaveAccessibleDescription(expect.stringContaining(T.adminNoteHint));
  });

  it('lets a main administrator edit the admin note: PUT with the version', async () => {
    let put: Record<string, unknown> | undefined;
    spyToasts();
    stubApi({
      [`GET ssai/advertiser/${ID}`]: () => jsonResponse(200, advertiser({ adminNote: 'Net 30' })),
      [`PUT ssai/advertiser/${ID}`]: (init) => {
        put = JSON.parse(String(init.body));
        return jsonResponse(200, advertiser({ version: 5 }));
      },
    });
    open(`/advertisers/${ID}`, { admin: true });
    await waitFor(() => expect(field(L.adminNote)).toHaveValue('Net 30'));
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.adminNote), ', credit checked');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(put).toBeDefined());
    const { _id, customerId, createdAt, updatedAt, updatedBy, version, ...data } = advertiser();
    expect(put).toEqual({ ...data, adminNote: 'Net 30, credit checked', version: 4 });
  });

  it('deletes from the row’s menu after confirming', async () => {
    const toasts = spyToasts();
    const fetchMock = stubApi({
      'GET ssai/advertiser': listAnswer(),
      [`DELETE ssai/advertiser/${ID}`]: () => jsonResponse(200, { _id: ID }),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('Acme Sports') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle(RESOURCES.advertiser.label, 'Acme Sports'),
    });
    expect(writes(fetchMock)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual([
        RESOURCE_TEXTS.deleted(RESOURCES.advertiser.label),
      ]),
    );
    expect(writes(fetchMock).map(([, init]) => init?.method)).toEqual(['DELETE']);
  });
});
