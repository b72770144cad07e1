import {
  formatSpecDateTime,
  EVENT_SCHEDULE_LABELS as L,
  PLAYBACK_PATHS,
  playbackPath,
  EVENT_SCHEDULE_TEXTS as T,
  VALIDATION_MESSAGES,
} from '../../packages/core/src/index.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Issue 16: the Event Scheduler. The main administrator schedules an interval event (the spec's
// message first) and a fixed-time break a few seconds ahead on a stream whose origin sends no
// cue then; the stitched playlist of that stream carries the break (the demo ad server's ads).

const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}`);

test('the scheduler’s break appears in the stitched playlist', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.customer.email, password: DEMO.customer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const own = `http://localhost:${new URL(baseURL!).port}`;
  const name = `Scheduled e2e ${Date.now()}`;
  // The demo origin with one 20 s break an hour (on the hour); ads from the demo ad server.
  const created = await request.post('/api/ssai/ds', {
    headers,
    data: {
      name,
      sourceStreamUrl: `${own}/demo/origin/live/cue/every-3600-for-20/`,
      adDecision: 'external',
      bundles: [],
      vastUrl: `${own}/demo/ads/vast?dur=[AVAIL_DURATION]&sid=[SESSION_ID]`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: streamId } = (await created.json()) as { _id: string };

  try {
    await page.goto('/app/event-scheduler');
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();

    const fill = async (dialogName: string, eventName: string) => {
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByRole('textbox', { name: label(L.name) }).fill(eventName);
      await dialog.getByRole('combobox', { name: label(L.streamId) }).click();
      await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      await dialog
        .getByRole('textbox', { name: label(L.startDate) })
        .fill(formatSpecDateTime(Date.now() - 60_000));
      return dialog;
    };

    // An interval event: an interval not above the ad duration is refused in the spec's words.
    await page.getByRole('button', { name: T.newEvent }).first().click();
    const interval = await fill(T.newEvent, 'Every ten minutes');
    await interval.getByRole('radio', { name: 'Interval' }).check();
    await interval.getByRole('textbox', { name: label(L.adDuration) }).fill('30');
    await interval.getByRole('textbox', { name: label(L.interval) }).fill('20');
    await interval.getByRole('button', { name: 'Save' }).click();
    await expect(interval.getByText(VALIDATION_MESSAGES.intervalAboveAdDuration)).toBeVisible();
    await interval.getByRole('textbox', { name: label(L.interval) }).fill('600');
    await expect(interval.getByTestId('occurrence-preview')).toBeVisible();
    await interval.getByRole('button', { name: 'Save' }).click();
    await expect(interval).toBeHidden();
    await expect(page.getByRole('button', { name: 'Every ten minutes', exact: true })).toBeVisible();

    // A fixed-time break a few seconds ahead, on an even second (the demo's 2 s segments).
    await page.getByRole('button', { name: T.newEvent }).first().click();
    const fixed = await fill(T.newEvent, 'Break now');
    const breakAt = Math.ceil((Date.now() + 20_000) / 2000) * 2000;
    await fixed.getByRole('textbox', { name: label(L.adDuration) }).fill('10');
    await fixed.getByRole('textbox', { name: label(L.fixedTimes) }).fill(formatSpecDateTime(breakAt));
    await expect(fixed.getByTestId('occurrence-preview')).toContainText(formatSpecDateTime(breakAt));
    await fixed.getByRole('button', { name: 'Save' }).click();
    await expect(fixed).toBeHidden();
    const row = page.getByRole('row', { name: /Break now/ });
    await expect(row).toContainText(`${formatSpecDateTime(breakAt)} UTC`);

    // A viewer of the stitched stream gets the break: ads from the demo ad server.
    const master = await request.get(`${baseURL}${playbackPath(PLAYBACK_PATHS.liveMaster, { streamId })}`);
    expect(master.status()).toBe(200);
    const variant = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!;
    const mediaUrl = new URL(variant, `${baseURL}${playbackPath(PLAYBACK_PATHS.liveMaster, { streamId })}`)
      .href;
    await expect
      .poll(async () => (await (await request.get(mediaUrl)).text()).includes('/demo/ads/media/'), {
        timeout: 60_000,
        intervals: [1000],
      })
      .toBe(true);
  } finally {
    // Away first: the scheduler would ask for the deleted stream's events (404).
    await page.goto('about:blank');
    await request.delete(`/api/ssai/ds/${streamId}`, { headers });
  }
});
