import {
  fieldRequiredMessage,
  greaterThanZeroMessage,
  RESOURCE_TEXTS,
  RESOURCES,
  VALIDATION_MESSAGES,
  VOD_DEFAULTS,
  VOD_LABELS,
  VOD_TEXTS,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { excerpt, formatDuration } from '../format.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

const ID = '00000000-0000-4000-8000-000000000101';
const CUSTOMER = '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11';

const makeVod = (overrides: Partial<ResourceDto<'vod'>> = {}): ResourceDto<'vod'> => ({
  ...VOD_DEFAULTS,
  _id: ID,
  customerId: CUSTOMER,
  version: 4,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Big Buck Bunny',
  sourceUrl: 'https://cdn.example.com/bbb/master.m3u8',
  duration: 596,
  title: 'Big Buck Bunny',
  description: 'A giant rabbit takes on three bullies.',
  genre: 'Kids',
  tags: ['animation', 'open movie'],
  rating: 'G',
  cuePoints: [120, 300],
  ...overrides,
});

const ROUTES: RouteObject[] = [
  { path: '/streams-vod', lazy: () => import('../routes/vod-list.tsx') },
  { path: '/streams-vod/metadata', lazy: () => import('../routes/vod-metadata.tsx') },
  { path: '/streams-vod/kibana', element: <p>VOD logs</p> },
  { path: '/streams-vod/:detail', lazy: () => import('../routes/vod-detail.tsx') },
  { path: '/streams-vod/:detail/kibana', element: <p>One VOD’s logs</p> },
];

function open(path: string) {
  const view = renderRoutes(ROUTES, path);
  return { ...view, location: () => view.router.state.location.pathname + view.router.state.location.search };
}

const jsonBody = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const save = () => screen.getByRole('button', { name: KIT_TEXTS.save });
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('formats', () => {
  it('shows durations as mm:ss and long descriptions as an excerpt', () => {
    expect(formatDuration(596)).toBe('09:56');
    expect(formatDuration(3725)).toBe('62:05');
    expect(formatDuration(59.6)).toBe('01:00');
    expect(formatDuration('')).toBe('--:--');
    expect(excerpt('short')).toBe('short');
    const long = excerpt('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(81);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the VOD list', () => {
  it('shows the columns (duration as mm:ss, cue point count) and links to new, metadata and logs', async () => {
    const fetchMock = stubApi({
      'GET ssai/vod': () => jsonResponse(200, { data: [makeVod()], total: 1 }),
    });
    open('/streams-vod');
    const table = await screen.findByRole('table');
    const row = (await within(table).findByRole('link', { name: 'Big Buck Bunny' })).closest('tr')!;
    expect(within(row).getByText('09:56')).toBeInTheDocument();
    expect(within(row).getByText('Kids')).toBeInTheDocument();
    expect(within(row).getByText('G')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText(T.statusOptions.active!)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Big Buck Bunny' })).toHaveAttribute(
      'href',
      `/streams-vod/${ID}`,
    );
    for (const label of [
      VOD_LABELS.name,
      VOD_LABELS.title,
      VOD_LABELS.duration,
      T.cuePointCount,
      T.updatedAt,
    ]) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(label) })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: T.newVod })).toHaveAttribute('href', '/streams-vod/new');
    expect(screen.getByRole('link', { name: T.metadata })).toHaveAttribute('href', '/streams-vod/metadata');
    expect(screen.getByRole('link', { name: T.logs })).toHaveAttribute('href', '/streams-vod/kibana');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/ssai/vod');
  });
});

describe('the VOD form', () => {
  it('shows the schema’s messages under the fields on an empty submit, without sending anything', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    open('/streams-vod/new');
    expect(await screen.findByRole('heading', { name: T.newVod })).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: new RegExp(`^${VOD_LABELS.duration}`) }));
    await user.click(save());
    expect(await screen.findByText(fieldRequiredMessage(VOD_LABELS.name))).toBeInTheDocument();
    expect(field(VOD_LABELS.name)).toHaveAccessibleDescription(fieldRequiredMessage(VOD_LABELS.name));
    expect(field(VOD_LABELS.sourceUrl)).toHaveAccessibleDescription(VALIDATION_MESSAGES.invalidUrl);
    expect(screen.getByText(greaterThanZeroMessage(VOD_LABELS.duration))).toBeInTheDocument();
    // Only the bundle select's choices were asked for.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method !== 'GET')).toEqual([]);
  });

  it('checks the cue points against the duration and each other', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    open('/streams-vod/new');
    const duration = await screen.findByRole('textbox', { name: new RegExp(`^${VOD_LABELS.duration}`) });
    await user.clear(duration);
    await user.type(duration, '100');
    expect(screen.getByText(T.noCuePoints)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.addCuePoint }));
    const first = screen.getByRole('textbox', { name: new RegExp(`^${T.cuePoint(1)}`) });
    expect(first).toHaveFocus();
    await user.type(first, '150');
    await user.tab();
    expect(await screen.findByText(VOD_TEXTS.cuePointOutside)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: VOD_LABELS.cuePoints })).toHaveAttribute('aria-invalid', 'true');

    // A longer asset takes the point in.
    await user.clear(duration);
    await user.type(duration, '200');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(VOD_TEXTS.cuePointOutside)).toBeNull());
    expect(screen.getByText(T.cuePointAt('02:30'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.addCuePoint }));
    const second = screen.getByRole('textbox', { name: new RegExp(`^${T.cuePoint(2)}`) });
    await user.type(second, '150');
    await user.tab();
    expect(await screen.findByText(VOD_TEXTS.cuePointsUnique)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.removeCuePoint(2) }));
    await waitFor(() => expect(screen.queryByText(VOD_TEXTS.cuePointsUnique)).toBeNull());
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${T.cuePoint(2)}`) })).toBeNull();
  });

  it('creates with POST and opens the new asset', async () => {
    const created = makeVod({ version: 1, cuePoints: [30], tags: ['promo'] });
    const fetchMock = stubApi({
      'POST ssai/vod': () => jsonResponse(201, created),
      [`GET ssai/vod/${ID}`]: () => jsonResponse(200, created),
    });
    const user = userEvent.setup({ delay: null });
    const app = open('/streams-vod/new');
    await user.type(
      await screen.findByRole('textbox', { name: new RegExp(`^${VOD_LABELS.name}`) }),
      'Big Buck Bunny',
    );
    await user.type(field(VOD_LABELS.sourceUrl), 'https://cdn.example.com/bbb/master.m3u8');
    const duration = field(VOD_LABELS.duration);
    await user.clear(duration);
    await user.type(duration, '596');
    await user.type(screen.getByRole('textbox', { name: VOD_LABELS.title }), 'Big Buck Bunny');
    await user.type(screen.getByRole('combobox', { name: VOD_LABELS.tags }), 'promo{Enter}');
    await user.click(screen.getByRole('button', { name: T.addCuePoint }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${T.cuePoint(1)}`) }), '30');
    await user.click(save());

    await waitFor(() => expect(app.location()).toBe(`/streams-vod/${ID}`));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(post?.[1])).toEqual({
      ...VOD_DEFAULTS,
      name: 'Big Buck Bunny',
      sourceUrl: 'https://cdn.example.com/bbb/master.m3u8',
      duration: 596,
      title: 'Big Buck Bunny',
      tags: ['promo'],
      cuePoints: [30],
    });
  });

  it('edits an asset with PUT and its version, under the header with Logs and Delete in More', async () => {
    const record = makeVod();
    const fetchMock = stubApi({
      [`GET ssai/vod/${ID}`]: () => jsonResponse(200, record),
      [`PUT ssai/vod/${ID}`]: (init) => jsonResponse(200, { ...record, ...jsonBody(init), version: 5 }),
    });
    const user = userEvent.setup({ delay: null });
    open(`/streams-vod/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Big Buck Bunny' })).toBeInTheDocument();
    // The header: type, source, Logs, and Delete in the More menu (not beside the title).
    expect(screen.getByText(RESOURCES.vod.label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: KIT_TEXTS.copy(VOD_LABELS.sourceUrl) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.logs })).toHaveAttribute('href', `/streams-vod/${ID}/kibana`);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: KIT_TEXTS.delete })).toBeNull();
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.moreNamed('Big Buck Bunny') }));
    expect(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: new RegExp(`^${T.cuePoint(2)}`) })).toHaveValue('300');

    const title = screen.getByRole('textbox', { name: VOD_LABELS.title });
    await user.clear(title);
    await user.type(title, 'Bunny (2008)');
    await user.click(save());
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = jsonBody(put?.[1]);
    expect(body).toMatchObject({ title: 'Bunny (2008)', version: 4, cuePoints: [120, 300], genre: 'Kids' });
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('updatedAt');
  });

  it('shows where an active asset plays, saves its ad tag, and says why an inactive one does not play', async () => {
    const record = makeVod();
    const fetchMock = stubApi({
      [`GET ssai/vod/${ID}`]: () => jsonResponse(200, record),
      [`PUT ssai/vod/${ID}`]: (init) =>
        jsonResponse(200, { ...record, ...jsonBody(init), status: 'inactive', version: 5 }),
    });
    const user = userEvent.setup({ delay: null });
    open(`/streams-vod/${ID}`);
    const url = `${window.location.origin}/play/vod/${ID}/master.m3u8`;
    expect(await screen.findByText(url)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: KIT_TEXTS.copy(KIT_TEXTS.playbackUrl) })).toBeInTheDocument();

    const tag = screen.getByRole('textbox', { name: VOD_LABELS.adTagUrl });
    await user.type(tag, 'not a url');
    await user.click(save());
    expect(await screen.findByText(VALIDATION_MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.clear(tag);
    // '[[' types one '[' (user-event reads '[' as the start of a key name).
    await user.type(tag, 'https://ads.example.com/vast?sid=[[SESSION_ID]');
    await user.click(save());
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(jsonBody(put?.[1])).toMatchObject({ adTagUrl: 'https://ads.example.com/vast?sid=[SESSION_ID]' });
    // The answer says it is inactive now: no URL, and why.
    expect(await screen.findByText(T.playbackInactive)).toBeInTheDocument();
    expect(screen.queryByText(url)).toBeNull();
  });

  it("picks one of the account's bundles, whose demand fills the breaks: PUT with its id", async () => {
    const BUNDLE = '00000000-0000-4000-8000-000000000201';
    const record = makeVod();
    const fetchMock = stubApi({
      'GET ssai/bundle': () =>
        jsonResponse(200, {
          data: [{ ...RESOURCES.bundle.defaults, _id: BUNDLE, customerId: CUSTOMER, name: 'House demand' }],
          total: 1,
        }),
      [`GET ssai/vod/${ID}`]: () => jsonResponse(200, record),
      [`PUT ssai/vod/${ID}`]: (init) => jsonResponse(200, { ...record, ...jsonBody(init), version: 5 }),
    });
    const user = userEvent.setup({ delay: null });
    open(`/streams-vod/${ID}`);
    const select = await screen.findByLabelText(VOD_LABELS.bundleId, { selector: 'input' });
    expect(select).toHaveAccessibleDescription(T.bundleHint);
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'House demand' }));
    await user.click(save());
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(jsonBody(put?.[1])).toMatchObject({ bundleId: BUNDLE, adTagUrl: '' });
  });

  it('says the asset was not found for an unknown id', async () => {
    stubApi({
      [`GET ssai/vod/${ID}`]: () =>
        jsonResponse(404, {
          statusCode: 404,
          error: 'Not Found',
          message: RESOURCE_TEXTS.notFound('VOD asset'),
        }),
    });
    open(`/streams-vod/${ID}`);
    // The query retries once (the console's default) before it gives up.
    expect(await screen.findByRole('alert')).toHaveTextContent(RESOURCE_TEXTS.notFound(RESOURCES.vod.label));
  });
});

describe('the metadata view', () => {
  it('lists the metadata columns and edits only the metadata with a partial update', async () => {
    const record = makeVod();
    const fetchMock = stubApi({
      'GET ssai/vod': () => jsonResponse(200, { data: [record], total: 1 }),
      [`GET ssai/vod/${ID}`]: () => jsonResponse(200, record),
      [`POST ssai/vod/${ID}`]: (init) => jsonResponse(200, { ...record, ...jsonBody(init), version: 5 }),
    });
    const user = userEvent.setup({ delay: null });
    const app = open('/streams-vod/metadata');
    expect(await screen.findByRole('heading', { level: 1, name: T.metadataTitle })).toBeInTheDocument();
    const table = screen.getByRole('table');
    const row = (await within(table).findByRole('link', { name: 'Big Buck Bunny' })).closest('tr')!;
    expect(within(row).getByText('animation')).toBeInTheDocument();
    expect(within(row).getByText('open movie')).toBeInTheDocument();
    expect(within(row).getByText(record.description)).toBeInTheDocument();
    for (const label of [
      VOD_LABELS.title,
      VOD_LABELS.genre,
      VOD_LABELS.rating,
      VOD_LABELS.tags,
      VOD_LABELS.description,
    ]) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(label) })).toBeInTheDocument();
    }

    // The quick edit is an entry of the row's action menu.
    await user.click(within(row).getByRole('button', { name: KIT_TEXTS.actionsFor('Big Buck Bunny') }));
    await user.click(await screen.findByRole('menuitem', { name: T.editMetadata }));
    const dialog = await screen.findByRole('dialog', { name: T.metadataOf('Big Buck Bunny') });
    expect(app.location()).toBe(`/streams-vod/metadata?edit=${ID}`);
    // Only the metadata: no name, source or cue points here.
    expect(within(dialog).queryByRole('textbox', { name: new RegExp(`^${VOD_LABELS.name}`) })).toBeNull();
    expect(
      within(dialog).queryByRole('textbox', { name: new RegExp(`^${VOD_LABELS.sourceUrl}`) }),
    ).toBeNull();
    const description = within(dialog).getByRole('textbox', { name: VOD_LABELS.description });
    await user.clear(description);
    await user.type(description, 'Three bullies meet their match.');
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.save }));

    await waitFor(() => expect(app.location()).toBe('/streams-vod/metadata'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(`/api/ssai/vod/${ID}`);
    expect(jsonBody(post?.[1])).toEqual({
      title: 'Big Buck Bunny',
      description: 'Three bullies meet their match.',
      genre: 'Kids',
      tags: ['animation', 'open movie'],
      rating: 'G',
      version: 4,
    });
  });
});
