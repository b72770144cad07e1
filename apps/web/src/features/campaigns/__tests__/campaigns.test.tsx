/**
 * The campaign screens: the list, a campaign's page in sections with the spec's date, time,
 * budget, advertiser and placement messages, the date picker, the campaign manager (/cm: flight
 * states, delivery, reachable by a customer) and the trash with Restore.
 */
import {
  CAMPAIGN_DEFAULTS,
  dailyBudgetMessage,
  FLIGHT_STATE_LABELS,
  CAMPAIGN_LABELS as L,
  VALIDATION_MESSAGES as M,
  RESOURCE_TEXTS,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { renderRoutes } from '../../../test/render-router.tsx';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ID = '5d6e7f80-9a1b-4c2d-8e3f-405162738495';
const ID2 = '5d6e7f80-9a1b-4c2d-8e3f-405162738490';
const ID3 = '5d6e7f80-9a1b-4c2d-8e3f-405162738491';
const ADVERTISER = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const PLACEMENT = '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e';
const CUSTOMER = 'c-1';
const YEAR = new Date().getUTCFullYear();

const campaign = (overrides: Partial<ResourceDto<'campaign'>> = {}): ResourceDto<'campaign'> => ({
  ...CAMPAIGN_DEFAULTS,
  _id: ID,
  customerId: CUSTOMER,
  version: 1,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Spring sale',
  advertiserId: ADVERTISER,
  startDate: `01-01-${YEAR - 1}T00:00:00`,
  endDate: `12-31-${YEAR + 1}T23:59:59`,
  placementIds: [PLACEMENT],
  cpm: 12.5,
  bookedImpressions: 1000,
  ...overrides,
});
const list = (rows: unknown[]) => () => jsonResponse(200, { data: rows, total: rows.length });
const advertisers = list([
  { _id: ADVERTISER, customerId: CUSTOMER, name: 'Acme Sports', status: 'active', contactEmails: [] },
]);
const placements = list([{ _id: PLACEMENT, customerId: CUSTOMER, name: 'All streams', status: 'active' }]);
const none = list([]);
const pickers = {
  'GET ssai/advertiser': advertisers,
  'GET ssai/placement': placements,
  'GET ssai/creative': none,
  'GET ssai/ds': none,
  'GET ssai/vod': none,
};

const ROUTES: RouteObject[] = [
  { path: '/campaigns', handle: { title: 'Campaigns' }, lazy: () => import('../routes/campaigns.tsx') },
  {
    path: '/campaigns/:detail',
    handle: { title: 'Campaign' },
    lazy: () => import('../routes/campaign-detail.tsx'),
  },
  {
    path: '/cm',
    handle: { title: 'Campaign Manager' },
    lazy: () => import('../routes/campaign-manager.tsx'),
  },
  {
    path: '/campaign-manager/index.deleted',
    handle: { title: 'Deleted Campaigns' },
    lazy: () => import('../routes/deleted-campaigns.tsx'),
  },
];
function open(path: string) {
  const view = renderRoutes(ROUTES, path);
  return { ...view, pathname: () => view.router.state.location.pathname };
}
const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('/campaigns', () => {
  it('is a built screen of the console: the list with advertiser, priority, flight, booked, CPM, status', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/campaign': list([
        campaign(),
        campaign({
          _id: ID2,
          name: 'House fill',
          priority: 'house',
          bookedImpressions: 0,
          cpm: 0,
          status: 'inactive',
        }),
      ]),
      'GET ssai/advertiser': advertisers,
    });
    renderApp('/campaigns');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaigns' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Spring sale' });
    await waitFor(() => expect(within(row).getByText('Acme Sports')).toBeInTheDocument());
    expect(within(row).getByText('Standard 5')).toBeInTheDocument();
    expect(row).toHaveTextContent(`01-01-${YEAR - 1}T00:00:00 –12-31-${YEAR + 1}T23:59:59`);
    expect(within(row).getByText('1,000')).toBeInTheDocument();
    expect(within(row).getByText('12.50')).toBeInTheDocument();
    const house = screen.getByRole('row', { name: 'House fill' });
    expect(within(house).getByText(T.priorities.house)).toBeInTheDocument();
    expect(within(house).getByText(T.openEnded)).toBeInTheDocument();
    expect(within(house).getByText('Inactive')).toBeInTheDocument();
    // The other views of the campaigns.
    expect(screen.getByRole('link', { name: T.backToManager })).toHaveAttribute('href', '/cm');
    expect(screen.getByRole('link', { name: T.deletedCampaigns })).toHaveAttribute(
      'href',
      '/campaign-manager/index.deleted',
    );
  });

  it('shows the spec’s messages under the flight, budget, advertiser and placement fields, verbatim', async () => {
    const fetchMock = stubApi(pickers);
    open('/campaigns/new');
    await screen.findByRole('heading', { level: 1, name: T.newCampaign });
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.name), 'Autumn');
    await user.type(field(L.startDate), '06-01-2030T00:00:00');
    await user.type(field(L.endDate), '05-01-2030T00:00:00');
    await user.type(field(L.scheduleStartDate), '06-10-2030T00:00:00');
    await user.type(field(L.maxDate), '06-02-2030T00:00:00');
    await user.type(field(L.excludeStartDate), '13-45-2030');
    await user.type(field(L.ruleStartTime), '25:00');
    await user.type(field(L.ruleEndTime), '08:00');
    await user.type(field(L.dailyBudget), '0');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() =>
      expect(field(L.startDate)).toHaveAccessibleDescription(expect.stringContaining(M.startDateBeforeEnd)),
    );
    expect(M.startDateBeforeEnd).toBe('Start date must be before end date!');
    expect(M.endDateAfterStart).toBe('End date must be after start date!');
    expect(field(L.endDate)).toHaveAccessibleDescription(expect.stringContaining(M.endDateAfterStart));
    expect(field(L.maxDate)).toHaveAccessibleDescription(expect.stringContaining('Invalid date!'));
    expect(field(L.excludeStartDate)).toHaveAccessibleDescription(expect.stringContaining('Invalid date!'));
    expect(field(L.ruleStartTime)).toHaveAccessibleDescription('Invalid time!');
    expect(field(L.dailyBudget)).toHaveAccessibleDescription(
      expect.stringContaining('Daily budget impression must be between 1 and 1000000000.'),
    );
    expect(dailyBudgetMessage(1, 1_000_000_000)).toBe(
      'Daily budget impression must be between 1 and 1000000000.',
    );
    expect(screen.getByRole('combobox', { name: L.advertiserId })).toHaveAccessibleDescription('required *');
    expect(screen.getByText(M.placementsRequired)).toBeInTheDocument();
    expect(M.placementsRequired).toBe('Placements is required');
    expect(posts(fetchMock)).toEqual([]);
  });

  it('moves the flight messages as the dates are corrected (each under its own field)', async () => {
    stubApi(pickers);
    open('/campaigns/new');
    await screen.findByRole('heading', { level: 1, name: T.newCampaign });
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.startDate), '06-01-2030T00:00:00');
    await user.type(field(L.endDate), '05-01-2030T00:00:00');
    await user.tab();
    await waitFor(() =>
      expect(field(L.startDate)).toHaveAccessibleDescription(expect.stringContaining(M.startDateBeforeEnd)),
    );
    await user.clear(field(L.endDate));
    await user.type(field(L.endDate), '07-01-2030T00:00:00');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(M.startDateBeforeEnd)).toBeNull());
    expect(screen.queryByText(M.endDateAfterStart)).toBeNull();
  });

  it('writes a picked date in the spec’s form', async () => {
    stubApi(pickers);
    open('/campaigns/new');
    await screen.findByRole('heading', { level: 1, name: T.newCampaign });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: T.pickDate(L.startDate) }));
    const picker = await screen.findByLabelText(T.pickerLabel(L.startDate));
    expect(picker).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(picker, { target: { value: '2030-03-15T08:30:05' } });
    await user.click(screen.getByRole('button', { name: T.pickerSet }));
    await waitFor(() => expect(field(L.startDate)).toHaveValue('03-15-2030T08:30:05'));
    expect(screen.queryByLabelText(T.pickerLabel(L.startDate))).toBeNull();
  });

  it('creates a campaign with its sections’ values and opens its page', async () => {
    const toasts = spyToasts();
    let created: Record<string, unknown> | undefined;
    stubApi({
      ...pickers,
      'POST ssai/campaign': (init) => {
        created = JSON.parse(String(init.body));
        return jsonResponse(201, campaign({ name: 'Autumn' }));
      },
      [`GET ssai/campaign/${ID}`]: () => jsonResponse(200, campaign({ name: 'Autumn' })),
    });
    const view = open('/campaigns/new');
    await screen.findByRole('heading', { level: 1, name: T.newCampaign });
    const user = userEvent.setup({ delay: null });
    await user.type(field(L.name), 'Autumn');
    await user.click(screen.getByRole('combobox', { name: L.advertiserId }));
    await user.click(await screen.findByRole('option', { name: 'Acme Sports' }));
    await user.type(field(L.startDate), '09-01-2030T00:00:00');
    await user.type(field(L.endDate), '11-30-2030T23:59:59');
    await user.type(field(L.ruleStartTime), '06:00');
    await user.type(field(L.ruleEndTime), '22:30');
    await user.click(screen.getByRole('checkbox', { name: 'Sun' }));
    await user.click(screen.getByRole('radio', { name: T.priorities.sponsorship }));
    // A level only for standard campaigns.
    expect(screen.queryByLabelText(labelled(L.priorityLevel))).toBeNull();
    await user.clear(field(L.bookedImpressions));
    await user.type(field(L.bookedImpressions), '50000');
    await user.type(field(L.dailyBudget), '2000');
    await user.clear(field(L.cpm));
    await user.type(field(L.cpm), '8');
    await user.click(screen.getByRole('radio', { name: 'As fast as possible' }));
    await user.click(screen.getByRole('combobox', { name: L.placementIds }));
    await user.click(await screen.findByRole('option', { name: 'All streams' }));
    await user.click(screen.getByRole('checkbox', { name: 'Connected TV' }));
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.pathname()).toBe(`/campaigns/${ID}`));
    expect(created).toEqual({
      ...CAMPAIGN_DEFAULTS,
      name: 'Autumn',
      advertiserId: ADVERTISER,
      startDate: '09-01-2030T00:00:00',
      endDate: '11-30-2030T23:59:59',
      ruleStartTime: '06:00',
      ruleEndTime: '22:30',
      targetDays: [1, 2, 3, 4, 5, 6],
      priority: 'sponsorship',
      bookedImpressions: 50000,
      dailyBudget: 2000,
      cpm: 8,
      pacing: 'asap',
      placementIds: [PLACEMENT],
      targetDevices: ['ctv'],
    });
    expect(toasts.mock.calls.map(([t]) => t.message)).toEqual([RESOURCE_TEXTS.created('Campaign')]);
  });
});

describe('/cm, the campaign manager', () => {
  const now = Date.now();
  const at = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}-${d.getUTCFullYear()}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  };
  const DAY = 86_400_000;
  const campaigns = [
    campaign({ name: 'Running', startDate: at(now - DAY), endDate: at(now + DAY), bookedImpressions: 1000 }),
    campaign({ _id: ID2, name: 'Later', startDate: at(now + DAY), endDate: at(now + 2 * DAY) }),
    campaign({
      _id: ID3,
      name: 'Past',
      startDate: at(now - 3 * DAY),
      endDate: at(now - 2 * DAY),
      bookedImpressions: 0,
    }),
    campaign({ _id: `${ID3.slice(0, -1)}2`, name: 'Paused', status: 'inactive' }),
  ];
  const delivery = () =>
    jsonResponse(200, {
      data: [
        {
          campaignId: ID,
          served: 250,
          impressions: 200,
          revenueMillicents: 200 * 1250,
          servedToday: 40,
          impressionsToday: 30,
          held: 12,
        },
        {
          campaignId: ID3,
          served: 10,
          impressions: 9,
          revenueMillicents: 9 * 1250,
          servedToday: 0,
          impressionsToday: 0,
          held: 0,
        },
      ],
    });

  it('is reachable by a customer (it "requires login", nothing more) and shows the campaigns by flight state', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/campaign': list(campaigns),
      'GET ssai/campaign-delivery': delivery,
      'GET ssai/advertiser': advertisers,
    });
    const view = renderApp('/cm');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaign Manager' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(view.location()).toBe('/cm');
    const rows = await screen.findAllByTestId('manager-row');
    // Running first, then scheduled, ended, inactive.
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Running',
      'Later',
      'Past',
      'Paused',
    ]);
    expect(within(rows[0]!).getByText(FLIGHT_STATE_LABELS.running)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(FLIGHT_STATE_LABELS.scheduled)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(FLIGHT_STATE_LABELS.ended)).toBeInTheDocument();
    expect(within(rows[3]!).getByText(FLIGHT_STATE_LABELS.inactive)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rows[0]!).getByText(T.impressionsOfBooked('200', '1,000'))).toBeInTheDocument(),
    );
    // Delivery is the impressions counted (what the booking spends), not the ads served.
    expect(within(rows[0]!).getByRole('progressbar', { name: T.deliveredShare('Running') })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(within(rows[0]!).getByText(T.held('12'))).toBeInTheDocument();
    expect(within(rows[0]!).getByText('250')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2.50')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(T.impressionsOpen('9'))).toBeInTheDocument();
    expect(within(rows[2]!).queryByText(/held for ads in flight/)).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'Running' })).toHaveAttribute(
      'href',
      `/campaigns/${ID}`,
    );
    expect(screen.getByRole('link', { name: T.newCampaign })).toHaveAttribute('href', '/campaigns/new');
  });

  it('filters by flight state, kept in the URL', async () => {
    stubApi({
      'GET ssai/campaign': list(campaigns),
      'GET ssai/campaign-delivery': delivery,
      'GET ssai/advertiser': advertisers,
    });
    const view = open('/cm');
    await screen.findAllByTestId('manager-row');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: T.stateCount(FLIGHT_STATE_LABELS.scheduled, 1) }));
    await waitFor(() => expect(screen.getAllByTestId('manager-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Later' })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?state=scheduled');
    await user.click(screen.getByRole('radio', { name: T.stateCount(T.allStates, 4) }));
    await waitFor(() => expect(screen.getAllByTestId('manager-row')).toHaveLength(4));
  });

  it('says so when there are no campaigns, and when they could not be loaded', async () => {
    stubApi({
      'GET ssai/campaign': none,
      'GET ssai/campaign-delivery': () => jsonResponse(200, { data: [] }),
    });
    const { unmount } = open('/cm');
    expect(await screen.findByTestId('manager-empty')).toHaveTextContent(T.noCampaigns);
    unmount();
    stubApi({
      'GET ssai/campaign': () =>
        jsonResponse(503, { statusCode: 503, error: 'Service Unavailable', message: 'Database unreachable' }),
      'GET ssai/campaign-delivery': () => jsonResponse(200, { data: [] }),
    });
    open('/cm');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(T.managerFailed);
  });
});

describe('/campaign-manager/index.deleted', () => {
  it('restores a deleted campaign after asking, and refreshes the trash', async () => {
    const toasts = spyToasts();
    let trash = [campaign({ name: 'Old promo' })];
    const fetchMock = stubApi({
      'GET ssai/campaign/deleted': () => jsonResponse(200, { data: trash, total: trash.length }),
      'GET ssai/advertiser': advertisers,
      [`POST ssai/campaign/${ID}/restore`]: () => {
        trash = [];
        return jsonResponse(200, campaign({ name: 'Old promo', version: 2 }));
      },
    });
    open('/campaign-manager/index.deleted');
    const row = await screen.findByTestId('deleted-row');
    expect(row).toHaveTextContent('Old promo');
    const user = userEvent.setup({ delay: null });
    // Cancel keeps it in the trash.
    await user.click(within(row).getByRole('button', { name: T.restoreNamed('Old promo') }));
    let dialog = await screen.findByRole('dialog', { name: T.restoreTitle('Old promo') });
    expect(within(dialog).getByRole('button', { name: T.cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([]);
    await user.click(within(row).getByRole('button', { name: T.restoreNamed('Old promo') }));
    dialog = await screen.findByRole('dialog', { name: T.restoreTitle('Old promo') });
    expect(dialog).toHaveTextContent(T.restoreQuestion('Old promo'));
    await user.click(within(dialog).getByRole('button', { name: T.restore }));
    await waitFor(() => expect(toasts.mock.calls.map(([t]) => t.message)).toEqual([T.restored('Old promo')]));
    expect(await screen.findByTestId('deleted-empty')).toHaveTextContent(T.noDeleted);
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('toasts the server’s message when a restore is refused', async () => {
    const toasts = spyToasts();
    const message = 'A campaign named Old promo already exists';
    stubApi({
      'GET ssai/campaign/deleted': list([campaign({ name: 'Old promo' })]),
      'GET ssai/advertiser': advertisers,
      [`POST ssai/campaign/${ID}/restore`]: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message,
          showMessage: true,
          fields: [{ field: 'name', message }],
        }),
    });
    open('/campaign-manager/index.deleted');
    const row = await screen.findByTestId('deleted-row');
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: T.restoreNamed('Old promo') }));
    const dialog = await screen.findByRole('dialog', { name: T.restoreTitle('Old promo') });
    await user.click(within(dialog).getByRole('button', { name: T.restore }));
    await waitFor(() => expect(toasts.mock.calls.map(([t]) => t.message)).toEqual([message]));
    // Still in the trash.
    expect(await screen.findByTestId('deleted-row')).toHaveTextContent('Old promo');
  });

  it('says when the trash is empty', async () => {
    stubApi({ 'GET ssai/campaign/deleted': none, 'GET ssai/advertiser': advertisers });
    open('/campaign-manager/index.deleted');
    expect(await screen.findByTestId('deleted-empty')).toHaveTextContent(T.noDeleted);
  });
});
