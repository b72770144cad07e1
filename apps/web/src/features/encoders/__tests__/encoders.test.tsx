import {
  ENCODER_DEFAULTS,
  ENCODER_LABELS,
  greaterThanZeroMessage,
  RESOURCE_TEXTS,
  VALIDATION_MESSAGES,
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

/** The screen's title (its heading in the console, as in the breadcrumb). */
const ENCODER_SCREEN_TITLE = SCREENS.find((screen) => screen.path === '/encoder')!.title;

import { ENCODER_TEXTS } from '../texts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const encoder = (overrides: Partial<ResourceDto<'encoder'>> = {}): ResourceDto<'encoder'> => ({
  ...ENCODER_DEFAULTS,
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 2,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Studio A',
  ...overrides,
});
const listAnswer =
  (data = [encoder()]) =>
  () =>
    jsonResponse(200, { data, total: data.length });

const ROUTES: RouteObject[] = [
  { path: '/encoder', handle: { title: 'Encoder' }, lazy: () => import('../routes/encoders.tsx') },
  {
    path: '/encoder/:detail',
    handle: { title: 'Encoder' },
    lazy: () => import('../routes/encoder-detail.tsx'),
  },
];
function open(path = '/encoder') {
  const view = renderRoutes(ROUTES, path);
  return {
    ...view,
    search: () => view.router.state.location.search.replace(/^\?/, ''),
    pathname: () => view.router.state.location.pathname,
  };
}

/** The create page (every list creates on a page of its own). */
const createPage = () => screen.findByRole('heading', { level: 1, name: ENCODER_TEXTS.newEncoder });
/** A label as shown: the text, and an asterisk when the field is required. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const toastMessages = (spy: ReturnType<typeof spyToasts>) => spy.mock.calls.map(([t]) => t.message);

describe('/encoder', () => {
  it('is a built screen of the console: the list of encoders', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/encoder': listAnswer(),
    });
    renderApp('/encoder');
    expect(
      await screen.findByRole('heading', { level: 1, name: ENCODER_SCREEN_TITLE }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Studio A' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      ENCODER_LABELS.name,
      ENCODER_LABELS.input_type,
      ENCODER_LABELS.resolution,
      ENCODER_LABELS.frame_rate,
      ENCODER_LABELS.bandwidth,
      ENCODER_LABELS.status,
      ENCODER_TEXTS.updatedAt,
      KIT_TEXTS.actions,
    ]);
    expect(screen.getByText(ENCODER_TEXTS.bandwidth(5000))).toBeInTheDocument();
  });

  it('opens the create page from "New encoder" (/encoder/new) with every field of the encoder', async () => {
    stubApi({ 'GET ssai/encoder': listAnswer() });
    const view = open();
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('link', { name: ENCODER_TEXTS.newEncoder }));
    await createPage();
    expect(view.pathname()).toBe('/encoder/new');
    const form = document.body;
    const { GPI_trigger: _switch, ...inputs } = ENCODER_LABELS;
    for (const label of Object.values(inputs)) {
      expect(
        within(form).getByLabelText(labelled(label), { selector: 'input, textarea' }),
      ).toBeInTheDocument();
    }
    expect(
      within(form).getByRole('switch', { name: new RegExp(`^${ENCODER_LABELS.GPI_trigger}`) }),
    ).not.toBeChecked();
    expect(field(ENCODER_LABELS.gop)).toHaveValue(String(ENCODER_DEFAULTS.gop));
  });

  it('shows core messages for a bad probe duration, bad JSON and a GOP of 0, and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET ssai/encoder': listAnswer() });
    open('/encoder/new');
    await createPage();
    const user = userEvent.setup({ delay: null });
    await user.type(field(ENCODER_LABELS.name), 'Studio B');
    await user.clear(field(ENCODER_LABELS.probe_duration));
    await user.type(field(ENCODER_LABELS.probe_duration), '0');
    await user.clear(field(ENCODER_LABELS.output_config));
    await user.type(field(ENCODER_LABELS.output_config), '{{"a": 1');
    await user.clear(field(ENCODER_LABELS.gop));
    await user.type(field(ENCODER_LABELS.gop), '0');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() =>
      expect(field(ENCODER_LABELS.probe_duration)).toHaveAccessibleDescription(
        expect.stringContaining(VALIDATION_MESSAGES.invalidDuration),
      ),
    );
    expect(field(ENCODER_LABELS.output_config)).toHaveAccessibleDescription(
      expect.stringContaining(VALIDATION_MESSAGES.invalidJson),
    );
    expect(field(ENCODER_LABELS.gop)).toHaveAccessibleDescription(
      expect.stringContaining(greaterThanZeroMessage(ENCODER_LABELS.gop)),
    );
    expect(screen.getByText(VALIDATION_MESSAGES.invalidDuration)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.invalidJson)).toBeInTheDocument();
    expect(screen.getByText(greaterThanZeroMessage(ENCODER_LABELS.gop))).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('creates an encoder on its page: POST with the form, a toast, then the encoder’s page', async () => {
    const toasts = spyToasts();
    let posted: Record<string, unknown> | undefined;
    const fetchMock = stubApi({
      'GET ssai/encoder': listAnswer(),
      'POST ssai/encoder': (init) => {
        posted = JSON.parse(String(init.body));
        return jsonResponse(201, encoder({ name: 'Studio B', version: 1 }));
      },
      [`GET ssai/encoder/${ID}`]: () => jsonResponse(200, encoder({ name: 'Studio B', version: 1 })),
    });
    const view = open('/encoder?sort=name');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: ENCODER_TEXTS.newEncoder }));
    await createPage();
    await user.type(field(ENCODER_LABELS.name), 'Studio B');
    await user.click(screen.getByRole('switch', { name: new RegExp(`^${ENCODER_LABELS.GPI_trigger}`) }));
    await user.click(field(ENCODER_LABELS.input_type));
    await user.click(await screen.findByRole('option', { name: 'NDI' }));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/encoder/${ID}`));
    expect(posted).toEqual({ ...ENCODER_DEFAULTS, name: 'Studio B', GPI_trigger: true, input_type: 'NDI' });
    expect(toastMessages(toasts)).toEqual([RESOURCE_TEXTS.created('Encoder')]);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('leads an older link to the form dialog to the page (?new=1: create, ?edit=<id>: the encoder)', async () => {
    stubApi({
      'GET ssai/encoder': listAnswer(),
      [`GET ssai/encoder/${ID}`]: () => jsonResponse(200, encoder()),
    });
    const created = open('/encoder?new=1');
    await createPage();
    expect(created.pathname()).toBe('/encoder/new');
    created.unmount();
    const edited = open(`/encoder?edit=${ID}`);
    await waitFor(() => expect(edited.pathname()).toBe(`/encoder/${ID}`));
    expect(await screen.findByDisplayValue('Studio A')).toBeInTheDocument();
  });

  it('edits on the encoder’s page, opened by a click on its row: the stored values, then PUT with the version', async () => {
    let put: Record<string, unknown> | undefined;
    vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
    stubApi({
      'GET ssai/encoder': listAnswer(),
      [`GET ssai/encoder/${ID}`]: () => jsonResponse(200, encoder({ bandwidth: 8000 })),
      [`PUT ssai/encoder/${ID}`]: (init) => {
        put = JSON.parse(String(init.body));
        return jsonResponse(200, encoder({ version: 3 }));
      },
    });
    const view = open();
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByRole('row', { name: 'Studio A' });
    await user.click(within(row).getByText(ENCODER_DEFAULTS.resolution));
    await waitFor(() => expect(view.pathname()).toBe(`/encoder/${ID}`));
    await waitFor(() => expect(field(ENCODER_LABELS.bandwidth)).toHaveValue('8000'));
    await user.clear(field(ENCODER_LABELS.segment_size));
    await user.type(field(ENCODER_LABELS.segment_size), '4');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(put).toBeDefined());
    expect(put).toEqual({
      ...ENCODER_DEFAULTS,
      name: 'Studio A',
      bandwidth: 8000,
      segment_size: 4,
      version: 2,
    });
  });

  it('deletes from the row’s menu after confirming', async () => {
    const toasts = spyToasts();
    const fetchMock = stubApi({
      'GET ssai/encoder': listAnswer(),
      [`DELETE ssai/encoder/${ID}`]: () => jsonResponse(200, { _id: ID }),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle('Encoder', 'Studio A'),
    });
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(toastMessages(toasts)).toEqual([RESOURCE_TEXTS.deleted('Encoder')]));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
