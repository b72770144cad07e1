/**
 * Input redundancy end to end (issue 39): a stream with inRedundancy ENABLE on the fake origin's
 * `/primary/` and `/backup/` (the same timeline, the backup numbered BACKUP_MSN_OFFSET higher with
 * its own segment names), a player polling once a segment while the primary is stopped, started
 * again or frozen. The viewer sees one playlist: numbers that never go back, every content
 * segment once, a discontinuity at each switch, each break once; the switches are events and a
 * per-minute counter.
 */
import type { MediaPlaylist } from '@cuepoint/stitcher';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playbackMinutes, resourceEvents } from '../../../db/schema/index.ts';
import { FAILBACK_TARGET_DURATIONS, STALE_TARGET_DURATIONS } from '../redundancy.ts';
import type { TrackingDocument } from '../tracking.ts';
import { BREAK_END, BREAK_START, CYCLE } from './fake-media.ts';
import { type Harness, mediaPlaylist, numbering, openSession, startHarness } from './live-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.media.primaryDown = false;
  h.media.primaryFrozen = false;
});
afterAll(async () => {
  await h?.close();
});

const redundant = (inRedundancy: 'ENABLE' | 'DISABLE' = 'ENABLE') =>
  h.stream({
    sourceStreamUrl: `${h.media.base}/primary/`,
    backupStreamUrl: `${h.media.base}/backup/`,
    inRedundancy,
  });

async function tracking(streamId: string, sessionId: string): Promise<TrackingDocument> {
  const response = await h.get(`/play/live/${streamId}/s/${sessionId}/tracking`);
  expect(response.status).toBe(200);
  return (await response.json()) as TrackingDocument;
}

/** What a player made of its refreshes: every output number once, with the last word on it. */
interface Played {
  /** By output msn: URI (relative to the fake server) and discontinuity sequence. */
  segments: Map<number, { uri: string; discontinuity: number }>;
  playlists: MediaPlaylist[];
  /** The other rendition's playlist at each refresh, when one was asked for too. */
  also: MediaPlaylist[];
}

/**
 * Polls rendition `uri` once a segment from segment `from` to `to` of `cycle` (segments past the
 * cycle's end run into the next ones), calling `step` before each refresh. Checks as it goes that
 * the media sequence never goes back and no number changes its URI or discontinuity count.
 */
async function poll(
  uri: string,
  cycle: number,
  from: number,
  to: number,
  step: (segment: number) => void = () => {},
  also?: string,
  played: Played = { segments: new Map(), playlists: [], also: [] },
): Promise<Played> {
  for (let segment = from; segment <= to; segment++) {
    step(segment);
    h.at(cycle, segment);
    const playlist = await mediaPlaylist(h, uri);
    const last = played.playlists.at(-1);
    if (last)
      expect(playlist.mediaSequence, `refresh at ${segment}`).toBeGreaterThanOrEqual(last.mediaSequence);
    for (const [msn, segment_] of numbering(playlist)) {
      const entry = { ...segment_, uri: segment_.uri.replace(h.media.base, '') };
      const before = played.segments.get(msn);
      if (before) expect(entry, `segment ${msn} at refresh ${segment}`).toEqual(before);
      played.segments.set(msn, entry);
    }
    played.playlists.push(playlist);
    if (also) played.also.push(await mediaPlaylist(h, also));
  }
  return played;
}

const CONTENT = /^\/(primary|backup)\/v\d\/(b-)?seg-(\d+)\.ts$/;

/** The content segments played, in output order: which source and which segment of the timeline. */
function timeline(played: Played) {
  const out: { msn: number; source: string; n: number; discontinuity: number }[] = [];
  for (const [msn, { uri, discontinuity }] of [...played.segments].sort((a, b) => a[0] - b[0])) {
    const match = CONTENT.exec(uri);
    if (match) out.push({ msn, source: match[1]!, n: Number(match[3]), discontinuity });
  }
  return out;
}

/** Each segment of the timeline once, in order, with consecutive output numbers. */
function expectSeamless(played: Played) {
  const content = timeline(played);
  for (let i = 1; i < content.length; i++) {
    const [a, b] = [content[i - 1]!, content[i]!];
    expect(b.n - a.n, `after ${a.source} segment ${a.n}`).toBe(b.msn - a.msn);
  }
  return content;
}

const eventsOf = (streamId: string) =>
  h.database.db
    .select()
    .from(resourceEvents)
    .where(and(eq(resourceEvents.resourceId, streamId), eq(resourceEvents.action, 'source-switch')))
    .orderBy(asc(resourceEvents.id));

async function switchesCounted(streamId: string) {
  const [row] = await h.database.db
    .select({ switches: sql<number>`coalesce(sum(${playbackMinutes.sourceSwitches}), 0)::int` })
    .from(playbackMinutes)
    .where(eq(playbackMinutes.resourceId, streamId));
  return row!.switches;
}

describe('input redundancy (inRedundancy ENABLE)', () => {
  it('fails over to the backup when the primary errors, and back once it is healthy again, seamlessly', async () => {
    const streamId = await redundant();
    const cycle = h.nextCycle();
    h.at(cycle, 4);
    const { uris, sessionId } = await openSession(h, streamId);
    // The primary stops at segment 8 and answers again from segment 9.
    const played = await poll(
      uris[0]!,
      cycle,
      4,
      12 + FAILBACK_TARGET_DURATIONS,
      (segment) => {
        h.media.primaryDown = segment === 8;
      },
      uris[1]!,
    );
    const content = expectSeamless(played);
    const base = cycle * CYCLE;
    const sourceOf = (n: number) => content.find((c) => c.n === base + n)?.source;
    // Segment 8 came from the backup; the primary again once healthy for three target durations.
    expect(sourceOf(7)).toBe('primary');
    expect(sourceOf(8)).toBe('backup');
    expect(sourceOf(9 + FAILBACK_TARGET_DURATIONS - 1)).toBe('backup');
    expect(sourceOf(9 + FAILBACK_TARGET_DURATIONS)).toBe('primary');
    // A discontinuity at each switch, and none elsewhere.
    const steps = content.slice(1).filter((c, i) => c.discontinuity !== content[i]!.discontinuity);
    expect(steps.map((c) => [c.source, c.n - base])).toEqual([
      ['backup', 8],
      ['primary', 9 + FAILBACK_TARGET_DURATIONS],
    ]);
    // The output numbering is the primary's, from start to end (the backup's is BACKUP_MSN_OFFSET apart).
    for (const c of content) expect(c.msn).toBe(c.n);
    // The other rendition follows the stream's source, with the same numbers.
    const lastOf = (p: MediaPlaylist) => [p.mediaSequence + p.segments.length - 1, p.segments.at(-1)?.uri];
    expect(lastOf(played.also[8 - 4]!)).toEqual([base + 8, `${h.media.base}/backup/v1/b-seg-${base + 8}.ts`]);
    expect(lastOf(played.also[12 - 4]!)).toEqual([
      base + 12,
      `${h.media.base}/primary/v1/seg-${base + 12}.ts`,
    ]);
    // The break starting at 14 (on the primary again) is the one break, once.
    expect((await tracking(streamId, sessionId)).avails.map((a) => a.availId)).toEqual([
      `cue-${base + BREAK_START}`,
    ]);

    await h.app.events.flush();
    const events = await eventsOf(streamId);
    expect(events.map((e) => [e.level, e.data])).toEqual([
      ['warning', { from: 'primary', to: 'backup', reason: 'error', detail: expect.stringMatching(/503/) }],
      ['info', { from: 'backup', to: 'primary', reason: 'recovered', detail: null }],
    ]);
    expect(events[0]!.message).toMatch(
      /^Switched from the primary source to the backup: the primary failed \(/,
    );
    expect(await switchesCounted(streamId)).toBe(2);
  });

  it('keeps an ad break across a failover and across a failback: each break once, ads once', async () => {
    const streamId = await redundant();
    const cycle = h.nextCycle();
    h.at(cycle, 10);
    const { uris, sessionId } = await openSession(h, streamId);
    // Cycle 1: the break starts on the primary, which stops mid-break (the backup ends it).
    // Cycle 2: the primary stops before the break and is back in time to fail back mid-break.
    const downAt = new Set([BREAK_START + 1, CYCLE + BREAK_START - 2]);
    const played = await poll(uris[0]!, cycle, 10, 2 * CYCLE - 1, (segment) => {
      h.media.primaryDown = downAt.has(segment);
    });
    const { avails } = await tracking(streamId, sessionId);
    expect(avails.map((a) => a.availId)).toEqual([
      `cue-${cycle * CYCLE + BREAK_START}`,
      `cue-${(cycle + 1) * CYCLE + BREAK_START}`,
    ]);
    for (const avail of avails) {
      expect(avail.stitched, JSON.stringify(avail)).toBe(true);
      expect(avail.ads.map((a) => a.adId)).toEqual(['ad-1']);
    }
    // The content of each break is replaced, and every other content segment plays once.
    const content = timeline(played);
    const base = cycle * CYCLE;
    const sourceOf = (n: number) => content.find((c) => c.n === base + n)?.source;
    expect(sourceOf(BREAK_START - 1)).toBe('primary');
    expect(sourceOf(BREAK_END)).toBe('backup');
    expect(sourceOf(CYCLE + BREAK_START - 1)).toBe('backup');
    expect(sourceOf(CYCLE + BREAK_END)).toBe('primary');
    const breakIn = (n: number) => n % CYCLE >= BREAK_START && n % CYCLE < BREAK_END;
    expect(content.filter((c) => breakIn(c.n))).toEqual([]);
    const ns = content.map((c) => c.n);
    expect(new Set(ns).size).toBe(ns.length);
    const expected: number[] = [];
    for (let n = ns[0]!; n <= ns.at(-1)!; n++) if (!breakIn(n)) expected.push(n);
    expect(ns).toEqual(expected);
    // Each break's ad plays once: its segments appear once each, in one run.
    const ads = [...played.segments].filter(([, s]) => s.uri.includes('/creative/'));
    expect(ads.length).toBe(2 * 2);
    await h.app.events.flush();
    expect((await eventsOf(streamId)).map((e) => (e.data as { reason: string }).reason)).toEqual([
      'error',
      'recovered',
      'error',
      'recovered',
    ]);
  });

  it('fails over when the primary goes stale: the same window for three target durations', async () => {
    const streamId = await redundant();
    const cycle = h.nextCycle();
    h.at(cycle, 4);
    const { uris } = await openSession(h, streamId);
    const played = await poll(uris[0]!, cycle, 4, 13, (segment) => {
      // Set before the clock moves on: the primary keeps its window of segment 8.
      if (segment === 9) h.media.primaryFrozen = true;
    });
    const content = expectSeamless(played);
    const base = cycle * CYCLE;
    // Still the primary's window until it has not grown for three target durations (12 s)...
    const frozen = played.playlists[8 + STALE_TARGET_DURATIONS - 1 - 4]!;
    expect(frozen.segments.at(-1)?.uri).toBe(`${h.media.base}/primary/v0/seg-${base + 8}.ts`);
    // ...then the backup's, from the first segment the viewer had not had, after a discontinuity.
    const first = content.find((c) => c.source === 'backup')!;
    expect(first.n).toBe(base + 9);
    expect(first.discontinuity).toBe(content.find((c) => c.n === base + 8)!.discontinuity + 1);
    expect(content.at(-1)).toMatchObject({ source: 'backup', n: base + 13 });
    await h.app.events.flush();
    expect((await eventsOf(streamId)).map((e) => e.data)).toEqual([
      { from: 'primary', to: 'backup', reason: 'stale', detail: expect.stringContaining('no new segment') },
    ]);
  });

  it('starts a viewer while the primary is down: the backup’s multivariant playlist, then its segments', async () => {
    // An edge whose origin cache never had the primary's multivariant playlist (a sibling process).
    const edge = await startHarness({ sibling: h });
    try {
      const streamId = await redundant();
      const plain = await redundant('DISABLE');
      h.at(h.nextCycle(), 4);
      h.media.primaryDown = true;
      const { uris } = await openSession(edge, streamId);
      expect(uris).toHaveLength(2);
      const playlist = await mediaPlaylist(edge, uris[0]!);
      expect(playlist.segments.at(-1)?.uri).toMatch(/\/backup\/v0\/b-seg-\d+\.ts$/);
      // Without redundancy the same outage refuses the viewer, as before.
      const refused = await edge.get(`/play/live/${plain}/master.m3u8`);
      expect(refused.status).toBe(502);
    } finally {
      await edge.close();
    }
  });

  it('with inRedundancy DISABLE never switches: the primary’s last good window is served', async () => {
    const streamId = await redundant('DISABLE');
    const cycle = h.nextCycle();
    h.at(cycle, 4);
    const { uris } = await openSession(h, streamId);
    const backupBefore = h.media.count('/backup/v0/index.m3u8');
    const played = await poll(uris[0]!, cycle, 4, 12, (segment) => {
      h.media.primaryDown = segment >= 8;
    });
    const base = cycle * CYCLE;
    expect(played.playlists.at(-1)!.segments.at(-1)?.uri).toBe(
      `${h.media.base}/primary/v0/seg-${base + 7}.ts`,
    );
    expect(timeline(played).every((c) => c.source === 'primary')).toBe(true);
    expect(h.media.count('/backup/v0/index.m3u8')).toBe(backupBefore);
    await h.app.events.flush();
    expect(await eventsOf(streamId)).toEqual([]);
    expect(await switchesCounted(streamId)).toBe(0);
  });
});
