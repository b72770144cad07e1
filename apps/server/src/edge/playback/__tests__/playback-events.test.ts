/**
 * What live playback records (events/): each viewer's decision of a break with its candidates,
 * exactly one impression and one complete per viewer from the server-side beacons, ad-server
 * and origin failures, and the per-minute counters (requests, viewers, sessions, impressions).
 * Through the real playback server, the fake origin and ad server, and the real database.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbackMinutes, resourceEvents } from '../../../db/schema/index.ts';
import { BREAK_END, BREAK_START } from './fake-media.ts';
import { type Harness, mediaPlaylist, openSession, startHarness } from './live-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const eventsOf = (streamId: string, action: string) =>
  h.database.db
    .select()
    .from(resourceEvents)
    .where(and(eq(resourceEvents.resourceId, streamId), eq(resourceEvents.action, action)))
    .orderBy(asc(resourceEvents.id));

async function countersOf(streamId: string) {
  const [row] = await h.database.db
    .select({
      requests: sql<number>`sum(${playbackMinutes.requests})::int`,
      viewers: sql<number>`max(${playbackMinutes.viewers})::int`,
      sessions: sql<number>`sum(${playbackMinutes.sessions})::int`,
      impressions: sql<number>`sum(${playbackMinutes.impressions})::int`,
      completes: sql<number>`sum(${playbackMinutes.completes})::int`,
      avails: sql<number>`sum(${playbackMinutes.avails})::int`,
      adRequests: sql<number>`sum(${playbackMinutes.adRequests})::int`,
      originRequests: sql<number>`sum(${playbackMinutes.originRequests})::int`,
      originErrors: sql<number>`sum(${playbackMinutes.originErrors})::int`,
      adErrors: sql<number>`sum(${playbackMinutes.adErrors})::int`,
    })
    .from(playbackMinutes)
    .where(eq(playbackMinutes.resourceId, streamId));
  return row!;
}

describe('playback events', () => {
  it('records one decision per viewer and break, and exactly one impression and one complete per viewer', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const viewers = [await openSession(h, streamId), await openSession(h, streamId)];
    let requests = 0;
    for (let segment = 10; segment <= BREAK_END + 5; segment++) {
      h.at(cycle, segment);
      // Both renditions of each viewer, as a player switching: still one beacon of each kind.
      for (const { uris } of viewers)
        for (const uri of uris) {
          await mediaPlaylist(h, uri);
          requests += 1;
        }
    }
    // Every beacon delivered (the sender is asynchronous), then written.
    await expect
      .poll(
        async () => {
          await h.app.events.flush();
          return (await eventsOf(streamId, 'beacon')).length;
        },
        { timeout: 10_000 },
      )
      .toBe(2 * 7);

    const beacons = await eventsOf(streamId, 'beacon');
    for (const { sessionId } of viewers) {
      const mine = beacons
        .filter((e) => e.sessionId === sessionId && e.data?.adId === '1-ad-1')
        .map((e) => e.data?.event);
      expect(mine.filter((e) => e === 'impression')).toHaveLength(1);
      expect(mine.filter((e) => e === 'complete')).toHaveLength(1);
      expect(new Set(mine)).toEqual(
        new Set(['impression', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']),
      );
    }
    expect(new Set(beacons.map((e) => `${e.data?.adId} ${e.data?.failed}`))).toEqual(
      new Set(['1-ad-1 0', 'vast 0']),
    );
    // The MP4-only ad could not be played: its VAST Error URL, once per viewer (error 403).
    const errors = beacons.filter((e) => e.data?.event === 'error');
    expect(errors.map((e) => e.sessionId).sort()).toEqual(viewers.map((v) => v.sessionId).sort());
    expect(h.media.count('/beacon/ad-2/error')).toBe(2);
    expect(h.media.count('/beacon/ad-1/error')).toBe(0);

    const decisions = await eventsOf(streamId, 'ad-decision');
    expect(decisions.map((e) => e.sessionId).sort()).toEqual(viewers.map((v) => v.sessionId).sort());
    const [first] = decisions;
    expect(first!.availId).toBe(beacons[0]!.availId);
    expect(first!.actor).toBe('data plane');
    expect(first!.resourceName).toMatch(/^Playback stream \d+$/);
    expect(first!.message).toBe('Ad break partly filled: 1 ad(s), 8s of 12s: Not conditioned for HLS yet');
    const data = first!.data as Record<string, unknown>;
    expect(data).toMatchObject({
      availSeconds: 12,
      adSeconds: 8,
      outcome: 'partial',
      reason: 'not-conditioned',
    });
    expect(String(data.requestUrl)).toMatch(new RegExp(`/vast\\?sid=${first!.sessionId}&dur=12&`));
    expect(data.latencyMs).toEqual(expect.any(Number));
    expect(data.candidates).toEqual([
      { id: 'ad-1', title: expect.any(String), duration: 8, chosen: true, reason: null, detail: null },
      {
        id: 'ad-2',
        title: expect.any(String),
        duration: 4,
        chosen: false,
        reason: 'not-conditioned',
        detail: expect.stringMatching(/^needs transcoding/),
      },
    ]);

    expect(await countersOf(streamId)).toMatchObject({
      requests,
      viewers: 2,
      sessions: 2,
      impressions: 2,
      completes: 2,
      avails: 2,
      adRequests: 2,
      originErrors: 0,
      adErrors: 0,
    });
    expect((await countersOf(streamId)).originRequests).toBeGreaterThan(0);
  });

  it('records an ad-server failure beside the decision, and counts it', async () => {
    const streamId = await h.stream({ vastUrl: `${h.media.base}/vast-bad` });
    const cycle = h.nextCycle();
    h.at(cycle, BREAK_START);
    const viewer = await openSession(h, streamId);
    await mediaPlaylist(h, viewer.uris[0]!);
    await h.app.events.flush();
    const [decision] = await eventsOf(streamId, 'ad-decision');
    expect(decision!.data).toMatchObject({ outcome: 'content', reason: 'vast-error', adSeconds: 0 });
    expect(decision!.level).toBe('warning');
    const [failure] = await eventsOf(streamId, 'ad-server-error');
    expect(failure!.level).toBe('error');
    expect(failure!.availId).toBe(decision!.availId);
    expect(failure!.message).toBe('Ad server: VAST error 101: the root element is not <VAST>');
    expect(await countersOf(streamId)).toMatchObject({ adRequests: 1, adErrors: 1, avails: 1 });
  });

  it('records each failed origin fetch as an event and counts it', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 4);
    const viewer = await openSession(h, streamId);
    await mediaPlaylist(h, viewer.uris[0]!);
    h.media.originDown = true;
    try {
      // The origin cache serves its last good window (stale) while the origin fails.
      h.at(cycle, 6);
      await mediaPlaylist(h, viewer.uris[0]!);
    } finally {
      h.media.originDown = false;
    }
    await h.app.events.flush();
    const failures = await eventsOf(streamId, 'origin-error');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures[0]!.message).toMatch(
      /^Origin failed: .*\/live\/v0\/index\.m3u8: the origin answered 503$/,
    );
    const counters = await countersOf(streamId);
    expect(counters.originErrors).toBe(failures.length);
    expect(counters.originRequests).toBeGreaterThan(counters.originErrors);
  });

  it('counts each fetch of an origin two streams share for both of them, failures included', async () => {
    // Both streams play the one fake origin: whoever asks first fetches, the other is served
    // that answer from the cache; the fetch served both and counts for both.
    const first = await h.stream();
    const second = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 4);
    const viewers = [await openSession(h, first), await openSession(h, second)];
    for (const viewer of viewers) await mediaPlaylist(h, viewer.uris[0]!);
    h.media.originDown = true;
    try {
      h.at(cycle, 6);
      for (const viewer of viewers) await mediaPlaylist(h, viewer.uris[0]!);
    } finally {
      h.media.originDown = false;
    }
    await h.app.events.flush();
    const [a, b] = [await countersOf(first), await countersOf(second)];
    // The multivariant playlist, the media playlist, and its failed refresh.
    expect(a).toMatchObject({ originRequests: 3, originErrors: 1 });
    expect(b).toMatchObject({ originRequests: 3, originErrors: 1 });
    for (const streamId of [first, second])
      expect((await eventsOf(streamId, 'origin-error')).map((e) => e.message)).toEqual([
        expect.stringMatching(/\/live\/v0\/index\.m3u8: the origin answered 503$/),
      ]);
  });
});
