import { KIT_TEXTS } from '../../apps/web/src/components/resource/texts.ts';
import { ADVERTISER_TEXTS } from '../../apps/web/src/features/advertisers/texts.ts';
import { BUNDLE_SCREEN_TEXTS } from '../../apps/web/src/features/bundles/texts.ts';
import { CAMPAIGN_SCREEN_TEXTS } from '../../apps/web/src/features/campaigns/texts.ts';
import { CREATIVE_SCREEN_TEXTS } from '../../apps/web/src/features/creatives/texts.ts';
import { DEMAND_REPORTS_TEXTS } from '../../apps/web/src/features/demand-reports/texts.ts';
import { DATASOURCE_TEXTS } from '../../apps/web/src/features/live-streams/texts.ts';
import { PLACEMENT_SCREEN_TEXTS } from '../../apps/web/src/features/placements/texts.ts';
import {
  ADVERTISER_LABELS,
  BUNDLE_LABELS,
  CAMPAIGN_LABELS,
  CREATIVE_LABELS,
  LIVE_STREAM_LABELS,
  PLACEMENT_LABELS,
  RESOURCE_TEXTS,
  RESOURCES,
} from '../../packages/core/src/index.ts';
import { E2E_FLAGS, type E2eServer, startServer } from '../server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, makeMp4, signIn } from './helpers.ts';

// Issue 17, start to finish as a customer sells an ad without a third-party ad server: an
// advertiser, a creative uploaded as MP4 and conditioned into HLS, a placement, a sponsorship
// campaign, a bundle of that campaign, attached to a stream on its ad configuration page; then the
// stream plays (the demo origin, a 10 s break every 24 s), the creative's conditioned segments are
// in the break, its impression beacon counts, and the main administrator's Insights show it.

// Its own server, whose PUBLIC_URL is its address: the impression beacons the ad server signs are
// on the address it listens on.
let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer('demand-flow', E2E_FLAGS, { ownPublicUrl: true });
});
test.afterAll(async () => {
  await server.stop();
});

const main = (page: Page) => page.getByRole('main');
const save = (page: Page) => page.getByRole('button', { name: KIT_TEXTS.save });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const recordUrl = (path: string) => new RegExp(`/app${path}/[0-9a-f-]{36}$`);
/** Picks `option` from the Mantine select or multi-select labelled `label` within `root`. */
async function pick(page: Page, root: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await root.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}
/** MM-DD-YYYYTHH:mm:ss (the spec's campaign dates), in UTC. */
const campaignDate = (ms: number) => {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}-${d.getUTCFullYear()}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
};

test('a campaign of the account’s own plays in a stream’s break, and its impression shows in Insights', async ({
  page,
  playwright,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const names = {
    advertiser: `Flow advertiser ${stamp}`,
    creative: `Flow spot ${stamp}`,
    placement: `Flow placement ${stamp}`,
    campaign: `Flow campaign ${stamp}`,
    bundle: `Flow bundle ${stamp}`,
    stream: `Flow stream ${stamp}`,
  };
  const own = server.url;
  const request = await playwright.request.newContext({ baseURL: own });
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.customer.email, password: DEMO.customer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  // The stream: the demo origin's 10 s break every 24 s, internal ad decision, no bundle yet.
  const created = await request.post('/api/ssai/ds', {
    headers,
    data: {
      name: names.stream,
      sourceStreamUrl: `${own}/demo/origin/live/cue/every-24-for-10/`,
      adDecision: 'internal',
      bundles: [{ name: 'Share', percentage: 100, bundleId: null }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: streamId } = (await created.json()) as { _id: string };

  try {
    await page.goto(`${own}/app/login`);
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await expect(page.locator('header').first()).toBeVisible();

    // The advertiser.
    await page.goto(`${own}/app/advertisers`);
    await main(page).getByRole('link', { name: ADVERTISER_TEXTS.newAdvertiser }).first().click();
    await textbox(page, ADVERTISER_LABELS.name).fill(names.advertiser);
    await save(page).click();
    await expect(toast(page, RESOURCE_TEXTS.created(RESOURCES.advertiser.label))).toBeVisible();
    await expect(page).toHaveURL(recordUrl('/advertisers'));

    // The creative: an MP4 upload, conditioned into HLS by the server.
    await page.goto(`${own}/app/creatives/new`);
    await textbox(page, CREATIVE_LABELS.name).fill(names.creative);
    await pick(page, page, CREATIVE_LABELS.advertiserId, names.advertiser);
    await page.getByText(CREATIVE_SCREEN_TEXTS.sources.upload, { exact: true }).click();
    await page.getByTestId('creative-file').setInputFiles(makeMp4());
    await expect(page.getByTestId('creative-uploaded-url')).toContainText('/files/');
    await textbox(page, CREATIVE_LABELS.duration).fill('4');
    await save(page).click();
    await expect(toast(page, RESOURCE_TEXTS.created(RESOURCES.creative.label))).toBeVisible();
    await expect(page).toHaveURL(recordUrl('/creatives'));
    const creativeId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(page.getByTestId('creative-conditioning')).toHaveAttribute('data-status', 'ready', {
      timeout: 120_000,
    });

    // The placement: every stream, every position.
    await page.goto(`${own}/app/placements`);
    await main(page).getByRole('link', { name: PLACEMENT_SCREEN_TEXTS.newPlacement }).first().click();
    await textbox(page, PLACEMENT_LABELS.name).fill(names.placement);
    await save(page).click();
    await expect(toast(page, RESOURCE_TEXTS.created(RESOURCES.placement.label))).toBeVisible();

    // The campaign: a sponsorship of the creative, flying from yesterday to next year.
    await page.goto(`${own}/app/campaigns`);
    await main(page).getByRole('link', { name: CAMPAIGN_SCREEN_TEXTS.newCampaign }).first().click();
    await textbox(page, CAMPAIGN_LABELS.name).fill(names.campaign);
    await textbox(page, CAMPAIGN_LABELS.startDate).fill(campaignDate(stamp - 86_400_000));
    await textbox(page, CAMPAIGN_LABELS.endDate).fill(campaignDate(stamp + 365 * 86_400_000));
    await pick(page, page, CAMPAIGN_LABELS.advertiserId, names.advertiser);
    await pick(page, page, CAMPAIGN_LABELS.placementIds, names.placement);
    await pick(page, page, CAMPAIGN_LABELS.creativeIds, names.creative);
    await save(page).click();
    await expect(toast(page, RESOURCE_TEXTS.created(RESOURCES.campaign.label))).toBeVisible();
    await expect(page).toHaveURL(recordUrl('/campaigns'));
    const campaignId = new URL(page.url()).pathname.split('/').at(-1)!;

    // The bundle: that campaign alone, 100%.
    await page.goto(`${own}/app/demand/new`);
    await textbox(page, BUNDLE_LABELS.name).fill(names.bundle);
    const source = page.getByRole('group', { name: BUNDLE_SCREEN_TEXTS.source(1) });
    await pick(page, source, BUNDLE_LABELS.campaignIds, names.campaign);
    await save(page).click();
    await expect(toast(page, RESOURCE_TEXTS.created(RESOURCES.bundle.label))).toBeVisible();

    // Attached to the stream on its ad configuration page.
    await page.goto(`${own}/app/streams-ads/${streamId}`);
    await expect(page.getByRole('heading', { level: 1, name: names.stream })).toBeVisible();
    const share = page.getByRole('group', { name: DATASOURCE_TEXTS.row(LIVE_STREAM_LABELS.bundleName, 1) });
    await pick(page, share, DATASOURCE_TEXTS.demandBundle, names.bundle);
    await save(page).click();
    await expect(toast(page, RESOURCE_TEXTS.updated(RESOURCES.liveStream.label))).toBeVisible();

    // A viewer plays the stream until a break is stitched: the creative's conditioned HLS is in it.
    const master = await request.get(`/play/live/${streamId}/master.m3u8`);
    expect(master.status()).toBe(200);
    const rendition = (await master.text()).split('\n').find((line) => line.includes('/r/'))!;
    const renditionUrl = new URL(rendition, `${own}/play/live/${streamId}/`).href;
    const trackingUrl = renditionUrl.replace(/\/r\/\d+\.m3u8$/, '/tracking');
    await expect
      .poll(async () => (await (await request.get(renditionUrl)).text()).includes('/media/creatives/'), {
        timeout: 90_000,
        intervals: [2_000],
      })
      .toBe(true);
    const tracking = (await (await request.get(trackingUrl)).json()) as {
      avails: { ads: { adId: string; creativeId?: string }[] }[];
    };
    const placed = tracking.avails.flatMap((a) => a.ads);
    expect(placed[0]).toMatchObject({ adId: campaignId, creativeId });

    // The player reports the impression from the session's tracking document, as a client-side
    // tracking player does (the data plane's own server-side beacons are tested in the server
    // suite): the campaign counts it.
    const impressionUrl = (
      (await (await request.get(trackingUrl)).json()) as {
        avails: { ads: { trackingEvents: { eventType: string; beaconUrls: string[] }[] }[] }[];
      }
    ).avails
      .flatMap((a) => a.ads)[0]!
      .trackingEvents.find((e) => e.eventType === 'impression')!
      .beaconUrls.find((url) => url.startsWith(`${own}/ads/impression?`));
    expect(impressionUrl, 'the built-in ad server’s impression beacon').toBeDefined();
    expect((await request.get(impressionUrl!)).status()).toBe(204);
    const delivery = (await (await request.get('/api/ssai/campaign-delivery', { headers })).json()) as {
      data: { campaignId: string; served: number; impressions: number }[];
    };
    const ours = delivery.data.find((d) => d.campaignId === campaignId);
    expect(ours?.served).toBeGreaterThanOrEqual(1);
    expect(ours?.impressions).toBeGreaterThanOrEqual(1);

    // The main administrator's Insights, by campaign: the campaign's impression is there.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/app\/login/);
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page.locator('header').first()).toBeVisible();
    await page.goto(`${own}/app/insights?groupBy=campaign`);
    const table = main(page).getByRole('table');
    const row = table.getByRole('row', { name: new RegExp(names.campaign) });
    await expect(row).toBeVisible();
    const columns = await table.getByRole('columnheader').allInnerTexts();
    const column = columns.indexOf(DEMAND_REPORTS_TEXTS.insights.columns.campaignImpressions);
    expect(column).toBeGreaterThan(0);
    const shown = await row.locator('th, td').nth(column).innerText();
    expect(Number(shown.replace(/[^0-9]/g, ''))).toBeGreaterThanOrEqual(1);
  } finally {
    await page.goto('about:blank');
    await request.delete(`/api/ssai/ds/${streamId}`, { headers });
    await request.dispose();
  }
});
