import {
  type AvailDetection,
  checkPlaylistUpdate,
  decodeScte35,
  detectAvails,
  getAttribute,
  type MediaPlaylist,
  parseAttributes,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
  type SpliceInfoSection,
  scte35Signal,
  validatePlaylist,
} from '@cuepoint/stitcher';
import { describe, expect, it } from 'vitest';
import { CUE_FORMS, type CueForm } from '../playlists.ts';
import { BASE, manualClock, useDemoApp } from './helpers.ts';

const clock = manualClock(0);
const app = useDemoApp({ now: clock.now });

const at = (iso: string) => Date.parse(iso);
/** The break of 12:01 (default cadence): 12:01:00 to 12:01:20. */
const BREAK = at('2025-03-01T12:01:00.000Z');
const BREAK_INDEX = BREAK / 60_000;
/** PTS of content segment 5 (the one playing at each minute: the loop is half a loop off). */
const PTS_AT_MINUTE = 133_200 + 5 * 180_000;

interface Fetched {
  text: string;
  playlist: MediaPlaylist;
  detection: AvailDetection;
}

/** A live media playlist at `iso`, checked with the library's validator and parsed. */
async function live(form: CueForm, iso: string, query = '', rendition = '240p'): Promise<Fetched> {
  clock.set(at(iso));
  const res = await app.inject(`/demo/origin/live/${form}/${rendition}.m3u8${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(validatePlaylist(res.body)).toEqual([]);
  const playlist = parseMediaPlaylist(res.body);
  const detection = detectAvails(playlist);
  expect(detection.issues).toEqual([]);
  return { text: res.body, playlist, detection };
}

const pdt = (f: Fetched, index: number) => f.playlist.segments[index]?.programDateTime;
/** The wall-clock start of an avail as the SSAI would compute it. */
const availStart = (f: Fetched, i = 0) => {
  const a = f.detection.avails[i]!;
  return pdt(f, a.startIndex)! - a.elapsedAtStart * 1000;
};

const expectedId = (form: CueForm, f: Fetched) =>
  form === 'daterange'
    ? `splice-${BREAK_INDEX}`
    : form === 'oatcls'
      ? String(BREAK_INDEX)
      : `cue-${f.detection.avails[0]!.startMsn}`;

function decoded(payload: string): SpliceInfoSection {
  const result = decodeScte35(payload);
  if (!result.ok) throw new Error(result.error);
  expect(result.section.crcValid).toBe(true);
  return result.section;
}

/** The values of one tag in a playlist's text. */
const tagValues = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`#${name}:`))
    .map((l) => l.slice(name.length + 2));

describe('demo live origin: master playlist', () => {
  it.each(CUE_FORMS)('%s: lists both renditions with bandwidth, resolution and codecs', async (form) => {
    const res = await app.inject(`/demo/origin/live/${form}/master.m3u8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(validatePlaylist(res.body)).toEqual([]);
    const master = parseMultivariantPlaylist(res.body);
    expect(master.variants.map((v) => v.uri)).toEqual([
      `${BASE}/origin/live/${form}/144p.m3u8`,
      `${BASE}/origin/live/${form}/240p.m3u8`,
    ]);
    for (const v of master.variants) {
      const attrs = Object.fromEntries(v.attributes.map((a) => [a.name, a.value]));
      expect(attrs.CODECS).toBe('avc1.4d401e,mp4a.40.2');
      expect(Number(attrs.BANDWIDTH)).toBeGreaterThan(40_000);
      expect(Number(attrs.BANDWIDTH)).toBeLessThan(400_000);
    }
    expect(master.variants.map((v) => v.attributes.find((a) => a.name === 'RESOLUTION')?.value)).toEqual([
      '256x144',
      '426x240',
    ]);
  });

  it('carries a cadence folder into the media playlist URIs', async () => {
    const res = await app.inject('/demo/origin/live/cue/every-24-for-10/master.m3u8');
    expect(parseMultivariantPlaylist(res.body).variants.map((v) => v.uri)).toEqual([
      `${BASE}/origin/live/cue/every-24-for-10/144p.m3u8`,
      `${BASE}/origin/live/cue/every-24-for-10/240p.m3u8`,
    ]);
  });

  it('carries a shorter cadence into the media playlist URIs', async () => {
    const res = await app.inject('/demo/origin/live/cue/master.m3u8?every=20&length=8');
    expect(parseMultivariantPlaylist(res.body).variants.map((v) => v.uri)).toEqual([
      `${BASE}/origin/live/cue/144p.m3u8?every=20&length=8`,
      `${BASE}/origin/live/cue/240p.m3u8?every=20&length=8`,
    ]);
  });
});

describe('demo live origin: sliding window', () => {
  it('numbers the segments from the clock, dates each one and loops the content', async () => {
    const f = await live('cue', '2025-03-01T12:00:58.500Z');
    expect(f.playlist.targetDuration).toBe(2);
    expect(f.playlist.endList).toBe(false);
    expect(f.playlist.mediaSequence).toBe(at('2025-03-01T12:00:46Z') / 2000);
    expect(f.playlist.segments.map((s) => s.uri)).toEqual(
      [8, 9, 0, 1, 2, 3].map((i) => `${BASE}/media/content/240p/seg-00${i}.ts`),
    );
    expect(f.playlist.segments.map((s) => s.discontinuity)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(f.playlist.discontinuitySequence).toBe(Math.floor((f.playlist.mediaSequence + 5) / 10));
    // Every segment carries its own date, two seconds apart.
    expect(f.text.match(/#EXT-X-PROGRAM-DATE-TIME:/g)).toHaveLength(6);
    expect(f.playlist.segments.map((s) => new Date(s.programDateTime!).toISOString().slice(11, 19))).toEqual([
      '12:00:46',
      '12:00:48',
      '12:00:50',
      '12:00:52',
      '12:00:54',
      '12:00:56',
    ]);
    expect(f.playlist.segments.every((s) => s.duration === 2)).toBe(true);
  });

  it('serves every rendition with the same sequence numbers and dates', async () => {
    const low = await live('oatcls', '2025-03-01T12:01:05Z', '', '144p');
    const high = await live('oatcls', '2025-03-01T12:01:05Z', '', '240p');
    expect(low.playlist.mediaSequence).toBe(high.playlist.mediaSequence);
    expect(low.text.replaceAll('/144p/', '/240p/')).toBe(high.text);
  });
});

describe.each(CUE_FORMS)('demo live origin: %s breaks', (form) => {
  it('shows nothing before the break', async () => {
    const f = await live(form, '2025-03-01T12:00:50.500Z');
    expect(f.detection.avails).toEqual([]);
    expect(f.detection.signals).toEqual([]);
  });

  it('opens a 20-second break at the minute', async () => {
    const f = await live(form, '2025-03-01T12:01:04.500Z');
    expect(f.detection.avails).toHaveLength(1);
    const avail = f.detection.avails[0]!;
    expect(avail).toMatchObject({ startIndex: 4, elapsedAtStart: 0, duration: 20, source: sourceOf(form) });
    expect(avail.id).toBe(expectedId(form, f));
    expect(avail.endIndex).toBeUndefined();
    expect(pdt(f, 4)).toBe(BREAK);
    if (form !== 'cue') {
      expect(avail.signal).toEqual({ kind: 'out', eventId: BREAK_INDEX, duration: 20, pts: PTS_AT_MINUTE });
    }
  });

  it('is seen mid-break by a player joining after its start slid out', async () => {
    const f = await live(form, '2025-03-01T12:01:16.500Z');
    expect(f.detection.avails).toHaveLength(1);
    expect(f.detection.avails[0]).toMatchObject({ startIndex: 0, elapsedAtStart: 4, duration: 20 });
    expect(availStart(f)).toBe(BREAK);
    if (form !== 'cue') expect(f.detection.avails[0]!.id).toBe(expectedId(form, f));
  });

  it('closes the break 20 seconds after it opened', async () => {
    const f = await live(form, '2025-03-01T12:01:24.500Z');
    expect(f.detection.avails).toHaveLength(1);
    const avail = f.detection.avails[0]!;
    expect(availStart(f)).toBe(BREAK);
    expect(avail).toMatchObject({ endIndex: 4, endReason: 'cue-in', duration: 20 });
    expect(pdt(f, 4)).toBe(BREAK + 20_000);
  });

  it('shows nothing once the break and its end slid out', async () => {
    const f = await live(form, '2025-03-01T12:01:34.500Z');
    expect(f.detection.avails).toEqual([]);
    expect(f.detection.orphanEnds).toEqual([]);
  });

  it('marks exactly the segments of each break, across refreshes of two and a half minutes', async () => {
    let previous: string | undefined;
    const ids = new Map<number, Set<string>>();
    for (let t = at('2025-03-01T12:00:40Z'); t <= at('2025-03-01T12:03:10Z'); t += 1000) {
      const f = await live(form, new Date(t).toISOString());
      if (previous !== undefined) expect(checkPlaylistUpdate(previous, f.text)).toEqual([]);
      previous = f.text;
      const covered = f.playlist.segments.map(() => false);
      for (const [i, avail] of f.detection.avails.entries()) {
        const start = availStart(f, i);
        expect(start % 60_000, new Date(t).toISOString()).toBe(0);
        expect(avail.duration).toBe(20);
        if (avail.endIndex !== undefined && avail.endIndex < f.playlist.segments.length) {
          expect(pdt(f, avail.endIndex)).toBe(start + 20_000);
        }
        for (let k = avail.startIndex; k < (avail.endIndex ?? covered.length); k++) covered[k] = true;
        const seen = ids.get(start) ?? new Set();
        seen.add(avail.id);
        ids.set(start, seen);
      }
      const expected = f.playlist.segments.map((s) => (s.programDateTime! / 1000) % 60 < 20);
      expect(covered, new Date(t).toISOString()).toEqual(expected);
    }
    expect([...ids.keys()]).toEqual([BREAK, BREAK + 60_000, BREAK + 120_000]);
    // The SCTE-35 forms name a break the same way in every refresh.
    if (form !== 'cue') for (const seen of ids.values()) expect(seen.size).toBe(1);
  });

  it('follows a shorter cadence given in the query', async () => {
    const f = await live(form, '2025-03-01T12:00:47Z', '?every=20&length=8');
    expect(f.detection.avails).toHaveLength(1);
    expect(f.detection.avails[0]).toMatchObject({ startIndex: 3, duration: 8 });
    expect(pdt(f, 3)).toBe(at('2025-03-01T12:00:40Z'));
    const later = await live(form, '2025-03-01T12:00:51Z', '?every=20&length=8');
    expect(later.detection.avails[0]).toMatchObject({ startIndex: 1, endIndex: 5, endReason: 'cue-in' });
    expect(pdt(later, 5)).toBe(at('2025-03-01T12:00:48Z'));
  });

  it('follows a cadence given as a folder (a stream source URL cannot carry a query)', async () => {
    clock.set(at('2025-03-01T12:00:47Z'));
    const folder = await app.inject(`/demo/origin/live/${form}/every-20-for-8/240p.m3u8`);
    const query = await app.inject(`/demo/origin/live/${form}/240p.m3u8?every=20&length=8`);
    expect(folder.statusCode).toBe(200);
    expect(folder.body).toBe(query.body);
  });
});

function sourceOf(form: CueForm) {
  return form === 'daterange' ? 'daterange' : 'cue-out';
}

describe('demo live origin: marker syntax', () => {
  it('cue: CUE-OUT with the duration, CUE-OUT-CONT with elapsed time, CUE-IN', async () => {
    const start = await live('cue', '2025-03-01T12:01:04.500Z');
    expect(tagValues(start.text, 'EXT-X-CUE-OUT')).toEqual(['20.000']);
    expect(tagValues(start.text, 'EXT-X-CUE-OUT-CONT')).toEqual(['ElapsedTime=2.000,Duration=20.000']);
    const end = await live('cue', '2025-03-01T12:01:24.500Z');
    expect(tagValues(end.text, 'EXT-X-CUE-OUT-CONT')).toEqual(
      [12, 14, 16, 18].map((e) => `ElapsedTime=${e}.000,Duration=20.000`),
    );
    expect(end.text).toContain('#EXT-X-CUE-IN\n#EXTINF');
    expect(end.text).not.toContain('SCTE35');
  });

  it('daterange: SCTE35-OUT with PLANNED-DURATION, then the same ID with END-DATE and SCTE35-IN', async () => {
    const f = await live('daterange', '2025-03-01T12:01:24.500Z');
    const ranges = tagValues(f.text, 'EXT-X-DATERANGE').map((v) => parseAttributes(v));
    expect(ranges).toHaveLength(2);
    const [out, back] = ranges as [ReturnType<typeof parseAttributes>, ReturnType<typeof parseAttributes>];
    expect(getAttribute(out, 'ID')).toBe(`splice-${BREAK_INDEX}`);
    expect(getAttribute(out, 'START-DATE')).toBe('2025-03-01T12:01:00.000Z');
    expect(getAttribute(out, 'PLANNED-DURATION')).toBe('20.000');
    const outMessage = decoded(getAttribute(out, 'SCTE35-OUT')!);
    expect(outMessage.command).toMatchObject({
      type: 'splice_insert',
      spliceEventId: BREAK_INDEX,
      outOfNetwork: true,
      breakDuration: { seconds: 20 },
      spliceTime: { pts: PTS_AT_MINUTE },
    });
    expect(getAttribute(back, 'ID')).toBe(`splice-${BREAK_INDEX}`);
    expect(getAttribute(back, 'START-DATE')).toBe('2025-03-01T12:01:00.000Z');
    expect(getAttribute(back, 'END-DATE')).toBe('2025-03-01T12:01:20.000Z');
    expect(getAttribute(back, 'DURATION')).toBe('20.000');
    const inMessage = decoded(getAttribute(back, 'SCTE35-IN')!);
    expect(scte35Signal(inMessage)).toMatchObject({ kind: 'in', eventId: BREAK_INDEX });
  });

  it('daterange: announces the next break on the last segment up to 10 s before it starts', async () => {
    // 12:00:52.5: the window ends at 12:00:52, the break starts at 12:01:00 (8 s ahead).
    const ahead = await live('daterange', '2025-03-01T12:00:52.500Z');
    const ranges = tagValues(ahead.text, 'EXT-X-DATERANGE').map((v) => parseAttributes(v));
    expect(ranges).toHaveLength(1);
    expect(getAttribute(ranges[0]!, 'ID')).toBe(`splice-${BREAK_INDEX}`);
    expect(getAttribute(ranges[0]!, 'START-DATE')).toBe('2025-03-01T12:01:00.000Z');
    // On the last segment, whose program date-time is before that start.
    const lastSegment = ahead.text.trimEnd().split('\n').slice(-4);
    expect(lastSegment[0]).toBe('#EXT-X-PROGRAM-DATE-TIME:2025-03-01T12:00:50.000Z');
    expect(lastSegment[1]).toMatch(/^#EXT-X-DATERANGE:ID="splice-/);
    // A detector sees it as upcoming, not as an avail of this window.
    const detected = detectAvails(parseMediaPlaylist(ahead.text));
    expect(detected.avails).toEqual([]);
    expect(detected.upcoming).toEqual([
      { id: `splice-${BREAK_INDEX}`, startDate: Date.parse('2025-03-01T12:01:00.000Z'), duration: 20 },
    ]);
    // 20 s ahead: not yet announced. The other forms never announce.
    expect(tagValues((await live('daterange', '2025-03-01T12:00:40.500Z')).text, 'EXT-X-DATERANGE')).toEqual(
      [],
    );
    expect((await live('cue', '2025-03-01T12:00:52.500Z')).text).not.toContain('CUE-OUT');
  });

  it('oatcls: the base64 splice_insert before CUE-OUT, repeated in CUE-OUT-CONT, and the return before CUE-IN', async () => {
    const start = await live('oatcls', '2025-03-01T12:01:04.500Z');
    const [out] = tagValues(start.text, 'EXT-OATCLS-SCTE35');
    expect(start.text).toContain(`#EXT-OATCLS-SCTE35:${out}\n#EXT-X-CUE-OUT:20.000\n#EXTINF`);
    expect(scte35Signal(decoded(out!))).toEqual({
      kind: 'out',
      eventId: BREAK_INDEX,
      duration: 20,
      pts: PTS_AT_MINUTE,
    });
    expect(tagValues(start.text, 'EXT-X-CUE-OUT-CONT')).toEqual([
      `ElapsedTime=2.000,Duration=20.000,SCTE35=${out}`,
    ]);
    const end = await live('oatcls', '2025-03-01T12:01:24.500Z');
    const [back] = tagValues(end.text, 'EXT-OATCLS-SCTE35');
    expect(end.text).toContain(`#EXT-OATCLS-SCTE35:${back}\n#EXT-X-CUE-IN\n#EXTINF`);
    expect(scte35Signal(decoded(back!))).toMatchObject({ kind: 'in', eventId: BREAK_INDEX });
  });
});

describe('demo live origin: bad requests', () => {
  it('answers 404 naming the forms for an unknown form', async () => {
    const res = await app.inject('/demo/origin/live/scte/master.m3u8');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No live demo stream "scte": the cue forms are cue, daterange, oatcls');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 naming the playlists for an unknown rendition', async () => {
    const res = await app.inject('/demo/origin/live/cue/720p.m3u8');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'No playlist "720p.m3u8" here: there are master.m3u8, 144p.m3u8, 240p.m3u8',
    );
  });

  it.each([
    ['every=abc', 'every: must be a whole number of seconds'],
    ['every=7', 'every: must be a multiple of 2 s'],
    ['every=4', 'every: must be at least 6 s'],
    ['every=99999', 'every: must be at most 3600 s'],
    ['length=0', 'length: must be at least 2 s'],
    ['every=20&length=20', 'length: must leave at least 2 s of content between breaks (every 20 s)'],
    ['every=20&every=40', 'every: Invalid input: expected string, received array'],
  ])('refuses the cadence %s with 400', async (query, message) => {
    const res = await app.inject(`/demo/origin/live/cue/240p.m3u8?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
  it.each([
    ['every-7-for-2', 'every must be a multiple of 2 s'],
    ['every-20-for-20', 'length must leave at least 2 s of content between breaks (every 20 s)'],
    ['often', 'e.g. every-24-for-10'],
  ])('answers 404 for the cadence folder %s, saying why', async (folder, reason) => {
    const res = await app.inject(`/demo/origin/live/cue/${folder}/240p.m3u8`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      `No cadence "${folder}": write every-<seconds>-for-<seconds> (${reason})`,
    );
  });
});
