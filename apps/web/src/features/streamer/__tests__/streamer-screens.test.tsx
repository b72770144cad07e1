import {
  fieldRequiredMessage,
  RESOURCES,
  STREAMER_DEFAULTS,
  STREAMER_LABELS,
  STREAMER_TEXTS,
  VALIDATION_MESSAGES,
  VOD_DEFAULTS,
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
import { formatRunningTime } from '../format.ts';
import { STREAMER_SCREEN_TEXTS as T } from '../texts.ts';

const CUSTOMER = '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11';
const ID = '00000000-0000-4000-8000-000000000201';
const VOD_A = '00000000-0000-4000-8000-00000000a001';
const VOD_B = '00000000-0000-4000-8000-00000000b002';
const SLATE = '00000000-0000-4000-8000-00000000c003';

const meta = (id: string, version = 1) => ({
  _id: id,
  customerId: CUSTOMER,
  version,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
});
const vods = [
  {
    ...VOD_DEFAULTS,
    ...meta(VOD_A),
    name: 'Opening titles',
    sourceUrl: 'https://cdn.example.com/a.m3u8',
    duration: 90,
  },
  {
    ...VOD_DEFAULTS,
    ...meta(VOD_B),
    name: 'Feature film',
    sourceUrl: 'https://cdn.example.com/b.m3u8',
    duration: 3600,
  },
];
const slates = [
  {
    ...meta(SLATE),
    name: 'Be right back',
    sourceType: 'url',
    videoUrl: 'https://x/y.mp4',
    duration: 10,
    status: 'active',
  },
];

const makeStreamer = (overrides: Partial<ResourceDto<'streamer'>> = {}): ResourceDto<'streamer'> => ({
  ...STREAMER_DEFAULTS,
  ...meta(ID, 3),
  name: 'Movie channel',
  items: [{ vodId: VOD_A }, { vodId: VOD_B }],
  ...overrides,
});

const ROUTES: RouteObject[] = [
  { path: '/streamer-addon', lazy: () => import('../routes/streamer-list.tsx') },
  { path: '/streamer-addon/kibana', element: <p>Streamer logs</p> },
  { path: '/streamer-addon/:detail', lazy: () => import('../routes/streamer-detail.tsx') },
];

function open(path: string) {
  const view = renderRoutes(ROUTES, path);
  return { ...view, location: () => view.router.state.location.pathname + view.router.state.location.search };
}

/** The choices' calls and anything else the test adds. */
const stubWithChoices = (routes: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET ssai/vod': () => jsonResponse(200, { data: vods, total: vods.length }),
    'GET ssai/slate': () => jsonResponse(200, { data: slates, total: slates.length }),
    ...routes,
  });

const jsonBody = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const save = () => screen.getByRole('button', { name: KIT_TEXTS.save });
const textbox = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const programmeNames = () =>
  within(screen.getByTestId('programme'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-vod-name]')?.textContent);

async function addToProgramme(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: T.vodToAdd }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
  await user.click(screen.getByRole('button', { name: T.addToProgramme }));
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the streamer list', () => {
  it('shows name, playback, item count, ad breaks and status, and links to new and logs', async () => {
    stubApi({
      'GET ssai/streamer': () =>
        jsonResponse(200, {
          data: [makeStreamer({ mode: 'schedule', breakinterval: 10, adDuration: 90 })],
          total: 1,
        }),
    });
    open('/streamer-addon');
    const link = await screen.findByRole('link', { name: 'Movie channel' });
    expect(link).toHaveAttribute('href', `/streamer-addon/${ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText(T.modeOptions.schedule!)).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('10')).toBeInTheDocument();
    expect(within(row).getByText('90')).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const label of [
      STREAMER_LABELS.mode,
      T.itemCount,
      STREAMER_LABELS.breakinterval,
      STREAMER_LABELS.adDuration,
    ]) {
      expect(
        within(table).getByRole('columnheader', { name: new RegExp(label.replace(/[()]/g, '\\$&')) }),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: T.newStreamer })).toHaveAttribute('href', '/streamer-addon/new');
    expect(screen.getByRole('link', { name: T.logs })).toHaveAttribute('href', '/streamer-addon/kibana');
  });
});

describe('the streamer form messages', () => {
  it('shows the name and programme messages on an empty submit, without a request', async () => {
    const fetchMock = stubWithChoices();
    const user = userEvent.setup({ delay: null });
    open('/streamer-addon/new');
    expect(await screen.findByRole('heading', { name: T.newStreamer })).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText(fieldRequiredMessage(STREAMER_LABELS.name))).toBeInTheDocument();
    expect(screen.getByText(STREAMER_TEXTS.itemsRequired)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: STREAMER_LABELS.items })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says "Duration must be 0 or greater than 5." under the ad break interval', async () => {
    stubWithChoices();
    const user = userEvent.setup({ delay: null });
    open('/streamer-addon/new');
    const interval = await screen.findByRole('textbox', {
      name: new RegExp(`^${STREAMER_LABELS.breakinterval.replace(/[()]/g, '\\$&')}`),
    });
    await user.clear(interval);
    await user.type(interval, '3');
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.breakInterval)).toBeInTheDocument();
    expect(interval).toHaveAccessibleDescription(expect.stringContaining(VALIDATION_MESSAGES.breakInterval));
    await user.clear(interval);
    await user.type(interval, '0');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(VALIDATION_MESSAGES.breakInterval)).toBeNull());
  });

  it('asks a schedule for its start date and wants the start before the end', async () => {
    stubWithChoices();
    const user = userEvent.setup({ delay: null });
    open('/streamer-addon/new');
    await screen.findByRole('heading', { name: T.newStreamer });
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${STREAMER_LABELS.startDate}`) })).toBeNull();
    await user.click(screen.getByRole('radio', { name: T.modeOptions.schedule! }));

    const start = textbox(STREAMER_LABELS.startDate);
    const end = textbox(STREAMER_LABELS.endDate);
    expect(start).toHaveAttribute('placeholder', T.datePlaceholder);
    await user.click(save());
    expect(await screen.findByText(STREAMER_TEXTS.scheduleDates)).toBeInTheDocument();

    await user.type(start, '05-10-2025T12:00:00');
    await user.type(end, '05-01-2025T12:00:00');
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.startDateBeforeEnd)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.endDateAfterStart)).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription(VALIDATION_MESSAGES.startDateBeforeEnd);

    await user.clear(end);
    await user.type(end, '05-20-2025T12:00:00');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(VALIDATION_MESSAGES.startDateBeforeEnd)).toBeNull());
    expect(screen.queryByText(VALIDATION_MESSAGES.endDateAfterStart)).toBeNull();

    // Loop hides the dates (and their messages); schedule brings them back.
    await user.click(screen.getByRole('radio', { name: T.modeOptions.loop! }));
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${STREAMER_LABELS.startDate}`) })).toBeNull();
    await user.click(screen.getByRole('radio', { name: T.modeOptions.schedule! }));
    expect(textbox(STREAMER_LABELS.startDate)).toHaveValue('05-10-2025T12:00:00');
  });
});

describe('the programme', () => {
  it('adds, moves and removes VOD assets, shows the running time and sends them in order', async () => {
    const created = makeStreamer({ version: 1 });
    const fetchMock = stubWithChoices({
      'POST ssai/streamer': () => jsonResponse(201, created),
      [`GET ssai/streamer/${ID}`]: () => jsonResponse(200, created),
    });
    const user = userEvent.setup({ delay: null });
    const app = open('/streamer-addon/new');
    await user.type(
      await screen.findByRole('textbox', { name: new RegExp(`^${STREAMER_LABELS.name}`) }),
      'Movie channel',
    );
    expect(screen.getByText(T.emptyProgramme)).toBeInTheDocument();
    expect(screen.getByTestId('running-time')).toHaveTextContent(T.runningTime('00:00'));

    await addToProgramme(user, 'Feature film');
    await addToProgramme(user, 'Opening titles');
    await addToProgramme(user, 'Opening titles');
    expect(programmeNames()).toEqual(['Feature film', 'Opening titles', 'Opening titles']);
    expect(screen.getByTestId('running-time')).toHaveTextContent(T.runningTime(formatRunningTime(3780)));
    expect(T.runningTime(formatRunningTime(3780))).toBe('Total running time: 1:03:00');

    // The first item cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: T.moveUp(1, 'Feature film') })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.moveDown(3, 'Opening titles') })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: T.moveDown(1, 'Feature film') }));
    expect(programmeNames()).toEqual(['Opening titles', 'Feature film', 'Opening titles']);
    expect(screen.getByRole('button', { name: T.moveDown(2, 'Feature film') })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: T.remove(3, 'Opening titles') }));
    expect(programmeNames()).toEqual(['Opening titles', 'Feature film']);
    expect(screen.getByTestId('running-time')).toHaveTextContent(T.runningTime('1:01:30'));

    await user.click(screen.getByRole('combobox', { name: STREAMER_LABELS.slateId }));
    await user.click(await screen.findByRole('option', { name: 'Be right back' }));
    await user.click(save());

    await waitFor(() => expect(app.location()).toBe(`/streamer-addon/${ID}`));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(post?.[1])).toEqual({
      ...STREAMER_DEFAULTS,
      name: 'Movie channel',
      items: [{ vodId: VOD_A }, { vodId: VOD_B }],
      slateId: SLATE,
    });
    // The choices came from the account's whole lists.
    const choiceQueries = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/ssai/vod' || url.pathname === '/api/ssai/slate');
    expect(choiceQueries.every((url) => url.searchParams.get('pageSize') === 'All')).toBe(true);
  });

  it('edits a channel with PUT and its version, under the header with Logs and Delete in More', async () => {
    const record = makeStreamer({ slateId: SLATE });
    const fetchMock = stubWithChoices({
      [`GET ssai/streamer/${ID}`]: () => jsonResponse(200, record),
      [`PUT ssai/streamer/${ID}`]: (init) => jsonResponse(200, { ...record, ...jsonBody(init), version: 4 }),
    });
    const user = userEvent.setup({ delay: null });
    open(`/streamer-addon/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Movie channel' })).toBeInTheDocument();
    // The header: type, Logs, and Delete in the More menu (not beside the title).
    expect(screen.getByText(RESOURCES.streamer.label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.logs })).toHaveAttribute(
      'href',
      `/streamer-addon/${ID}/kibana`,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: KIT_TEXTS.delete })).toBeNull();
    expect(screen.getByRole('button', { name: KIT_TEXTS.moreNamed('Movie channel') })).toBeInTheDocument();
    await waitFor(() => expect(programmeNames()).toEqual(['Opening titles', 'Feature film']));
    // The stored slate shows by its name once the choices are in.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: STREAMER_LABELS.slateId })).toHaveValue('Be right back'),
    );

    await user.click(screen.getByRole('button', { name: T.moveUp(2, 'Feature film') }));
    await user.click(save());
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(jsonBody(put?.[1])).toMatchObject({
      items: [{ vodId: VOD_B }, { vodId: VOD_A }],
      slateId: SLATE,
      version: 3,
    });
  });
});
