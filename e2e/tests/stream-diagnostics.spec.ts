import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Issue 16: a stream's page plays it in a preview player, shows its ad breaks on a timeline, and
// a break's diagnostics say why it showed slate, in two clicks (the break, then reading). The
// stream is the demo origin's (a 10 s break every 24 s) with an ad server that answers no ads
// and the demo slate: its breaks are slate, and the diagnostics must name the empty answer.

test('the preview plays, the timeline shows the break, and its diagnostics name why it was slate', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.customer.email, password: DEMO.customer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const own = `http://localhost:${new URL(baseURL!).port}`;
  const slates = (await (await request.get('/api/ssai/slate?pageSize=All', { headers })).json()) as {
    data: { _id: string; name: string }[];
  };
  const slate = slates.data.find((s) => s.name === 'Be right back')!;
  const name = `Diagnostics e2e ${Date.now()}`;
  const created = await request.post('/api/ssai/ds', {
    headers,
    data: {
      name,
      sourceStreamUrl: `${own}/demo/origin/live/cue/every-24-for-10/`,
      adDecision: 'external',
      bundles: [],
      vastUrl: `${own}/demo/ads/empty`,
      slateId: slate._id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: streamId } = (await created.json()) as { _id: string };

  try {
    await page.goto('/app/login');
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await expect(page.locator('header').first()).toBeVisible();
    await page.goto(`/app/streams-live/${streamId}`);
    const panel = page.getByRole('region', { name: 'Preview and ad breaks' });
    await expect(panel).toBeVisible();

    // The preview: hls.js is loaded on Play, and the video moves.
    await panel.getByRole('button', { name: 'Play preview' }).click();
    const video = panel.getByLabel(`Preview of ${name}`);
    await expect(video).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);

    // The preview's session reaches a break: it shows on the timeline (refreshed every 15 s).
    const timeline = panel.getByRole('group', { name: 'Ad-break timeline' });
    const mark = timeline.getByRole('button').first();
    await expect(mark).toBeVisible({ timeout: 90_000 });
    await expect(mark).toHaveAccessibleName(/^Ad break at .*: 1 viewer, Slate$/);

    // The preview stops; its breaks stay. (While it plays, a new break lands at the top of the
    // table every 24 s, and decoding video on CI's 2 cores slows the page to seconds per click.)
    await panel.getByRole('button', { name: 'Stop preview' }).click();
    await expect(video).toHaveAttribute('data-state', 'idle');

    // One click on the break (its row: on a 3-hour strip, breaks 24 s apart touch): why it was slate.
    await panel.getByRole('table').getByRole('button').first().click();
    await expect(page).toHaveURL(/\?break=/);
    const details = page.getByRole('region', { name: 'Ad break details' });
    await expect(details.getByText('1 of 1 viewer got slate: The ad server answered no ads.')).toBeVisible();
    await expect(details.getByText(`${own}/demo/ads/empty`)).toBeVisible();
    await expect(details.getByText('The answer offered no ads.')).toBeVisible();
  } finally {
    // Away first: the page's timeline would ask for the deleted stream's breaks (404).
    await page.goto('about:blank');
    await request.delete(`/api/ssai/ds/${streamId}`, { headers });
  }
});
