import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeScte35, scte35Signal } from '@cuepoint/stitcher';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_DIR } from '../catalog.ts';
import { firstVideoPts } from '../mpegts.ts';
import { encodeSpliceInsert, scte35Base64, scte35Hex } from '../scte35.ts';

/** Decodes with the stitcher's decoder, failing the test when it cannot. */
function decoded(payload: string) {
  const result = decodeScte35(payload);
  if (!result.ok) throw new Error(`not decoded: ${result.error}`);
  return result.section;
}

describe('demo SCTE-35 encoder (checked with the stitcher decoder)', () => {
  it('writes a splice_insert out of network with its duration, PTS, event id and avail descriptor', () => {
    const bytes = encodeSpliceInsert({ eventId: 29_078_001, outOfNetwork: true, pts: 133_200, duration: 20 });
    for (const payload of [scte35Base64(bytes), scte35Hex(bytes)]) {
      const section = decoded(payload);
      expect(section.crcValid).toBe(true);
      expect(section.tableId).toBe(0xfc);
      expect(section.command).toMatchObject({
        type: 'splice_insert',
        spliceEventId: 29_078_001,
        cancel: false,
        outOfNetwork: true,
        programSplice: true,
        immediate: false,
        spliceTime: { pts: 133_200 },
        breakDuration: { autoReturn: true, seconds: 20 },
      });
      expect(section.descriptors).toEqual([{ tag: 0, identifier: 0x43554549, providerAvailId: 29_078_001 }]);
      expect(scte35Signal(section)).toEqual({ kind: 'out', eventId: 29_078_001, duration: 20, pts: 133_200 });
    }
    expect(scte35Hex(bytes)).toMatch(/^0x[0-9A-F]+$/);
  });

  it('writes the return to network without a duration', () => {
    const section = decoded(
      scte35Base64(encodeSpliceInsert({ eventId: 7, outOfNetwork: false, pts: 1_933_200 })),
    );
    expect(section.crcValid).toBe(true);
    expect(section.command).toMatchObject({
      type: 'splice_insert',
      outOfNetwork: false,
      spliceTime: { pts: 1_933_200 },
    });
    expect(section.command).not.toHaveProperty('breakDuration');
    expect(scte35Signal(section)).toEqual({ kind: 'in', eventId: 7, pts: 1_933_200 });
  });

  it('keeps 33-bit PTS and 32-bit event ids in range', () => {
    const section = decoded(
      scte35Base64(
        encodeSpliceInsert({ eventId: 2 ** 32 + 5, outOfNetwork: true, pts: 2 ** 33 + 90_000, duration: 8 }),
      ),
    );
    expect(section.command).toMatchObject({ spliceEventId: 5, spliceTime: { pts: 90_000 } });
    expect(scte35Signal(section).duration).toBe(8);
  });
});

describe('MPEG-TS first video PTS', () => {
  it('reads the PTS of the content loop keyframes (1.48 s, then every 2 s)', () => {
    const segment = (i: number) => readFileSync(join(DEFAULT_MEDIA_DIR, `content/240p/seg-00${i}.ts`));
    expect(firstVideoPts(segment(0))).toBe(133_200);
    expect(firstVideoPts(segment(3))).toBe(133_200 + 3 * 180_000);
    expect(firstVideoPts(new Uint8Array(188 * 3))).toBeUndefined();
  });
});
