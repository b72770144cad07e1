import { describe, expect, it } from 'vitest';
import { makeGif, makeJpeg, makePng } from '../../test/images.ts';
import { gifSize, imageSize, jpegSize, pngSize } from '../image-size.ts';

describe('imageSize: the real type and pixel size from the bytes', () => {
  it.each([
    ['PNG', makePng(300, 240), { type: 'png', width: 300, height: 240 }],
    ['PNG 1x1', makePng(1, 1), { type: 'png', width: 1, height: 1 }],
    ['baseline JPEG', makeJpeg(260, 220), { type: 'jpeg', width: 260, height: 220 }],
    [
      'progressive JPEG (SOF2)',
      makeJpeg(512, 384, { sofMarker: 0xc2 }),
      { type: 'jpeg', width: 512, height: 384 },
    ],
    ['lossless JPEG (SOF3)', makeJpeg(17, 9, { sofMarker: 0xc3 }), { type: 'jpeg', width: 17, height: 9 }],
    ['GIF89a', makeGif(300, 221), { type: 'gif', width: 300, height: 221 }],
  ])('reads a %s', (_label, bytes, expected) => {
    expect(imageSize(bytes)).toEqual(expected);
  });

  it('reads a GIF87a and a wide PNG beyond 16 bits', () => {
    const gif = makeGif(3, 2);
    gif.write('GIF87a', 0, 'ascii');
    expect(gifSize(gif)).toEqual({ type: 'gif', width: 3, height: 2 });
    const png = makePng(1, 1);
    png.writeUInt32BE(70_000, 16);
    expect(pngSize(png)).toEqual({ type: 'png', width: 70_000, height: 1 });
  });

  it('skips DHT, DAC and JPG markers (0xC4, 0xCC, 0xC8), APP segments and fill bytes before the frame', () => {
    const base = makeJpeg(400, 300);
    // SOI, then: fill bytes, an APP1 segment, a DAC segment, a JPG segment, then the rest.
    const extra = Buffer.from([
      0xff, 0xff, 0xff, 0xe1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66, 0xff, 0xcc, 0x00, 0x04, 0x00, 0x00, 0xff,
      0xc8, 0x00, 0x04, 0x01, 0x02,
    ]);
    const bytes = Buffer.concat([base.subarray(0, 2), extra, base.subarray(2)]);
    expect(jpegSize(bytes)).toEqual({ type: 'jpeg', width: 400, height: 300 });
  });

  it('does not take a DHT segment (0xC4) for a frame', () => {
    // SOI, DHT whose bytes would read as a 0x0101 X 0x0101 frame, then the real frame.
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x08, 0x08, 0x01, 0x01, 0x01, 0x01, 0x01]);
    const base = makeJpeg(300, 250);
    expect(jpegSize(Buffer.concat([base.subarray(0, 2), dht, base.subarray(2)]))).toEqual({
      type: 'jpeg',
      width: 300,
      height: 250,
    });
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not an image at all')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"/>')],
    ['a PNG signature alone', makePng(300, 240).subarray(0, 8)],
    ['a PNG cut inside IHDR', makePng(300, 240).subarray(0, 20)],
    ['a PNG whose first chunk is not IHDR', Buffer.from(makePng(300, 240)).fill(0x41, 12, 16)],
    [
      'a PNG of 0 pixels wide',
      (() => {
        const png = makePng(300, 240);
        png.writeUInt32BE(0, 16);
        return png;
      })(),
    ],
    ['a JPEG start alone', Buffer.from([0xff, 0xd8])],
    ['a JPEG cut inside its frame header', makeJpeg(300, 240).subarray(0, 100)],
    [
      'a JPEG whose segment length runs past the end',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x7f, 0xff, 0x00]),
    ],
    [
      'a JPEG reaching its scan before any frame',
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]),
    ],
    ['a JPEG with garbage instead of a marker', Buffer.from([0xff, 0xd8, 0x12, 0x34, 0x56, 0x78])],
    ['a JPEG segment length below 2', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0x00, 0x00])],
    ['a GIF header cut short', makeGif(300, 240).subarray(0, 8)],
    ['a GIF-like signature', Buffer.from('GIF88a\x2c\x01\xf0\x00')],
    ['a GIF of 0 pixels high', Buffer.from('GIF89a\x2c\x01\x00\x00', 'latin1')],
  ])('answers null for %s', (_label, bytes) => {
    expect(imageSize(bytes)).toBeNull();
  });

  it('never throws on random bytes', () => {
    for (let i = 0; i < 500; i++) {
      const bytes = Buffer.from(Array.from({ length: 1 + (i % 64) }, () => Math.floor(Math.random() * 256)));
      bytes[0] = [0x89, 0xff, 0x47][i % 3]!;
      if (i % 3 === 1) bytes[1] = 0xd8;
      expect(() => imageSize(bytes)).not.toThrow();
    }
  });
});
