import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ftypBox, makeMp4, makeTs, moovBox, mp4Box, mp4LargeBox } from '../../test/videos.ts';
import {
  bufferAccess,
  checkMp4,
  checkMpegTs,
  checkVideoContainer,
  detectVideoContainer,
  fileAccess,
  type RandomAccess,
} from '../video-container.ts';

const mp4 = (bytes: Uint8Array) => checkMp4(bufferAccess(bytes));
const ts = (bytes: Uint8Array) => checkMpegTs(bufferAccess(bytes));

/** Counts the reads a check makes. */
function counting(bytes: Uint8Array) {
  const access = bufferAccess(bytes);
  const counted: RandomAccess & { reads: number } = {
    size: access.size,
    reads: 0,
    read(position, length) {
      counted.reads += 1;
      return access.read(position, length);
    },
  };
  return counted;
}

describe('MP4 (ISO-BMFF) box walk', () => {
  it('accepts ftyp + moov + mdat, a fragmented file, free boxes, a 64-bit size and a size-0 last box', async () => {
    expect(await mp4(makeMp4(4096))).toBeNull();
    const fragmented = Buffer.concat([
      ftypBox(),
      moovBox(),
      mp4Box('moof', mp4Box('mfhd', Buffer.alloc(8))),
      mp4Box('mdat', Buffer.alloc(300)),
      mp4Box('moof', mp4Box('mfhd', Buffer.alloc(8))),
      mp4Box('mdat', Buffer.alloc(300)),
      mp4Box('mfra', Buffer.alloc(16)),
    ]);
    expect(await mp4(fragmented)).toBeNull();
    expect(
      await mp4(
        Buffer.concat([
          ftypBox(),
          mp4Box('free', Buffer.alloc(40)),
          moovBox(),
          mp4LargeBox('mdat', Buffer.alloc(500)),
        ]),
      ),
    ).toBeNull();
    const toEnd = Buffer.concat([ftypBox(), moovBox(), mp4Box('mdat', Buffer.alloc(64))]);
    toEnd.writeUInt32BE(0, toEnd.length - 72);
    expect(await mp4(toEnd)).toBeNull();
    // mdat before moov (not "fast start") is just as valid.
    expect(await mp4(Buffer.concat([ftypBox(), mp4Box('mdat', Buffer.alloc(64)), moovBox()]))).toBeNull();
  });

  it('needs ftyp first', async () => {
    expect(await mp4(Buffer.concat([moovBox(), ftypBox(), mp4Box('mdat', Buffer.alloc(8))]))).toMatch(
      /first box is 'moov'/,
    );
    expect(await mp4(Buffer.from('<html>not a video</html>'.repeat(20)))).not.toBeNull();
    expect(await mp4(new Uint8Array())).toBe('the file is empty');
  });

  it('refuses junk after ftyp (the old check passed any bytes with ftyp at offset 4)', async () => {
    const junk = Buffer.concat([ftypBox(), Buffer.alloc(2000, 0xa7)]);
    expect(await mp4(junk)).toMatch(/no box type|bogus size|runs past/);
    const text = Buffer.concat([
      ftypBox(),
      Buffer.from('just some text after a real ftyp box, not boxes at all'),
    ]);
    expect(await mp4(text)).not.toBeNull();
    // Only an ftyp, or ftyp + mdat: no movie.
    expect(await mp4(ftypBox())).toMatch(/no 'moov'/);
    expect(await mp4(Buffer.concat([ftypBox(), mp4Box('mdat', Buffer.alloc(64))]))).toMatch(/no 'moov'/);
    expect(await mp4(Buffer.concat([ftypBox(), moovBox()]))).toMatch(/no 'mdat'/);
  });

  it('refuses a truncated file: a box running past the end, half a header', async () => {
    const whole = makeMp4(4096);
    expect(await mp4(whole.subarray(0, 4000))).toMatch(/'mdat' at byte 148 runs past the end/);
    expect(await mp4(whole.subarray(0, 150))).toMatch(/truncated box header at byte 148/);
    const large = Buffer.concat([ftypBox(), moovBox(), mp4LargeBox('mdat', Buffer.alloc(100))]);
    expect(await mp4(large.subarray(0, large.length - 1))).toMatch(/runs past the end/);
    expect(await mp4(large.subarray(0, 148 + 12))).toMatch(/truncated 64-bit box size/);
  });

  it('refuses bogus sizes', async () => {
    for (const size of [2, 7]) {
      const bogus = makeMp4(1024);
      bogus.writeUInt32BE(size, 148);
      expect(await mp4(bogus)).toMatch(new RegExp(`'mdat' at byte 148 has a bogus size ${size}`));
    }
    const tooSmallLarge = Buffer.concat([ftypBox(), moovBox(), mp4LargeBox('mdat', Buffer.alloc(100))]);
    tooSmallLarge.writeBigUInt64BE(8n, 148 + 8);
    expect(await mp4(tooSmallLarge)).toMatch(/bogus 64-bit size 8/);
    const hugeLarge = Buffer.concat([ftypBox(), moovBox(), mp4LargeBox('mdat', Buffer.alloc(100))]);
    hugeLarge.writeBigUInt64BE(2n ** 63n, 148 + 8);
    expect(await mp4(hugeLarge)).toMatch(/runs past the end/);
    // An ftyp too short for its brand and version.
    expect(
      await mp4(Buffer.concat([mp4Box('ftyp', Buffer.from('isom')), moovBox(), mp4Box('mdat')])),
    ).toMatch(/shorter than its header/);
  });

  it('refuses bytes after the last box that do not make a box (the boxes must tile the file)', async () => {
    expect(await mp4(Buffer.concat([makeMp4(1024), Buffer.from([1, 2, 3])]))).toMatch(/truncated box header/);
    expect(await mp4(Buffer.concat([makeMp4(1024), Buffer.alloc(64)]))).toMatch(/no box type|bogus size/);
  });

  it('reads block by block: a file of tiny boxes costs about one read per 64 KB', async () => {
    const tiny = Buffer.concat([
      ftypBox(),
      moovBox(),
      ...Array.from({ length: 50_000 }, () => mp4Box('free')),
      mp4Box('mdat'),
    ]);
    const access = counting(tiny);
    expect(await checkMp4(access)).toBeNull();
    expect(access.reads).toBeLessThan(Math.ceil(tiny.length / 65_536) + 5);
  });
});

describe('MPEG-TS packets', () => {
  it('accepts whole packets each starting with 0x47', async () => {
    expect(await ts(makeTs(1))).toBeNull();
    expect(await ts(makeTs(5000))).toBeNull();
  });

  it('refuses one bad sync byte anywhere, even far from the start', async () => {
    const file = makeTs(3000);
    file[188 * 2001] = 0x48;
    expect(await ts(file)).toBe(`no sync byte at byte ${188 * 2001}`);
    const last = makeTs(3);
    last[376] = 0;
    expect(await ts(last)).toBe('no sync byte at byte 376');
  });

  it('refuses a length that is not a whole number of packets, and an empty file', async () => {
    expect(await ts(makeTs(3).subarray(0, 500))).toMatch(/not a whole number of 188-byte packets/);
    expect(await ts(Buffer.concat([makeTs(3), Buffer.from([0x47])]))).toMatch(/not a whole number/);
    expect(await ts(new Uint8Array())).toBe('the file is empty');
    expect(await ts(Buffer.from('<html>not a video</html>'.repeat(20)))).not.toBeNull();
  });
});

describe('by extension, detection and file handles', () => {
  it('checks the container the extension names, and tells them apart', async () => {
    expect(await checkVideoContainer(bufferAccess(makeMp4()), '.mp4')).toBeNull();
    expect(await checkVideoContainer(bufferAccess(makeMp4()), '.ts')).not.toBeNull();
    expect(await checkVideoContainer(bufferAccess(makeTs()), '.ts')).toBeNull();
    expect(await checkVideoContainer(bufferAccess(makeTs()), '.mp4')).not.toBeNull();
    expect(await detectVideoContainer(bufferAccess(makeMp4()))).toBe('.mp4');
    expect(await detectVideoContainer(bufferAccess(makeTs()))).toBe('.ts');
    expect(await detectVideoContainer(bufferAccess(Buffer.alloc(188 * 2)))).toBeNull();
  });

  it('reads a file through its handle', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cuepoint-video-'));
    const good = makeMp4(300_000);
    const bad = Buffer.from(good);
    bad.writeUInt32BE(5, 148);
    for (const [name, bytes, expected] of [
      ['good.mp4', good, null],
      ['bad.mp4', bad, "box 'mdat' at byte 148 has a bogus size 5"],
    ] as const) {
      await writeFile(join(dir, name), bytes);
      const handle = await open(join(dir, name), 'r');
      try {
        expect(await checkMp4(fileAccess(handle, bytes.length))).toBe(expected);
      } finally {
        await handle.close();
      }
    }
    const stream = makeTs(2000);
    stream[188 * 1500] = 0;
    await writeFile(join(dir, 'bad.ts'), stream);
    const handle = await open(join(dir, 'bad.ts'), 'r');
    try {
      expect(await checkMpegTs(fileAccess(handle, stream.length))).toBe(`no sync byte at byte ${188 * 1500}`);
    } finally {
      await handle.close();
    }
  });
});
