import { createRequire } from 'node:module';
import { PLAYBACK_PATHS, playbackPath } from '../../packages/core/src/index.ts';
import { expect, test } from './fixtures.ts';
import { DEMO } from './helpers.ts';

// Issue 15: a stream configured in the console plays, stitched, in an HLS player. hls.js (what
// most web players are built on) plays a live stream of the built-in demo origin in Chromium
// (Debian's Chromium plays H.264/AAC through MSE), through an ad break filled by the built-in
// demo ad server: the ad's segments are fetched and played, and playback goes on past the
// break's end into the content again.

const require = createRequire(import.meta.url);
const HLS_JS = require.resolve('hls.js/dist/hls.min.js');

/** What the page saw, in order: each fragment the player entered, and the errors it reported. */
interface Seen {
  played: { url: string; start: number }[];
  errors: { fatal: boolean; details: string }[];
  currentTime: number;
}

test('hls.js plays a stitched live stream through an ad break', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.customer.email, password: DEMO.customer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const name = `Playback e2e ${Date.now()}`;
  // The server's own public URL (PUBLIC_URL's default, http://localhost:PORT): the data plane
  // fetches from that host although it is loopback; any other private address is refused.
  const own = `http://localhost:${new URL(baseURL!).port}`;
  // A 10 s break every 24 s (the demo origin's cadence folder), filled by the demo ad server.
  const created = await request.post('/api/ssai/ds', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      sourceStreamUrl: `${own}/demo/origin/live/cue/every-24-for-10/`,
      adDecision: 'external',
      bundles: [],
      vastUrl: `${own}/demo/ads/vast?dur=[AVAIL_DURATION]&sid=[SESSION_ID]`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: streamId } = (await created.json()) as { _id: string };
  const url = `${baseURL}${playbackPath(PLAYBACK_PATHS.liveMaster, { streamId })}`;

  try {
    // A blank page with a video element: the player fetches the playback URLs cross-origin (CORS).
    await page.setContent('<video id="v" muted playsinline width="320"></video>');
    await page.addScriptTag({ path: HLS_JS });
    await page.evaluate((source) => {
      interface Player {
        on(event: string, listener: (event: string, data: never) => void): void;
        loadSource(url: string): void;
        attachMedia(video: HTMLVideoElement): void;
      }
      const w = window as unknown as {
        Hls: { new (config: object): Player; Events: Record<string, string> };
        seen: Seen;
      };
      const seen: Seen = { played: [], errors: [], currentTime: 0 };
      w.seen = seen;
      const video = document.getElementById('v') as HTMLVideoElement;
      video.addEventListener('timeupdate', () => {
        seen.currentTime = video.currentTime;
      });
      const hls = new w.Hls({ liveSyncDurationCount: 3 });
      hls.on(w.Hls.Events.FRAG_CHANGED!, (_event, data: { frag: { url: string; start: number } }) => {
        seen.played.push({ url: data.frag.url, start: data.frag.start });
      });
      hls.on(w.Hls.Events.ERROR!, (_event, data: { fatal: boolean; details: string }) => {
        seen.errors.push({ fatal: data.fatal, details: data.details });
      });
      hls.loadSource(source);
      hls.attachMedia(video);
      void video.play();
    }, url);

    const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
    const isAd = (u: string) => u.includes('/demo/ads/media/');
    // Played into an ad, then out of the break into content again, and on past that point.
    await expect
      .poll(
        async () => {
          const { played, currentTime } = await seen();
          const firstAd = played.findIndex((f) => isAd(f.url));
          if (firstAd < 0) return 'no ad played yet';
          const after = played.slice(firstAd).find((f) => !isAd(f.url));
          if (!after) return 'still in the break';
          return currentTime > after.start + 1 ? 'past the break' : 'at the break’s end';
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .toBe('past the break');

    const { errors, played } = await seen();
    expect(errors.filter((e) => e.fatal)).toEqual([]);
    expect(played.some((f) => f.url.includes('/demo/media/content/'))).toBe(true);
    const adSegments = played.filter((f) => isAd(f.url));
    expect(adSegments.length).toBeGreaterThan(0);
  } finally {
    await request.delete(`/api/ssai/ds/${streamId}`, { headers: { authorization: `Bearer ${token}` } });
  }
});
