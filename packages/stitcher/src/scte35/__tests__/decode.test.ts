import { describe, expect, it } from 'vitest';
import {
  crc32Mpeg2,
  decodeScte35,
  type SegmentationDescriptor,
  scte35Bytes,
  scte35Signal,
} from '../decode.ts';

// Sample messages published in ANSI/SCTE 35 (section 14, "Sample SCTE 35 Messages").
const SAMPLES = {
  timeSignalPoStart: '/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg==',
  spliceInsert: '/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=',
  timeSignalPoEnd: '/DAvAAAAAAAA///wBQb+dGKQoAAZAhdDVUVJSAAAjn+fCAgAAAAALKChijUCAKnMZ1g=',
  programStartEnd:
    '/DBIAAAAAAAA///wBQb+ek2ItgAyAhdDVUVJSAAAGH+fCAgAAAAALMvDRBEAAAIXQ1VFSUgAABl/nwgIAAAAACyk26AQAACZcuND',
  programOverlapStart: '/DAvAAAAAAAA///wBQb+rr//ZAAZAhdDVUVJSAAACH+fCAgAAAAALKVs9RcAAJUdsKg=',
  blackoutOverrideProgramEnd:
    '/DBIAAAAAAAA///wBQb+ky44CwAyAhdDVUVJSAAACn+fCAgAAAAALKCh4xgAAAIXQ1VFSUgAAAl/nwgIAAAAACygoYoRAAC0IX6w',
  programEnd: '/DAvAAAAAAAA///wBQb+rvF8TAAZAhdDVUVJSAAAB3+fCAgAAAAALKVslxEAAMSHai4=',
  programStartEndPoEnd:
    '/DBhAAAAAAAA///wBQb+qM1E7QBLAhdDVUVJSAAArX+fCAgAAAAALLLXnTUCAAIXQ1VFSUgAACZ/nwgIAAAAACyy150RAAACF0NVRUlIAAAnf58ICAAAAAAsstezEAAAihiGnw==',
};

function ok(input: string) {
  const r = decodeScte35(input);
  if (!r.ok) throw new Error(r.error);
  return r.section;
}

function seg(input: string, i = 0): SegmentationDescriptor {
  const d = ok(input).descriptors[i];
  if (d === undefined || d.tag !== 0x02 || !('segmentationEventId' in d)) {
    throw new Error('no segmentation descriptor');
  }
  return d;
}

describe('SCTE-35 decoder', () => {
  it.each(Object.entries(SAMPLES))('verifies the CRC_32 of sample %s', (_name, b64) => {
    const s = ok(b64);
    expect(s.crcValid).toBe(true);
    expect(s.tableId).toBe(0xfc);
    expect(s.tier).toBe(0xfff);
  });

  it('decodes the 14.1 time_signal placement opportunity start exactly', () => {
    const s = ok(SAMPLES.timeSignalPoStart);
    expect(s.sectionLength).toBe(52);
    expect(s.command).toEqual({ type: 'time_signal', spliceTime: { pts: 0x072bd0050 } });
    const d = seg(SAMPLES.timeSignalPoStart);
    expect(d).toMatchObject({
      segmentationEventId: 0x4800008e,
      cancel: false,
      programSegmentation: true,
      deliveryNotRestricted: false,
      webDeliveryAllowed: false,
      noRegionalBlackout: true,
      archiveAllowed: true,
      deviceRestrictions: 3,
      segmentationDuration: 0x0001a599b0,
      durationSeconds: 307,
      upidType: 0x08,
      upid: '000000002CA0A18A',
      segmentationTypeId: 0x34,
      segmentationType: 'Provider Placement Opportunity Start',
      segmentNum: 2,
      segmentsExpected: 0,
    });
    expect(s.crc32).toBe(0x9ac9d17e);
    expect(scte35Signal(s)).toEqual({
      kind: 'out',
      eventId: 0x4800008e,
      duration: 307,
      pts: 0x072bd0050,
      segmentationTypeId: 0x34,
    });
  });

  it('decodes the 14.2 splice_insert exactly', () => {
    const s = ok(SAMPLES.spliceInsert);
    expect(s.command).toMatchObject({
      type: 'splice_insert',
      spliceEventId: 0x4800008f,
      cancel: false,
      outOfNetwork: true,
      programSplice: true,
      immediate: false,
      spliceTime: { pts: 0x07369c02e },
      breakDuration: { autoReturn: true, duration: 0x00052ccf5 },
      uniqueProgramId: 0,
      availNum: 0,
      availsExpected: 0,
    });
    expect(s.descriptors).toEqual([{ tag: 0, identifier: 0x43554549, providerAvailId: 0x135 }]);
    expect(s.crc32).toBe(0x62dba30a);
    const sig = scte35Signal(s);
    expect(sig.kind).toBe('out');
    expect(sig.duration).toBeCloseTo(60.293567, 5);
  });

  it('decodes the 14.3 time_signal placement opportunity end as an avail end', () => {
    const d = seg(SAMPLES.timeSignalPoEnd);
    expect(d).toMatchObject({
      segmentationEventId: 0x4800008e,
      segmentationTypeId: 0x35,
      webDeliveryAllowed: true,
    });
    expect(d.durationSeconds).toBeUndefined();
    expect(scte35Signal(ok(SAMPLES.timeSignalPoEnd)).kind).toBe('in');
  });

  it('reads every descriptor of multi-descriptor samples', () => {
    expect(
      ok(SAMPLES.programStartEnd).descriptors.map((d) => (d as SegmentationDescriptor).segmentationTypeId),
    ).toEqual([0x11, 0x10]);
    expect(
      ok(SAMPLES.programStartEndPoEnd).descriptors.map(
        (d) => (d as SegmentationDescriptor).segmentationTypeId,
      ),
    ).toEqual([0x35, 0x11, 0x10]);
    expect(seg(SAMPLES.blackoutOverrideProgramEnd).segmentationType).toBe('Program Blackout Override');
    expect(seg(SAMPLES.programOverlapStart).segmentationType).toBe('Program Overlap Start');
    expect(seg(SAMPLES.programEnd).segmentationType).toBe('Program End');
    // program boundaries are not avails
    expect(scte35Signal(ok(SAMPLES.programEnd)).kind).toBe('other');
    // an avail end among other descriptors is still found
    expect(scte35Signal(ok(SAMPLES.programStartEndPoEnd)).kind).toBe('in');
  });

  it('accepts hex with and without 0x, and base64url', () => {
    const bytes = scte35Bytes(SAMPLES.spliceInsert)!;
    const hex = Buffer.from(bytes).toString('hex');
    expect(ok(`0x${hex.toUpperCase()}`)).toEqual(ok(SAMPLES.spliceInsert));
    expect(ok(hex)).toEqual(ok(SAMPLES.spliceInsert));
    expect(ok(Buffer.from(bytes).toString('base64url'))).toEqual(ok(SAMPLES.spliceInsert));
  });

  it('applies pts_adjustment modulo 2^33', () => {
    // A DASH-packaged splice_insert with pts_adjustment 3600.
    const s = ok('/DAlAAAAAA4QAP/wFAVCaTagf+/+iWAjMP4BSZFQxhQCAwAAQ6Xd5w==');
    expect(s.ptsAdjustment).toBe(3600);
    expect(s.command).toMatchObject({ spliceEventId: 0x426936a0, availNum: 2, availsExpected: 3 });
    expect((s.command as { spliceTime: { pts: number } }).spliceTime.pts).toBe(2304779056 + 3600);
  });

  it('reports a CRC mismatch without throwing', () => {
    const bytes = Uint8Array.from(scte35Bytes(SAMPLES.spliceInsert)!);
    bytes[bytes.length - 1]! ^= 0xff;
    const r = decodeScte35(bytes);
    expect(r.ok && r.section.crcValid).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['garbage', 'not-a-message!'],
    ['wrong table id', Buffer.from('FD302F000000000000FFFFF014054800008F7FEFFE', 'hex').toString('base64')],
    ['truncated', SAMPLES.spliceInsert.slice(0, 24)],
  ])('classifies %s input as an error', (_name, input) => {
    const r = decodeScte35(input);
    expect(r.ok).toBe(false);
  });

  it('refuses a UPID whose length is not the one SCTE-35 fixes for its type (a 1-byte EIDR)', () => {
    // The 14.1 time_signal with its UPID (type 0x08, 8 bytes) replaced by an EIDR (type 0x0A) of `upid`.
    const withUpid = (type: number, upid: number[]) => {
      const b = [...scte35Bytes(SAMPLES.timeSignalPoStart)!];
      const cuei = b.findIndex(
        (_, i) => b[i] === 0x43 && b[i + 1] === 0x55 && b[i + 2] === 0x45 && b[i + 3] === 0x49,
      );
      const at = b.indexOf(0x08, cuei + 4 + 4 + 1 + 1 + 5); // id, flags, restrictions, duration
      expect(b.slice(at, at + 2)).toEqual([0x08, 8]);
      const delta = upid.length - 8;
      b.splice(at, 10, type, upid.length, ...upid);
      b[cuei - 1]! += delta; // descriptor_length
      const loop = ((b[cuei - 4]! << 8) | b[cuei - 3]!) + delta;
      b[cuei - 4] = loop >> 8;
      b[cuei - 3] = loop & 0xff;
      const length = (((b[1]! & 0x0f) << 8) | b[2]!) + delta;
      b[1] = (b[1]! & 0xf0) | (length >> 8);
      b[2] = length & 0xff;
      const bytes = Uint8Array.from(b);
      const crc = crc32Mpeg2(bytes, 0, bytes.length - 4);
      new DataView(bytes.buffer).setUint32(bytes.length - 4, crc);
      return decodeScte35(bytes);
    };
    const eidr = [0x14, 0x78, 0x2f, 0x3a, 0xc6, 0x1d, 0x90, 0x05, 0x42, 0xbe, 0x7e, 0x01];
    const good = withUpid(0x0a, eidr);
    expect(good.ok && good.section.crcValid).toBe(true);
    expect(good.ok && good.section.descriptors[0]).toMatchObject({
      upidType: 0x0a,
      upid: '14782F3AC61D900542BE7E01',
    });
    expect(withUpid(0x0a, [0x14])).toEqual({
      ok: false,
      error: 'segmentation_upid of type 0x0a must be 12 bytes, not 1',
    });
    expect(withUpid(0x10, eidr).ok).toBe(false); // a UUID is 16 bytes
    // A type of variable length (URI) takes any.
    expect(withUpid(0x0f, [0x68, 0x74]).ok).toBe(true);
  });

  it('never throws on random bytes', () => {
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      const len = 1 + (n % 60);
      const b = new Uint8Array(len);
      for (let i = 0; i < len; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        b[i] = seed >>> 24;
      }
      b[0] = 0xfc;
      expect(() => decodeScte35(b)).not.toThrow();
    }
  });

  it('computes CRC-32/MPEG-2', () => {
    expect(crc32Mpeg2(new TextEncoder().encode('123456789'))).toBe(0x0376e6e7);
  });
});
