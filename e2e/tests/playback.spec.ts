import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
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
  ended: boolean;
}

/**
 * A blank page with a video element and hls.js playing `url` (muted, at `rate`): the player
 * fetches the playback URLs cross-origin (CORS). `seenBy` reads what it played.
 */
async function startPlayer(page: Page, url: string, config: object, rate = 1) {
  await page.setContent('<video id="v" muted playsinline width="320"></video>');
  await page.addScriptTag({ path: HLS_JS });
  await page.evaluate(
    ({ source, config, rate }) => {
      interface Player {
        on(event: string, listener: (event: string, data: never) => void): void;
        loadSource(url: string): void;
        attachMedia(video: HTMLVideoElement): void;
      }
      const w = window as unknown as {
        Hls: { new (config: object): Player; Events: Record<string, string> };
        seen: Seen;
      };
      const seen: Seen = { played: [], errors: [], currentTime: 0, ended: false };
      w.seen = seen;
      const video = document.getElementById('v') as HTMLVideoElement;
      video.addEventListener('timeupdate', () => {
        seen.currentTime = video.currentTime;
      });
      video.addEventListener('ended', () => {
        seen.ended = true;
      });
      const hls = new w.Hls(config);
      hls.on(w.Hls.Events.FRAG_CHANGED!, (_event, data: { frag: { url: string; start: number } }) => {
        seen.played.push({ url: data.frag.url, start: data.frag.start });
      });
      hls.on(w.Hls.Events.ERROR!, (_event, data: { fatal: boolean; details: string }) => {
        seen.errors.push({ fatal: data.fatal, details: data.details });
      });
      hls.loadSource(source);
      hls.attachMedia(video);
      video.playbackRate = rate;
      video.defaultPlaybackRate = rate;
      void video.play();
    },
    { source: url, config, rate },
  );
}

const seenBy = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
const isAd = (u: string) => u.includes('/demo/ads/media/');
const isContent = (u: string) => u.includes('/demo/media/content/');

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
    await startPlayer(page, url, { liveSyncDurationCount: 3 });
    const seen = () => seenBy(page);
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
    expect(played.some((f) => isContent(f.url))).toBe(true);
    const adSegments = played.filter((f) => isAd(f.url));
    expect(adSegments.length).toBeGreaterThan(0);
  } finally {
    // The player first: it would go on asking for the deleted stream's playlists (404).
    await page.goto('about:blank');
    await request.delete(`/api/ssai/ds/${streamId}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

test('hls.js plays a stitched VOD asset with a pre-roll and a mid-roll to its end', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.customer.email, password: DEMO.customer.password },
  });
  const { token } = (await login.json()) as { token: string };
  const own = `http://localhost:${new URL(baseURL!).port}`;
  // The demo content loop once (20 s), a mid-roll at 10 s, and 10 s ads from the demo ad server.
  const created = await request.post('/api/ssai/vod', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `VOD playback e2e ${Date.now()}`,
      sourceUrl: `${own}/demo/origin/vod/master.m3u8?loops=1`,
      duration: 20,
      cuePoints: [10],
      adTagUrl: `${own}/demo/ads/vast?dur=10&sid=[SESSION_ID]`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: vodId } = (await created.json()) as { _id: string };
  const url = `${baseURL}${playbackPath(PLAYBACK_PATHS.vodMaster, { vodId })}`;

  try {
    await startPlayer(page, url, {}, 2);
    // The player reaches the end of the stitched asset (about 40 s, played at twice the speed).
    await expect
      .poll(async () => (await seenBy(page)).ended, { timeout: 120_000, intervals: [1000] })
      .toBe(true);
    const { errors, played } = await seenBy(page);
    expect(errors.filter((e) => e.fatal)).toEqual([]);
    // What played, as runs: the pre-roll, content, the mid-roll, content.
    const runs: string[] = [];
    for (const f of played) {
      const kind = isAd(f.url) ? 'ad' : isContent(f.url) ? 'content' : f.url;
      if (runs[runs.length - 1] !== kind) runs.push(kind);
    }
    expect(runs).toEqual(['ad', 'content', 'ad', 'content']);
    // The mid-roll starts 10 s into the content: after the 10 s pre-roll, at 20 s.
    const midroll = played.findIndex((f, i) => i > 0 && isAd(f.url) && !isAd(played[i - 1]!.url));
    expect(played[midroll]!.start).toBeCloseTo(20, 0);
  } finally {
    await page.goto('about:blank');
    await request.delete(`/api/ssai/vod/${vodId}`, { headers: { authorization: `Bearer ${token}` } });
  }
});
