/**
 * The Event Scheduler's breaks reach the stitcher: marked in the origin window by program
 * date-time (unit), and, on a real server with the demo origin and a movable clock, a break
 * scheduled at T makes the stitched playlist of the demo stream carry ads from T.
 */
import { formatSpecDateTime, scheduledEventData, scheduledEventDefaults } from '@cuepoint/core';
import {
  detectAvails,
  type MediaPlaylist,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
} from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/helpers.ts';
import {
  addScheduledBreaks,
  type ScheduleEntry,
  scheduledBreakId,
  scheduledBreaks,
  withScheduledBreaks,
} from '../scheduled-breaks.ts';
import { type DemoServer, get, startDemoServer } from './demo-server.ts';

const T0 = Date.UTC(2026, 10, 24, 12, 20, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** Six 2 s segments from `first` (ms), media sequence `msn`, with optional tags per index. */
function window(first: number, msn: number, tags: Record<number, string[]> = {}): MediaPlaylist {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', `#EXT-X-MEDIA-SEQUENCE:${msn}`];
  for (let i = 0; i < 6; i++) {
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${iso(first + i * 2000)}`,
      ...(tags[i] ?? []),
      '#EXTINF:2.000,',
      `s${msn + i}.ts`,
    );
  }
  return parseMediaPlaylist(`${lines.join('\n')}\n`);
}

const fixedEvent = (id: string, at: number[], adDuration = 6): ScheduleEntry => ({
  id,
  data: scheduledEventData({
    ...scheduledEventDefaults(T0 - 3_600_000, adDuration),
    name: 'Match',
    streamId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    endDate: formatSpecDateTime(T0 + 3_600_000),
    fixedTimes: at.map(formatSpecDateTime),
  }),
});

describe('withScheduledBreaks', () => {
  const event = fixedEvent('a1b2c3d4-0000-4000-8000-000000000000', [T0 + 4000]);

  it('puts a CUE-OUT with a stable id on the first segment at or after the start, CUE-IN after it', () => {
    const origin = window(T0, 100);
    const marked = withScheduledBreaks(origin, [event]);
    const { avails } = detectAvails(marked);
    expect(avails).toHaveLength(1);
    expect(avails[0]).toMatchObject({
      id: scheduledBreakId(event.id, T0 + 4000),
      startMsn: 102,
      duration: 6,
      endMsn: 105,
      endReason: 'cue-in',
    });
    // The origin's playlist (shared by the origin cache) is left as it was.
    expect(detectAvails(origin).avails).toEqual([]);
    expect(origin.segments.every((s) => s.tags.every((t) => t.name === 'EXT-X-PROGRAM-DATE-TIME'))).toBe(
      true,
    );
  });

  it('names the avail alike in every request and rendition while its start is in the window', () => {
    const a = detectAvails(withScheduledBreaks(window(T0, 100), [event])).avails[0]!;
    const b = detectAvails(withScheduledBreaks(window(T0 + 2000, 101), [event])).avails[0]!;
    expect(b.id).toBe(a.id);
    expect(b.startMsn).toBe(a.startMsn);
  });

  it('goes on from the first segment for a viewer who joins mid-break (CUE-OUT-CONT)', () => {
    const joined = withScheduledBreaks(window(T0 + 6000, 103), [event]);
    const { avails } = detectAvails(joined);
    expect(avails).toHaveLength(1);
    expect(avails[0]).toMatchObject({ startMsn: 103, elapsedAtStart: 2, duration: 6, endMsn: 105 });
    // Over before the window: nothing.
    expect(detectAvails(withScheduledBreaks(window(T0 + 10_000, 105), [event])).avails).toEqual([]);
  });

  it('leaves the origin’s own breaks alone, and adds nothing without program date-times', () => {
    const cued = window(T0, 100, { 1: ['#EXT-X-CUE-OUT:10'] });
    const avails = detectAvails(withScheduledBreaks(cued, [event])).avails;
    expect(avails.map((a) => a.id)).toEqual(['cue-101']);
    const plain = parseMediaPlaylist(
      '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n#EXTINF:2,\nb.ts\n',
    );
    expect(addScheduledBreaks(plain, scheduledBreaks([event], 0, Number.MAX_SAFE_INTEGER))).toBe(plain);
  });

  it('skips a break that starts during another scheduled one', () => {
    const other = fixedEvent('ffffffff-0000-4000-8000-000000000000', [T0 + 6000]);
    const avails = detectAvails(withScheduledBreaks(window(T0, 100), [event, other])).avails;
    expect(avails).toHaveLength(1);
    expect(avails[0]!.id).toBe(scheduledBreakId(event.id, T0 + 4000));
  });
});

describe('a scheduled break on the demo stream', () => {
  let server: DemoServer;
  let now = T0 + 30_000;

  beforeAll(async () => {
    server = await startDemoServer(() => now);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes the stitched playlist carry an ad break at its time, with no cue from the origin', async () => {
    const { app, base } = server;
    const news = await server.seeded<{ _id: string; name: string }>('/api/ssai/ds', 'News 24');
    const customer = await loginAs(app, 'customer');
    const admin = await loginAs(app, 'admin');
    // The demo origin with one break an hour (on the hour): none around 12:20.
    const current = (await app.inject({ url: `/api/ssai/ds/${news._id}`, headers: customer.headers })).json();
    const source = `${base}/demo/origin/live/daterange/every-3600-for-20/`;
    const edit = await app.inject({
      method: 'POST',
      url: `/api/ssai/ds/${news._id}`,
      headers: customer.headers,
      payload: { sourceStreamUrl: source, version: current.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // A 20 s break at 12:20:40.
    const breakAt = T0 + 40_000;
    const created = await app.inject({
      method: 'POST',
      url: '/api/schedule/events',
      headers: admin.headers,
      payload: {
        ...scheduledEventDefaults(T0 - 600_000, 20),
        name: 'Scheduled news break',
        streamId: news._id,
        fixedTimes: [formatSpecDateTime(breakAt)],
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    // 12:20:30: a viewer joins; no break in the window.
    const master = await get(`${base}/play/live/${news._id}/master.m3u8`);
    const uri = new URL(parseMultivariantPlaylist(master.text).variants[0]!.uri, base).href;
    const before = parseMediaPlaylist((await get(uri)).text);
    expect(before.segments.some((s) => s.uri.includes('/demo/ads/'))).toBe(false);

    // 12:20:50: the origin still sends no cue, yet the content from 12:20:40 is replaced by ads.
    now = T0 + 50_000;
    const originMaster = parseMultivariantPlaylist((await get(`${source}master.m3u8`)).text);
    const originRendition = parseMediaPlaylist(
      (await get(new URL(originMaster.variants[0]!.uri, source).href)).text,
    );
    expect(detectAvails(originRendition).signals).toEqual([]);
    const during = parseMediaPlaylist((await get(uri)).text);
    const firstAd = during.segments.findIndex((s) => s.uri.startsWith(`${base}/demo/ads/media/`));
    expect(firstAd).toBeGreaterThan(0);
    // The last content segment before the ads started at 12:20:38: the break starts at 12:20:40.
    const lastContent = during.segments[firstAd - 1]!;
    expect(lastContent.uri).toContain('/demo/media/');
    expect(lastContent.programDateTime).toBe(breakAt - 2000);
  });
});
