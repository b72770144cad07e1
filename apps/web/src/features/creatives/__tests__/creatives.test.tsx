/**
 * The creative screens: the list (advertiser, duration, the page's conditioning asked in one call,
 * polled while queued), the create page (upload or URL, tracking rows, core's messages) and a
 * creative's page (its conditioning with progress, the reason of a failure, and the preview).
 */
import {
  CREATIVE_DEFAULTS,
  CREATIVE_LABELS,
  CREATIVE_TEXTS,
  CREATIVE_VIDEO_MAX_BYTES,
  type CreativeConditioning,
  RESOURCE_TEXTS,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { renderRoutes } from '../../../test/render-router.tsx';
import { CONDITIONING_POLL_MS } from '../api/conditioning.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../texts.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ID = '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const ID2 = '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e50';
const ADVERTISER = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const CUSTOMER = 'c-1';
const MP4 = 'https://cdn.example.com/spot.mp4';
const HLS = 'https://cdn.example.com/spot/master.m3u8';
const UPLOADED = 'http://localhost/files/abc.mp4';

const creative = (overrides: Partial<ResourceDto<'creative'>> = {}): ResourceDto<'creative'> => ({
  ...CREATIVE_DEFAULTS,
  _id: ID,
  customerId: CUSTOMER,
  version: 1,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Summer spot',
  advertiserId: ADVERTISER,
  videoUrl: MP4,
  duration: 30,
  ...overrides,
});
const advertisers = () =>
  jsonResponse(200, {
    data: [
      { _id: ADVERTISER, customerId: CUSTOMER, name: 'Acme Sports', status: 'active', contactEmails: [] },
    ],
    total: 1,
  });
const conditioning = (overrides: Partial<CreativeConditioning> = {}): CreativeConditioning => ({
  status: 'ready',
  progress: null,
  reason: null,
  playlistUrl: 'http://localhost/media/creatives/k/master.m3u8',
  ...overrides,
});

const ROUTES: RouteObject[] = [
  { path: '/creatives', handle: { title: 'Creatives' }, lazy: () => import('../routes/creatives.tsx') },
  {
    path: '/creatives/:detail',
    handle: { title: 'Creative' },
    lazy: () => import('../routes/creative-detail.tsx'),
  },
];
function open(path = '/creatives') {
  const view = renderRoutes(ROUTES, path);
  return { ...view, pathname: () => view.router.state.location.pathname };
}
const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const urlsOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === `/api/${path}`);

describe('/creatives', () => {
  it('is a built screen of the console: the list with advertiser, duration and conditioning', async () => {
    const user = makeUser();
    signIn(user);
    const fetchMock = stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/creative': () =>
        jsonResponse(200, {
          data: [
            creative(),
            creative({ _id: ID2, name: 'Promo', advertiserId: null, videoUrl: HLS, duration: 15 }),
          ],
          total: 2,
        }),
      'GET ssai/advertiser': advertisers,
      'GET ssai/creative/conditioning': () =>
        jsonResponse(200, {
          data: {
            [ID]: conditioning({ status: 'queued', progress: 0.4, playlistUrl: null }),
            [ID2]: conditioning({ status: 'not-needed', playlistUrl: HLS }),
          },
        }),
    });
    renderApp('/creatives');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Creatives' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Summer spot' });
    await waitFor(() => expect(within(row).getByText('Acme Sports')).toBeInTheDocument());
    expect(within(row).getByText(T.seconds(30))).toBeInTheDocument();
    expect(await within(row).findByText(`${T.conditioning.queued} 40%`)).toBeInTheDocument();
    const promo = screen.getByRole('row', { name: 'Promo' });
    expect(within(promo).getByText(T.conditioning['not-needed'])).toBeInTheDocument();
    expect(within(promo).getByText(KIT_TEXTS.empty)).toBeInTheDocument();
    // One call for the page's rows.
    const asked = urlsOf(fetchMock, 'ssai/creative/conditioning');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('ids')!.split(',').sort()).toEqual([ID, ID2].sort());
  });

  it('asks again while a creative is queued, until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = conditioning({ status: 'queued', progress: null, playlistUrl: null });
    const fetchMock = stubApi({
      'GET ssai/creative': () => jsonResponse(200, { data: [creative()], total: 1 }),
      'GET ssai/advertiser': advertisers,
      'GET ssai/creative/conditioning': () => jsonResponse(200, { data: { [ID]: answer } }),
    });
    open();
    const row = await screen.findByRole('row', { name: 'Summer spot' });
    expect(await within(row).findByText(T.conditioning.queued)).toBeInTheDocument();
    answer = conditioning();
    await act(() => vi.advanceTimersByTimeAsync(CONDITIONING_POLL_MS + 100));
    expect(await within(row).findByText(T.conditioning.ready)).toBeInTheDocument();
    const calls = urlsOf(fetchMock, 'ssai/creative/conditioning').length;
    // Ready: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(CONDITIONING_POLL_MS * 3));
    expect(urlsOf(fetchMock, 'ssai/creative/conditioning')).toHaveLength(calls);
  });

  it('creates a creative from an uploaded file, with tracking URLs, and opens its page', async () => {
    const toasts = spyToasts();
    let uploaded: FormDataEntryValue | null = null;
    let created: Record<string, unknown> | undefined;
    const stored = creative({ name: 'Uploaded', sourceType: 'upload', videoUrl: UPLOADED, duration: 20 });
    stubApi({
      'GET ssai/advertiser': advertisers,
      'POST ssai/creative/upload': (init) => {
        uploaded = (init.body as FormData).get('file');
        return jsonResponse(201, { url: UPLOADED });
      },
      'POST ssai/creative': (init) => {
        created = JSON.parse(String(init.body));
        return jsonResponse(201, stored);
      },
      [`GET ssai/creative/${ID}`]: () => jsonResponse(200, stored),
      [`GET ssai/creative/${ID}/conditioning`]: () =>
        jsonResponse(200, conditioning({ status: 'queued', progress: 0.25, playlistUrl: null })),
    });
    const view = open('/creatives/new');
    await screen.findByRole('heading', { level: 1, name: T.newCreative });
    const user = userEvent.setup({ delay: null });
    await user.type(field(CREATIVE_LABELS.name), 'Uploaded');
    await user.click(screen.getByRole('combobox', { name: CREATIVE_LABELS.advertiserId }));
    await user.click(await screen.findByRole('option', { name: 'Acme Sports' }));
    await user.click(screen.getByRole('radio', { name: T.sources.upload }));
    expect(screen.getByTestId('creative-file')).toHaveAttribute('accept', '.mp4,.mov,.ts');
    await user.upload(
      screen.getByTestId('creative-file'),
      new File(['ftyp'], 'spot.mov', { type: 'video/quicktime' }),
    );
    expect(await screen.findByTestId('creative-uploaded-url')).toHaveTextContent(UPLOADED);
    expect((uploaded as File | null)?.name).toBe('spot.mov');
    await user.clear(field(CREATIVE_LABELS.duration));
    await user.type(field(CREATIVE_LABELS.duration), '20');
    await user.click(screen.getByRole('button', { name: T.addTracking }));
    // The new row's URL has the focus.
    expect(field(T.trackingUrl(1))).toHaveFocus();
    await user.type(field(T.trackingUrl(1)), 'https://track.example.com/imp');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/creatives/${ID}`));
    expect(created).toEqual({
      ...CREATIVE_DEFAULTS,
      name: 'Uploaded',
      advertiserId: ADVERTISER,
      sourceType: 'upload',
      videoUrl: UPLOADED,
      duration: 20,
      trackingUrls: [{ event: 'impression', url: 'https://track.example.com/imp' }],
    });
    expect(toasts.mock.calls.map(([t]) => t.message)).toEqual([RESOURCE_TEXTS.created('Creative')]);
    // Its page follows the conditioning the save queued.
    const state = await screen.findByTestId('creative-conditioning');
    expect(state).toHaveAttribute('data-status', 'queued');
    expect(within(state).getByText(T.progress(0.25))).toBeInTheDocument();
    expect(within(state).getByRole('progressbar', { name: T.progressLabel })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('shows core’s messages: duration, URL, tracking URL, a missing upload', async () => {
    const fetchMock = stubApi({ 'GET ssai/advertiser': advertisers });
    open('/creatives/new');
    await screen.findByRole('heading', { level: 1, name: T.newCreative });
    const user = userEvent.setup({ delay: null });
    await user.type(field(CREATIVE_LABELS.name), 'Bad');
    await user.type(field(CREATIVE_LABELS.videoUrl), 'not a url');
    await user.clear(field(CREATIVE_LABELS.duration));
    await user.type(field(CREATIVE_LABELS.duration), '0');
    await user.click(screen.getByRole('button', { name: T.addTracking }));
    await user.type(field(T.trackingUrl(1)), 'nope');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() =>
      expect(field(CREATIVE_LABELS.duration)).toHaveAccessibleDescription(
        expect.stringContaining(VALIDATION_MESSAGES.triggerDuration),
      ),
    );
    expect(VALIDATION_MESSAGES.triggerDuration).toBe('Duration must be greater than 0');
    expect(field(CREATIVE_LABELS.videoUrl)).toHaveAccessibleDescription(
      expect.stringContaining(VALIDATION_MESSAGES.invalidUrl),
    );
    expect(field(T.trackingUrl(1))).toHaveAccessibleDescription(VALIDATION_MESSAGES.invalidUrl);
    // An upload creative without a file asks for one.
    await user.click(screen.getByRole('radio', { name: T.sources.upload }));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(await screen.findByText(CREATIVE_TEXTS.videoRequired)).toBeInTheDocument();
    // A removed row takes its message with it.
    await user.click(screen.getByRole('button', { name: T.removeTracking(1) }));
    expect(screen.queryByLabelText(labelled(T.trackingUrl(1)))).toBeNull();
    expect(screen.getByRole('button', { name: T.addTracking })).toHaveFocus();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('refuses a file of another type or over the limit without uploading it', async () => {
    const fetchMock = stubApi({ 'GET ssai/advertiser': advertisers });
    open('/creatives/new');
    await screen.findByRole('heading', { level: 1, name: T.newCreative });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click(screen.getByRole('radio', { name: T.sources.upload }));
    await user.upload(screen.getByTestId('creative-file'), new File(['x'], 'spot.mkv'));
    expect(await screen.findByText(CREATIVE_TEXTS.videoType)).toBeInTheDocument();
    const big = new File(['x'], 'big.mp4');
    Object.defineProperty(big, 'size', { value: CREATIVE_VIDEO_MAX_BYTES + 1 });
    await user.upload(screen.getByTestId('creative-file'), big);
    expect(await screen.findByText(CREATIVE_TEXTS.videoTooLarge)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('says why a creative’s video could not be conditioned, and previews the source MP4', async () => {
    stubApi({
      'GET ssai/advertiser': advertisers,
      [`GET ssai/creative/${ID}`]: () => jsonResponse(200, creative()),
      [`GET ssai/creative/${ID}/conditioning`]: () =>
        jsonResponse(
          200,
          conditioning({ status: 'failed', reason: `${MP4} answered 404`, playlistUrl: null }),
        ),
    });
    open(`/creatives/${ID}`);
    const state = await screen.findByTestId('creative-conditioning');
    expect(state).toHaveAttribute('data-status', 'failed');
    expect(state).toHaveTextContent(T.conditioning.failed);
    expect(state).toHaveTextContent(T.conditioningHelp.failed);
    expect(state).toHaveTextContent(`${T.reason}: ${MP4} answered 404`);
    const preview = screen.getByLabelText(T.previewLabel('Summer spot'));
    expect(preview.tagName).toBe('VIDEO');
    expect(preview).toHaveAttribute('src', MP4);
    // No conditioned HLS yet: no HLS player.
    expect(screen.queryByRole('button', { name: 'Play preview' })).toBeNull();
  });

  it('plays an HLS creative in the preview player, which needs no conditioning', async () => {
    stubApi({
      'GET ssai/advertiser': advertisers,
      [`GET ssai/creative/${ID}`]: () => jsonResponse(200, creative({ videoUrl: HLS })),
      [`GET ssai/creative/${ID}/conditioning`]: () =>
        jsonResponse(200, conditioning({ status: 'not-needed', playlistUrl: HLS })),
    });
    open(`/creatives/${ID}`);
    expect(await screen.findByTestId('creative-conditioning')).toHaveAttribute('data-status', 'not-needed');
    expect(screen.getByRole('button', { name: 'Play preview' })).toBeInTheDocument();
    expect(screen.getByLabelText(T.previewLabel('Summer spot')).tagName).toBe('VIDEO');
  });

  it('offers Try again when the conditioning cannot be asked', async () => {
    let fail = true;
    stubApi({
      'GET ssai/advertiser': advertisers,
      [`GET ssai/creative/${ID}`]: () => jsonResponse(200, creative()),
      [`GET ssai/creative/${ID}/conditioning`]: () =>
        fail
          ? jsonResponse(503, {
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Database unreachable',
            })
          : jsonResponse(200, conditioning()),
    });
    open(`/creatives/${ID}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(T.conditioningUnknown);
    fail = false;
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByTestId('creative-conditioning')).toHaveAttribute('data-status', 'ready');
  });
});
