import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { fixture } from '../../test-support/fixtures.ts';
import { encodeSpliceInsert } from '../../test-support/scte35-encode.ts';
import { detectAvails, isAvailEndMarker } from '../detect.ts';

const load = (name: string) => parseMediaPlaylist(fixture(import.meta.url, name));

describe('avail detection', () => {
  it('reads EXT-X-CUE-OUT with a bare duration and its CONT/IN', () => {
    const d = detectAvails(load('cue-out-plain.m3u8'));
    expect(d.issues).toEqual([]);
    expect(d.avails).toEqual([
      {
        id: 'cue-102',
        startIndex: 2,
        startMsn: 102,
        elapsedAtStart: 0,
        duration: 30,
        endIndex: 7,
        endMsn: 107,
        endReason: 'cue-in',
        source: 'cue-out',
      },
    ]);
  });

  it('reads Adobe\'s EXT-X-CUE TYPE="SpliceOut" / "SpliceIn", quoted or not, in any case', () => {
    const d = detectAvails(load('adobe-cue.m3u8'));
    expect(d.avails).toEqual([
      {
        id: 'brk-7',
        startIndex: 1,
        startMsn: 701,
        elapsedAtStart: 0,
        duration: 12,
        endIndex: 4,
        endMsn: 704,
        endReason: 'cue-in',
        source: 'ext-x-cue',
      },
      {
        id: 'cue-705',
        startIndex: 5,
        startMsn: 705,
        elapsedAtStart: 0,
        endIndex: 7,
        endMsn: 707,
        endReason: 'cue-in',
        source: 'ext-x-cue',
      },
    ]);
    expect(d.issues).toEqual([{ msn: 706, tag: 'EXT-X-CUE', message: 'unknown TYPE "Cancel"' }]);
    const tag = (value: string) => ({ name: 'EXT-X-CUE', value });
    expect(isAvailEndMarker(tag('ID="brk-7",TYPE="SpliceIn"'))).toBe(true);
    expect(isAvailEndMarker(tag('ID="brk-7",TYPE="SpliceOut",DURATION=12'))).toBe(false);
  });

  it("takes an Adobe EXT-X-CUE's id and duration from its SCTE-35 CUE when the attributes lack them", () => {
    const cue = Buffer.from(encodeSpliceInsert({ eventId: 4242, out: true, duration: 20 })).toString(
      'base64',
    );
    const pl = load('adobe-cue.m3u8');
    pl.segments[5]!.tags = [{ name: 'EXT-X-CUE', value: `TYPE="SpliceOut",CUE="${cue}"` }];
    const d = detectAvails(pl);
    expect(d.avails[1]).toMatchObject({ id: '4242', startMsn: 705, duration: 20, source: 'ext-x-cue' });
    expect(d.avails[1]!.signal).toMatchObject({ kind: 'out', eventId: 4242 });
  });

  it('reads EXT-X-CUE-OUT without DURATION, closed by EXT-X-CUE-IN', () => {
    const d = detectAvails(load('cue-out-no-duration.m3u8'));
    expect(d.avails).toHaveLength(1);
    expect(d.avails[0]).toMatchObject({ startMsn: 201, endMsn: 205, endReason: 'cue-in' });
    expect(d.avails[0]!.duration).toBeUndefined();
  });

  it('joins an avail in progress from EXT-X-CUE-OUT-CONT', () => {
    const d = detectAvails(load('cue-out-cont-join.m3u8'));
    expect(d.avails).toHaveLength(1);
    expect(d.avails[0]).toMatchObject({ startMsn: 300, elapsedAtStart: 12, duration: 30, endMsn: 303 });
  });

  it('ends an avail early at an early EXT-X-CUE-IN', () => {
    const d = detectAvails(load('cue-in-early.m3u8'));
    expect(d.avails[0]).toMatchObject({ startMsn: 401, duration: 60, endMsn: 404, endReason: 'cue-in' });
  });

  it('ends a timed avail without CUE-IN at its duration', () => {
    const pl = load('cue-out-plain.m3u8');
    pl.segments[7]!.tags = [];
    const d = detectAvails(pl);
    expect(d.avails[0]).toMatchObject({ endMsn: 107, endReason: 'duration' });
  });

  it('places EXT-X-DATERANGE avails by START-DATE and END-DATE with their SCTE-35', () => {
    const d = detectAvails(load('daterange.m3u8'));
    expect(d.issues).toEqual([]);
    expect(d.avails).toHaveLength(1);
    expect(d.avails[0]).toMatchObject({
      id: 'splice-1207959695',
      startMsn: 502,
      duration: 18,
      endMsn: 505,
      endReason: 'cue-in',
      source: 'daterange',
    });
    expect(d.avails[0]!.signal).toMatchObject({ kind: 'out', eventId: 0x4800008f });
  });

  it('reports an EXT-X-DATERANGE avail announced ahead of its start as upcoming, once', () => {
    const out =
      '0xFC302F000000000000FFFFF014054800008F7FEFFE7369C02EFE0052CCF500000000000A0008435545490000013562DBA30A';
    const playlist = parseMediaPlaylist(
      [
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:6',
        '#EXT-X-MEDIA-SEQUENCE:10',
        '#EXT-X-PROGRAM-DATE-TIME:2025-03-01T12:00:00.000Z',
        '#EXTINF:6.000,',
        's10.ts',
        // Announced twice (each refresh repeats it) and once without a duration of its own.
        `#EXT-X-DATERANGE:ID="next",START-DATE="2025-03-01T12:00:30.000Z",PLANNED-DURATION=20,SCTE35-OUT=${out}`,
        '#EXTINF:6.000,',
        's11.ts',
        `#EXT-X-DATERANGE:ID="next",START-DATE="2025-03-01T12:00:30.000Z",PLANNED-DURATION=20,SCTE35-OUT=${out}`,
        `#EXT-X-DATERANGE:ID="later",START-DATE="2025-03-01T12:01:30.000Z",SCTE35-OUT=${out}`,
        // In the window: an avail, not an upcoming one.
        `#EXT-X-DATERANGE:ID="now",START-DATE="2025-03-01T12:00:12.000Z",PLANNED-DURATION=6,SCTE35-OUT=${out}`,
        '#EXTINF:6.000,',
        's12.ts',
        '',
      ].join('\n'),
    );
    const d = detectAvails(playlist);
    expect(d.upcoming).toEqual([
      { id: 'next', startDate: Date.UTC(2025, 2, 1, 12, 0, 30), duration: 20 },
      // No DURATION: the SCTE-35 break_duration (0x0052CCF5 ticks of 90 kHz).
      { id: 'later', startDate: Date.UTC(2025, 2, 1, 12, 1, 30), duration: 0x0052ccf5 / 90_000 },
    ]);
    expect(d.avails.map((a) => a.id)).toEqual(['now']);
    // A playlist without announcements has none.
    expect(detectAvails(load('daterange.m3u8')).upcoming).toEqual([]);
  });

  it('reads EXT-X-SPLICEPOINT-SCTE35 time_signals', () => {
    const d = detectAvails(load('splicepoint.m3u8'));
    expect(d.avails).toHaveLength(1);
    expect(d.avails[0]).toMatchObject({ id: String(0x4800008e), startMsn: 601, duration: 307, endMsn: 604 });
  });

  it('takes id and duration of a bare CUE-OUT from EXT-OATCLS-SCTE35', () => {
    const d = detectAvails(load('oatcls.m3u8'));
    expect(d.avails).toHaveLength(1);
    expect(d.avails[0]).toMatchObject({
      id: String(0x4800008f),
      startMsn: 701,
      endMsn: 703,
      endReason: 'cue-in',
    });
    expect(d.avails[0]!.duration).toBeCloseTo(60.293567, 5);
  });

  it('reports malformed markers and keeps going', () => {
    const d = detectAvails(load('malformed.m3u8'));
    expect(d.issues.map((i) => [i.msn, i.tag])).toEqual([
      [801, 'EXT-X-CUE-OUT'],
      [802, 'EXT-X-SPLICEPOINT-SCTE35'],
      [803, 'splicepoint-scte35'],
    ]);
    expect(d.orphanEnds).toEqual([{ index: 0, msn: 800 }]);
    // the CUE-OUT with an unreadable duration still opens an avail, closed by the CUE-IN
    expect(d.avails).toHaveLength(1);
    expect(d.avails[0]).toMatchObject({ startMsn: 801, endMsn: 804 });
  });
});
