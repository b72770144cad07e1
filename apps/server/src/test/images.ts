import { deflateSync } from 'node:zlib';

/**
 * Real, decodable images of any size, made at test time without any image library: a solid
 * PNG, a mid-grey baseline JPEG and a solid GIF. Small on the wire (they compress to little).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** A solid RGB PNG of `width` X `height` pixels. */
export function makePng(
  width: number,
  height: number,
  rgb: [number, number, number] = [214, 51, 108],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

/**
 * A mid-grey baseline JPEG (one component). With level shift every coefficient is 0, so each
 * 8x8 block is a DC difference of category 0 and an end-of-block; one-symbol Huffman tables
 * give both the 1-bit code '0': the scan is all zero bits. `sofMarker` 0xC0 (baseline) by
 * default; other start-of-frame markers change only the header a size reader looks at.
 */
export function makeJpeg(width: number, height: number, options: { sofMarker?: number } = {}): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scanBits = blocks * 2;
  const scan = new Array<number>(Math.ceil(scanBits / 8)).fill(0);
  // Pad the last byte with 1 bits, as the standard asks.
  const padding = scan.length * 8 - scanBits;
  if (padding > 0) scan[scan.length - 1] = (1 << padding) - 1;
  const huffman = (tableClass: number) => [(tableClass << 4) | 0, 1, ...new Array<number>(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // quantisation table 0
    ...segment(options.sofMarker ?? 0xc0, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      1,
      1,
      0x11,
      0,
    ]),
    ...segment(0xc4, huffman(0)), // DC table 0
    ...segment(0xc4, huffman(1)), // AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // start of scan
    ...scan,
    0xff,
    0xd9,
  ]);
}

/**
 * A solid two-colour GIF89a. The LZW stream stays at 3-bit codes by sending a clear code before
 * every pair of pixels (the dictionary never grows past 7), which any decoder reads.
 */
export function makeGif(width: number, height: number): Buffer {
  const pixels = width * height;
  const codes: number[] = [];
  for (let i = 0; i < pixels; i += 2) codes.push(4, 0, ...(i + 1 < pixels ? [0] : []));
  codes.push(5);
  const data: number[] = [];
  let bits = 0;
  let count = 0;
  for (const code of codes) {
    bits |= code << count;
    count += 3;
    while (count >= 8) {
      data.push(bits & 0xff);
      bits >>= 8;
      count -= 8;
    }
  }
  if (count > 0) data.push(bits & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const chunk = data.slice(i, i + 255);
    blocks.push(chunk.length, ...chunk);
  }
  const le = (v: number) => [v & 0xff, v >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    ...le(width),
    ...le(height),
    0x80, // global colour table of 2 entries
    0,
    0,
    ...[214, 51, 108, 255, 255, 255],
    0x2c,
    ...le(0),
    ...le(0),
    ...le(width),
    ...le(height),
    0,
    2, // LZW minimum code size
    ...blocks,
    0,
    0x3b,
  ]);
}
