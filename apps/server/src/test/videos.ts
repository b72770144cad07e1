/**
 * Video files with the shape of the real thing, made at test time: an MP4 whose top-level
 * ISO-BMFF boxes tile the file (ftyp, moov, mdat, as an encoder writes them), and an MPEG-TS
 * file of whole 188-byte packets. Nothing decodes them; lib/video-container.ts checks the shape.
 */

/** One ISO-BMFF box: a 32-bit size, the type, the body. */
export function mp4Box(type: string, body: Uint8Array = new Uint8Array()): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A box with size 1 and a 64-bit size after its type. */
export function mp4LargeBox(type: string, body: Uint8Array = new Uint8Array()): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([head, body]);
}

/** ftyp: major brand 'isom', minor version 512, compatible brands. */
export const ftypBox = () =>
  mp4Box(
    'ftyp',
    Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]),
  );

/** A moov with an (all-zero) movie header: enough for the box walk. */
export const moovBox = () => mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100)));

/** A progressive MP4 of `size` bytes (at least 156): ftyp, moov, and an mdat filling the rest. */
export function makeMp4(size = 1024, fill = 0x11): Buffer {
  const head = Buffer.concat([ftypBox(), moovBox()]);
  if (size < head.length + 8) throw new Error(`an MP4 needs at least ${head.length + 8} bytes`);
  return Buffer.concat([head, mp4Box('mdat', Buffer.alloc(size - head.length - 8, fill))]);
}

/** `packets` MPEG-TS packets of 188 bytes, each starting with the sync byte 0x47. */
export function makeTs(packets = 3): Buffer {
  const packet = Buffer.alloc(188, 0xff);
  packet[0] = 0x47;
  packet[1] = 0x1f; // PID 0x1fff: null packets
  packet[2] = 0xff;
  packet[3] = 0x10;
  return Buffer.concat(Array.from({ length: packets }, () => packet));
}
