/**
 * Stitched live HLS per viewer session, end to end over HTTP: a real Fastify server with the
 * playback routes and a real database, a fake live origin whose window follows the test's clock
 * (a 12 s CUE-OUT/CUE-IN break every cycle), a fake VAST server and ad CDN (fake-media.ts).
 */
import { randomBytes } from 'node:crypto';
import type { MediaPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_TEXTS } from '../problems.ts';
import type { TrackingDocument } from '../tracking.ts';
import { BREAK_END, BREAK_START, CYCLE, LONG_BREAK_END } from './fake-media.ts';
import {
  type Harness,
  mediaPlaylist,
  numbering,
  openSession,
  PRIVATE_HOST,
  PUBLIC_URL,
  paths,
  startHarness,
  USER_AGENT,
} from './live-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Content segment `segment` of cycle `cycle`, as the stitched playlist names it (rendition v0). */
const content = (cycle: number, segment: number, rendition = 0) =>
  `/live/v${rendition}/seg-${cycle * CYCLE + segment}.ts`;

/** Plays one rendition from segment `from` to `to` of a cycle, one refresh per segment. */
async function play(uri: string, cycle: number, from: number, to: number): Promise<MediaPlaylist[]> {
  const out: MediaPlaylist[] = [];
  for (let segment = from; segment <= to; segment++) {
    h.at(cycle, segment);
    out.push(await mediaPlaylist(h, uri));
  }
  return out;
}

/** Every refresh agrees with the previous ones: same URI and discontinuity count at each number. */
function expectConsistent(playlists: MediaPlaylist[]) {
  const seen = new Map<number, { uri: string; discontinuity: number }>();
  let last = -1;
  for (const playlist of playlists) {
    expect(playlist.mediaSequence).toBeGreaterThanOrEqual(last);
    last = playlist.mediaSequence;
    for (const [msn, segment] of numbering(playlist)) {
      const before = seen.get(msn);
      if (before) expect(segment, `segment ${msn}`).toEqual(before);
      seen.set(msn, segment);
    }
  }
}

async function tracking(streamId: string, sessionId: string): Promise<TrackingDocument> {
  const response = await h.get(`/play/live/${streamId}/s/${sessionId}/tracking`);
  expect(response.status).toBe(200);
  return (await response.json()) as TrackingDocument;
}

describe('master.m3u8 (implicit session)', () => {
  it('rewrites every variant to the session’s own media playlist URL and creates the session', async () => {
    const streamId = await h.stream();
    h.at(h.nextCycle(), 10);
    const response = await h.get(`/play/live/${streamId}/master.m3u8`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const text = await response.text();
    expect(text).not.toContain(h.media.base);

    const a = await openSession(h, streamId);
    const b = await openSession(h, streamId);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.uris).toEqual([0, 1].map((i) => `/play/live/${streamId}/s/${a.sessionId}/r/${i}.m3u8`));
    // The origin's variant attributes are kept.
    expect(a.master.variants.map((v) => v.attributes.find((x) => x.name === 'BANDWIDTH')?.value)).toEqual([
      '800000',
      '2400000',
    ]);
    // The session serves its media playlists.
    const playlist = await mediaPlaylist(h, a.uris[1]!);
    expect(playlist.segments.at(-1)?.uri).toBe(
      `${h.media.base}/live/v1/seg-${playlist.mediaSequence + 5}.ts`,
    );
  });

  it('treats an origin whose master.m3u8 is a media playlist as a single rendition', async () => {
    const streamId = await h.stream({ sourceStreamUrl: `${h.media.base}/single/` });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const session = await openSession(h, streamId);
    expect(session.uris).toEqual([`/play/live/${streamId}/s/${session.sessionId}/r/0.m3u8`]);
    const playlist = await mediaPlaylist(h, session.uris[0]!);
    expect(paths(h, playlist).at(-1)).toBe(`/single/seg-${cycle * CYCLE + 10}.ts`);
  });
});

describe('stitched media playlists', () => {
  it('replaces the break with the ad, between discontinuities, the same in both renditions', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris } = await openSession(h, streamId);
    const low: MediaPlaylist[] = [];
    const high: MediaPlaylist[] = [];
    for (let segment = 10; segment <= BREAK_END + 1; segment++) {
      h.at(cycle, segment);
      low.push(await mediaPlaylist(h, uris[0]!));
      high.push(await mediaPlaylist(h, uris[1]!));
    }
    const after = low.at(-1)!;
    // The 12 s break (3 content segments) became the 8 s HLS ad: the MP4-only ad needs
    // transcoding, and there is no slate to fill the rest.
    expect(paths(h, after)).toEqual([
      content(cycle, BREAK_START - 1),
      `|/creative/low/seg-0.ts`,
      '/creative/low/seg-1.ts',
      `|${content(cycle, BREAK_END)}`,
      content(cycle, BREAK_END + 1),
    ]);
    expect(after.segments.some((s) => s.tags.some((t) => t.name.startsWith('EXT-X-CUE')))).toBe(false);
    // The other rendition plays the creative's nearest rendition, at the same numbers.
    expect(paths(h, high.at(-1)!)).toEqual([
      content(cycle, BREAK_START - 1, 1),
      `|/creative/high/seg-0.ts`,
      '/creative/high/seg-1.ts',
      `|${content(cycle, BREAK_END, 1)}`,
      content(cycle, BREAK_END + 1, 1),
    ]);
    for (let i = 0; i < low.length; i++) {
      expect(high[i]!.mediaSequence).toBe(low[i]!.mediaSequence);
      expect(high[i]!.discontinuitySequence).toBe(low[i]!.discontinuitySequence);
      expect(high[i]!.segments.map((s) => s.discontinuity)).toEqual(
        low[i]!.segments.map((s) => s.discontinuity),
      );
    }
    // The viewer's state holds across refreshes: numbers only grow, and never change meaning.
    expectConsistent(low);
    expectConsistent(high);
  });

  it('follows VAST wrappers to the inline ad', async () => {
    const streamId = await h.stream({ vastUrl: `${h.media.base}/vast-wrapper` });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris } = await openSession(h, streamId);
    const playlists = await play(uris[0]!, cycle, 10, BREAK_END);
    expect(paths(h, playlists.at(-1)!)).toContain('|/creative/low/seg-0.ts');
  });

  it('fills what the ads leave with the slate’s nearest rendition', async () => {
    const slateId = await h.slate({});
    const streamId = await h.stream({ slateId });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    const low = await play(uris[0]!, cycle, 10, BREAK_END);
    expect(paths(h, low.at(-1)!).slice(-4)).toEqual([
      '|/creative/low/seg-0.ts',
      '/creative/low/seg-1.ts',
      '|/slate/low/slate-0.ts',
      `|${content(cycle, BREAK_END)}`,
    ]);
    h.at(cycle, BREAK_END);
    expect(paths(h, await mediaPlaylist(h, uris[1]!)).slice(-4, -1)).toEqual([
      '|/creative/high/seg-0.ts',
      '/creative/high/seg-1.ts',
      '|/slate/high/slate-0.ts',
    ]);
    expect((await tracking(streamId, sessionId)).slateNote).toBeUndefined();
  });

  it('plays no slate that is not HLS, and says why', async () => {
    const slateId = await h.slate({ videoUrl: `${h.media.base}/slates/brb.mp4` });
    const streamId = await h.stream({ slateId });
    h.at(h.nextCycle(), 10);
    const { uris, sessionId } = await openSession(h, streamId);
    await mediaPlaylist(h, uris[0]!);
    expect((await tracking(streamId, sessionId)).slateNote).toMatch(/not an HLS playlist.*needs transcoding/);
  });

  it('costs the origin one fetch per refresh for 100 viewers, and each creative playlist one fetch', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const masters = h.media.count('/live/master.m3u8');
    const viewers = await Promise.all(Array.from({ length: 100 }, () => openSession(h, streamId)));
    expect(h.media.count('/live/master.m3u8') - masters).toBe(1);
    const creatives = ['/creative/master.m3u8', '/creative/low/index.m3u8', '/creative/high/index.m3u8'];
    const creativeFetches = creatives.map((p) => h.media.count(p));

    for (const segment of [10, 11, BREAK_START, BREAK_START + 1]) {
      h.at(cycle, segment);
      const before = h.media.count('/live/v0/index.m3u8');
      const playlists = await Promise.all(viewers.map((v) => mediaPlaylist(h, v.uris[0]!)));
      expect(h.media.count('/live/v0/index.m3u8') - before, `refresh at segment ${segment}`).toBe(1);
      // Every viewer got the same stitched window.
      for (const p of playlists) expect(paths(h, p)).toEqual(paths(h, playlists[0]!));
    }
    // Each viewer had its own ad decision; the creative's playlists were fetched for all at once.
    // (Earlier tests may have cached them already: at most one more fetch each.)
    expect(
      h.media.vastRequests.filter((r) => viewers.some((v) => r.query.get('sid') === v.sessionId)),
    ).toHaveLength(100);
    for (const [i, p] of creatives.entries())
      expect(h.media.count(p) - creativeFetches[i]!).toBeLessThanOrEqual(1);
  });
});

describe('when the origin fails', () => {
  it('serves the last good window while the origin is down', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris } = await openSession(h, streamId);
    const good = await mediaPlaylist(h, uris[0]!);
    h.media.originDown = true;
    try {
      h.at(cycle, 11);
      const before = h.media.count('/live/v0/index.m3u8');
      const stale = await mediaPlaylist(h, uris[0]!);
      expect(h.media.count('/live/v0/index.m3u8') - before).toBe(1);
      expect(paths(h, stale)).toEqual(paths(h, good));
    } finally {
      h.media.originDown = false;
    }
    h.at(cycle, 12);
    expect(paths(h, await mediaPlaylist(h, uris[0]!)).at(-1)).toBe(content(cycle, 12));
  });

  it('answers 502 with the reason when the origin never gave a playlist', async () => {
    h.at(h.nextCycle(), 10);
    const dead = await h.stream({ sourceStreamUrl: `${h.media.base}/nothing-here/` });
    const response = await h.get(`/play/live/${dead}/master.m3u8`);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe(
      PLAYBACK_TEXTS.originFailed(`${h.media.base}/nothing-here/master.m3u8: the origin answered 404`),
    );

    const notHls = await h.stream({ sourceStreamUrl: `${h.media.base}/html/` });
    const page = await h.get(`/play/live/${notHls}/master.m3u8`);
    expect(page.status).toBe(502);
    expect(((await page.json()) as { message: string }).message).toMatch(/not an HLS playlist/);

    // A multivariant playlist that answers, media playlists that never do.
    const flaky = await h.stream({ sourceStreamUrl: `${h.media.base}/flaky/` });
    const { uris } = await openSession(h, flaky);
    const media = await h.get(uris[0]!);
    expect(media.status).toBe(502);
    expect(media.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await media.json()) as { message: string }).message).toBe(
      PLAYBACK_TEXTS.originFailed(`${h.media.base}/flaky/v0/index.m3u8: the origin answered 503`),
    );
  });

  it('refuses a source on a private address without fetching it', async () => {
    h.at(h.nextCycle(), 10);
    const literal = await h.stream({ sourceStreamUrl: 'http://10.0.0.1/live/' });
    const response = await h.get(`/play/live/${literal}/master.m3u8`);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toBe(
      PLAYBACK_TEXTS.refused('http://10.0.0.1/live/master.m3u8: 10.0.0.1 is a private or reserved address'),
    );

    // A name resolving to a private address is refused at the connection's own lookup.
    const named = await h.stream({ sourceStreamUrl: `http://${PRIVATE_HOST}/live/` });
    const post = await h.get(`/play/live/${named}/session`, { method: 'POST' });
    expect(post.status).toBe(502);
    expect(((await post.json()) as { message: string }).message).toMatch(
      /intranet\.test resolves to 10\.0\.0\.7, a private or reserved address/,
    );
    expect(h.lookups).toContain(PRIVATE_HOST);
  });
});

describe('ad decisions', () => {
  it('forwards the session, the avail and the viewer to the ad server as macros and headers', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    await play(uris[0]!, cycle, 10, BREAK_START);
    const request = h.media.vastRequests.find((r) => r.query.get('sid') === sessionId);
    expect(request).toBeDefined();
    expect(Object.fromEntries(request!.query)).toMatchObject({
      sid: sessionId,
      mt: sessionId,
      dur: '12',
      ua: USER_AGENT,
      ip: '127.0.0.1',
    });
    expect(request!.query.get('cb')).toMatch(/^\d{8}$/);
    expect(request!.headers['user-agent']).toBe(USER_AGENT);
    expect(request!.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('plays the content when the ad server answers after the budget, and says so', async () => {
    // The budget is the stream's maxWaitingSec (1 s) here; the ad server never answers.
    const streamId = await h.stream({ vastUrl: `${h.media.base}/vast-slow`, maxWaitingSec: 1 });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    const low = await play(uris[0]!, cycle, 10, BREAK_END);
    h.at(cycle, BREAK_END);
    const high = await mediaPlaylist(h, uris[1]!);
    expect(paths(h, low.at(-1)!).slice(-4)).toEqual(
      [BREAK_START, BREAK_START + 1, BREAK_START + 2, BREAK_END].map((s) => content(cycle, s)),
    );
    expect(paths(h, high).at(-1)).toBe(content(cycle, BREAK_END, 1));
    expectConsistent(low);
    // Asked once: the decision is 'late' for good, every later refresh and rendition agrees.
    expect(h.media.vastRequests.filter((r) => r.path === '/vast-slow')).toHaveLength(1);
    const [avail] = (await tracking(streamId, sessionId)).avails;
    expect(avail).toMatchObject({ adDecision: 'late', stitched: false, reason: 'no-plan', ads: [] });
    expect(avail!.notes[0]).toMatch(/no ad decision within 1s/);
  });

  it('plays the content when the VAST answer is unusable, with the VAST error recorded', async () => {
    const streamId = await h.stream({ vastUrl: `${h.media.base}/vast-bad` });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    const playlists = await play(uris[0]!, cycle, 10, BREAK_END);
    expect(paths(h, playlists.at(-1)!).slice(-4)).toEqual(
      [BREAK_START, BREAK_START + 1, BREAK_START + 2, BREAK_END].map((s) => content(cycle, s)),
    );
    const [avail] = (await tracking(streamId, sessionId)).avails;
    expect(avail).toMatchObject({
      adDecision: 'ready',
      stitched: false,
      reason: 'nothing-to-insert',
      ads: [],
    });
    expect(avail!.notes.join('\n')).toMatch(/^VAST error 10\d: /m);
  });

  it('asks no VAST server for an internal decision, and says so when no built-in ad server serves here', async () => {
    const streamId = await h.stream({
      adDecision: 'internal',
      bundles: [
        { name: 'Premium', percentage: 70 },
        { name: 'Run of network', percentage: 30 },
      ],
    });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    const before = h.media.vastRequests.length;
    await play(uris[0]!, cycle, 10, BREAK_START + 1);
    expect(h.media.vastRequests.length).toBe(before);
    const [avail] = (await tracking(streamId, sessionId)).avails;
    expect(avail).toMatchObject({ adDecision: 'ready', stitched: false, reason: 'nothing-to-insert' });
    expect(avail!.notes).toHaveLength(1);
    expect(avail!.notes[0]).toBe('internal ad decision: the built-in ad server does not serve here: no ads');
  });

  it('keeps to the ad pod length and the avail’s duration', async () => {
    // Two HLS ads of 8 s for a 12 s break.
    const vastUrl = `${h.media.base}/vast-pod`;
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const one = await h.stream({ vastUrl, adpodLength: 1 });
    const three = await h.stream({ vastUrl, adpodLength: 3 });
    const cases = [
      { streamId: one, note: 'ad ad-3 skipped: the pod is full (ad pod length 1)' },
      { streamId: three, note: 'ad ad-3 skipped: 8s does not fit the 12s avail after 8s of ads' },
    ];
    const sessions = await Promise.all(cases.map((c) => openSession(h, c.streamId)));
    h.at(cycle, BREAK_START);
    for (const [i, { streamId, note }] of cases.entries()) {
      const { uris, sessionId } = sessions[i]!;
      await mediaPlaylist(h, uris[0]!);
      const [avail] = (await tracking(streamId, sessionId)).avails;
      expect(avail!.ads.map((a) => a.adId)).toEqual(['ad-1']);
      expect(avail!.notes).toEqual([note]);
    }
  });
});

describe('the datasource’s ad policies', () => {
  it('fills at most maxAdBacklogDuration of an avail, and asks the ad server for that much', async () => {
    const vastUrl = `${h.media.base}/vast-pod?dur=[AVAIL_DURATION]`;
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    // A 12 s break; two 8 s HLS ads would not both fit anyway: with 7 s of backlog, none does.
    const streamId = await h.stream({ vastUrl, adpodLength: 3, maxAdBacklogDuration: 7 });
    const { uris, sessionId } = await openSession(h, streamId);
    h.at(cycle, BREAK_START);
    await mediaPlaylist(h, uris[0]!);
    const request = h.media.vastRequests.filter((r) => r.path === '/vast-pod').at(-1);
    expect(request?.query.get('dur')).toBe('7');
    const [avail] = (await tracking(streamId, sessionId)).avails;
    expect(avail!.ads).toEqual([]);
    expect(avail!.notes).toContain('ad ad-1 skipped: 8s does not fit the 7s avail after 0s of ads');
  });

  it('decides the next prefetchCount avails announced ahead before they start', async () => {
    const sourceStreamUrl = `${h.media.base}/announced/`;
    const cycle = h.nextCycle();
    // The break is announced 12 s ahead: one segment before it starts, it is not in the window.
    h.at(cycle, BREAK_START - 1);
    const streamId = await h.stream({ sourceStreamUrl, prefetchCount: 1 });
    const { uris, sessionId } = await openSession(h, streamId);
    const asked = () => h.media.vastRequests.filter((r) => r.query.get('sid') === sessionId).length;
    const before = await mediaPlaylist(h, uris[0]!);
    expect(paths(h, before).some((p) => p.includes('/creative/'))).toBe(false);
    expect(asked()).toBe(1);
    const [prefetched] = (await tracking(streamId, sessionId)).avails;
    expect(prefetched).toMatchObject({
      availId: `break-${cycle * CYCLE + BREAK_START}`,
      adDecision: 'ready',
    });
    expect(prefetched!.notes).toContain('decided before the avail started (prefetch count 1)');

    // The break starts: the prefetched decision is used, without asking again.
    h.at(cycle, BREAK_START + 1);
    const during = await mediaPlaylist(h, uris[0]!);
    expect(paths(h, during).some((p) => p.includes('/creative/'))).toBe(true);
    expect(asked()).toBe(1);
  });

  it('gives one viewer at most adfrequencyCap ads: later avails ask no ad server', async () => {
    const streamId = await h.stream({ adfrequencyCap: 1 });
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    for (let segment = 10; segment <= BREAK_END + 1; segment++) {
      h.at(cycle, segment);
      await mediaPlaylist(h, uris[0]!);
    }
    const asked = h.media.vastRequests.filter((r) => r.query.get('sid') === sessionId).length;
    expect(asked).toBe(1);
    // The next break of the same viewer (one cycle later, refreshing all along).
    for (let segment = BREAK_END + 2; segment <= CYCLE + BREAK_END + 1; segment++) {
      h.at(cycle, segment);
      await mediaPlaylist(h, uris[0]!);
    }
    expect(h.media.vastRequests.filter((r) => r.query.get('sid') === sessionId).length).toBe(asked);
    const avails = (await tracking(streamId, sessionId)).avails;
    expect(avails).toHaveLength(2);
    expect(avails[0]!.ads.map((a) => a.adId)).toEqual(['ad-1']);
    expect(avails[1]!.ads).toEqual([]);
    expect(avails[1]!.notes).toEqual(['the viewer reached the ad frequency cap (1 ads per session): no ads']);
  });
});

describe('server-side beacons', () => {
  const EVENTS = ['impression', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'];
  const sent = () => EVENTS.map((e) => h.media.count(`/beacon/ad-1/${e}`));

  it('sends each event of a placed ad exactly once per viewer, as its playback reaches it', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const viewers = [await openSession(h, streamId), await openSession(h, streamId)];
    const before = sent();
    const refresh = async (segment: number) => {
      h.at(cycle, segment);
      // Each viewer asks for both renditions (a player switching): one send per event all the same.
      for (const { uris } of viewers) for (const uri of uris) await mediaPlaylist(h, uri);
    };
    // Into the break: the ad is in the playlists, but the viewers have not reached it yet.
    for (let segment = 10; segment <= BREAK_START; segment++) await refresh(segment);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent()).toEqual(before);
    // Well past the break: every event, once per viewer (two viewers).
    for (let segment = BREAK_START + 1; segment <= BREAK_END + 4; segment++) await refresh(segment);
    await expect
      .poll(() => sent().map((n, i) => n - before[i]!), { timeout: 10_000 })
      .toEqual(EVENTS.map(() => 2));
    // More refreshes send nothing more.
    await refresh(BREAK_END + 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent().map((n, i) => n - before[i]!)).toEqual(EVENTS.map(() => 2));
    // The MP4-only ad was not placed: none of its beacons went.
    expect(h.media.count('/beacon/ad-2/impression')).toBe(0);
  });

  it('sends none for an ad under way when the viewer joined, all for the next ad of the pod', async () => {
    // 16 s breaks, two 8 s ads: ad-1 on segments 14-15 of the cycle, ad-3 on 16-17.
    const streamId = await h.stream({
      sourceStreamUrl: `${h.media.base}/long/`,
      vastUrl: `${h.media.base}/vast-pod`,
    });
    const count = (ad: string) => EVENTS.map((e) => h.media.count(`/beacon/${ad}/${e}`));
    const before = { ad1: count('ad-1'), ad3: count('ad-3') };
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const early = await openSession(h, streamId);
    // The late viewer's first playlist ends with segment 17: a player begins 3 target durations
    // from its end, at segment 15, 4 s into ad-1, whose impression, start and first quartile
    // are on segment 14 (sent until now, before its first segment was even fetched).
    let late: Awaited<ReturnType<typeof openSession>> | undefined;
    for (let segment = 10; segment <= LONG_BREAK_END + 5; segment++) {
      h.at(cycle, segment);
      await mediaPlaylist(h, early.uris[0]!);
      if (segment === BREAK_START + 3) late = await openSession(h, streamId);
      if (late) await mediaPlaylist(h, late.uris[0]!);
    }
    const delta = () => ({
      ad1: count('ad-1').map((n, i) => n - before.ad1[i]!),
      ad3: count('ad-3').map((n, i) => n - before.ad3[i]!),
    });
    // ad-1: the early viewer's only; ad-3: both viewers', every event. (Beacons go out in the
    // order they were due: the late viewer's ad-1 ones, were any due, would precede its ad-3 ones.)
    await expect
      .poll(delta, { timeout: 10_000 })
      .toEqual({ ad1: EVENTS.map(() => 1), ad3: EVENTS.map(() => 2) });
  });
});

describe('explicit sessions and tracking', () => {
  it('POST session answers the manifest and tracking URLs; tracking lists avails and ads', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const response = await h.get(`/play/live/${streamId}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adsParams: { ignored: 'yes' } }),
    });
    expect(response.status).toBe(200);
    const urls = (await response.json()) as { manifestUrl: string; trackingUrl: string };
    const match = new RegExp(
      `^${PUBLIC_URL}/play/live/${streamId}/s/([A-Za-z0-9_-]{22})/master\\.m3u8$`,
    ).exec(urls.manifestUrl);
    expect(match).not.toBeNull();
    const sessionId = match![1]!;
    expect(urls.trackingUrl).toBe(`${PUBLIC_URL}/play/live/${streamId}/s/${sessionId}/tracking`);

    // The session's own master lists its renditions (no new session).
    const master = await h.get(urls.manifestUrl.replace(PUBLIC_URL, ''));
    expect(master.status).toBe(200);
    const text = await master.text();
    expect(text).toContain(`/play/live/${streamId}/s/${sessionId}/r/0.m3u8`);
    expect(text).toContain(`/play/live/${streamId}/s/${sessionId}/r/1.m3u8`);

    expect(await tracking(streamId, sessionId)).toEqual({ avails: [] });
    const uri = `/play/live/${streamId}/s/${sessionId}/r/0.m3u8`;
    await play(uri, cycle, 10, BREAK_END);
    const document = await tracking(streamId, sessionId);
    expect(document.avails).toHaveLength(1);
    const [avail] = document.avails;
    // The viewer's time starts at the first segment of its first playlist (segment 5 of the
    // cycle): the break starts at segment 14, 9 segments of 4 s later.
    expect(avail).toMatchObject({
      availId: `cue-${cycle * CYCLE + BREAK_START}`,
      startTimeInSeconds: 36,
      durationInSeconds: 12,
      adDecision: 'ready',
      stitched: true,
    });
    expect(avail!.notes.join('\n')).toMatch(
      /ad ad-2 skipped: needs transcoding \(no HLS media file; it has video\/mp4\)/,
    );
    expect(avail!.ads).toEqual([
      {
        adId: 'ad-1',
        creativeId: 'cr-ad-1',
        adTitle: 'Ad ad-1',
        startTimeInSeconds: 36,
        durationInSeconds: 8,
        trackingEvents: [
          {
            eventType: 'impression',
            startTimeInSeconds: 36,
            beaconUrls: [`${h.media.base}/beacon/ad-1/impression`],
          },
          { eventType: 'start', startTimeInSeconds: 36, beaconUrls: [`${h.media.base}/beacon/ad-1/start`] },
          {
            eventType: 'firstQuartile',
            startTimeInSeconds: 38,
            beaconUrls: [`${h.media.base}/beacon/ad-1/firstQuartile`],
          },
          {
            eventType: 'midpoint',
            startTimeInSeconds: 40,
            beaconUrls: [`${h.media.base}/beacon/ad-1/midpoint`],
          },
          {
            eventType: 'thirdQuartile',
            startTimeInSeconds: 42,
            beaconUrls: [`${h.media.base}/beacon/ad-1/thirdQuartile`],
          },
          {
            eventType: 'complete',
            startTimeInSeconds: 44,
            beaconUrls: [`${h.media.base}/beacon/ad-1/complete`],
          },
        ],
      },
    ]);
  });

  it('keeps a long session’s avail records bounded: the newest maxSessionAvails, oldest dropped', async () => {
    // A server of its own with a bound of 2 (4 by default), the same origin and clock.
    const bounded = await startHarness({ sibling: h, limits: { maxSessionAvails: 2 } });
    try {
      const streamId = await h.stream();
      const first = h.nextCycle();
      const { sessionId, uris } = await openSession(bounded, streamId);
      const ids: string[] = [];
      for (let cycle = first; cycle < first + 4; cycle++) {
        for (let segment = cycle === first ? 10 : 0; segment < CYCLE; segment++) {
          h.at(cycle, segment);
          await mediaPlaylist(bounded, uris[0]!);
        }
        ids.push(`cue-${cycle * CYCLE + BREAK_START}`);
        const response = await bounded.get(`/play/live/${streamId}/s/${sessionId}/tracking`);
        const document = (await response.json()) as TrackingDocument;
        expect(document.avails.map((a) => a.availId)).toEqual(ids.slice(-2));
      }
    } finally {
      await bounded.close();
    }
  });

  it('answers a CORS preflight for the session POST', async () => {
    const streamId = await h.stream();
    const response = await h.get(`/play/live/${streamId}/session`, {
      method: 'OPTIONS',
      headers: { origin: 'https://player.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('refusals', () => {
  it('404s an unknown, inactive or malformed stream id', async () => {
    h.at(h.nextCycle(), 10);
    const inactive = await h.stream({ status: 'inactive' });
    const unknown = '3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77';
    for (const id of [inactive, unknown, 'not-a-uuid', "1'; drop table live_streams;--"]) {
      const before = h.media.count('/live/master.m3u8');
      const response = await h.get(`/play/live/${encodeURIComponent(id)}/master.m3u8`);
      expect(response.status, id).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(PLAYBACK_TEXTS.unknownStream(id));
      const post = await h.get(`/play/live/${encodeURIComponent(id)}/session`, { method: 'POST' });
      expect(post.status, id).toBe(404);
      expect(h.media.count('/live/master.m3u8')).toBe(before);
    }
  });

  it('404s a wrong, foreign or expired session id, telling the player to start again', async () => {
    const streamId = await h.stream({ userLiveliness: 60 });
    const other = await h.stream();
    h.at(h.nextCycle(), 10);
    const { sessionId } = await openSession(h, streamId);
    const expectUnknown = async (path: string) => {
      const response = await h.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(((await response.json()) as { message: string }).message).toBe(PLAYBACK_TEXTS.unknownSession);
    };
    const unknown = randomBytes(16).toString('base64url');
    await expectUnknown(`/play/live/${streamId}/s/${unknown}/r/0.m3u8`);
    await expectUnknown(`/play/live/${streamId}/s/not-a-session/r/0.m3u8`);
    await expectUnknown(`/play/live/${streamId}/s/${unknown}/tracking`);
    await expectUnknown(`/play/live/${streamId}/s/${unknown}/master.m3u8`);
    // Another stream's path with this session's id.
    await expectUnknown(`/play/live/${other}/s/${sessionId}/r/0.m3u8`);

    await mediaPlaylist(h, `/play/live/${streamId}/s/${sessionId}/r/0.m3u8`);
    // Each request extends the session by userLiveliness (60 s); a minute of silence ends it.
    h.advance(59_000);
    await mediaPlaylist(h, `/play/live/${streamId}/s/${sessionId}/r/0.m3u8`);
    h.advance(61_000);
    await expectUnknown(`/play/live/${streamId}/s/${sessionId}/r/0.m3u8`);
  });

  it('404s anything but a rendition index of the session, fetching nothing', async () => {
    const streamId = await h.stream();
    h.at(h.nextCycle(), 10);
    const { sessionId } = await openSession(h, streamId);
    const base = `/play/live/${streamId}/s/${sessionId}/r/`;
    const fetches = () => h.media.count('/live/v0/index.m3u8') + h.media.count('/live/v1/index.m3u8');
    const before = fetches();
    for (const file of [
      '2.m3u8',
      '-1.m3u8',
      '01.m3u8',
      '1e0.m3u8',
      '0.m3u8.ts',
      '0',
      'abc.m3u8',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2fmaster.m3u8',
      `${encodeURIComponent(`${h.media.base}/live/v0/index.m3u8`)}`,
    ]) {
      const response = await h.get(base + file);
      expect([400, 404], file).toContain(response.status);
      if (response.status === 404) {
        const body = (await response.json()) as { message: string };
        expect([PLAYBACK_TEXTS.unknownRendition, PLAYBACK_TEXTS.unknownSession], file).toContain(
          body.message,
        );
      }
    }
    const traversal = await h.get(`/play/live/${streamId}/s/${sessionId}/r/../../../../etc/passwd`);
    expect(traversal.status).toBe(404);
    expect(fetches()).toBe(before);
  });
});
