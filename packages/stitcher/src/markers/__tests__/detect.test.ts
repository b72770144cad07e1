import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { fixture } from '../../test-support/fixtures.ts';
import { detectAvails } from '../detect.ts';

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
