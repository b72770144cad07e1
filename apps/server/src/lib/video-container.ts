import type { FileHandle } from 'node:fs/promises';

/**
 * Checks that a file is the video container its name claims, over the whole file rather than its
 * first bytes: an MP4's top-level ISO-BMFF boxes, or an MPEG-TS file's 188-byte packets. Nothing
 * is decoded; the point is that a stored slate has the shape of a video, not that it plays.
 *
 * The checks read through a `RandomAccess` (a file handle, or a buffer in tests) in blocks, so a
 * 50 MB file is never held in memory, and a file of millions of tiny boxes costs no more reads
 * than its size in blocks.
 */

/** Reads up to `length` bytes at `position`; fewer only at the end of the data. */
export interface RandomAccess {
  readonly size: number;
  read(position: number, length: number): Promise<Uint8Array>;
}

export type VideoContainer = '.mp4' | '.ts';

/** Why a file is not the container it claims to be (for logs and tests; users see one message). */
export type ContainerProblem = string;

/** A random access over an open file of known size (the upload's temporary file). */
export function fileAccess(handle: FileHandle, size: number): RandomAccess {
  return {
    size,
    async read(position, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === buffer.length ? buffer : buffer.subarray(0, filled);
    },
  };
}

/** A random access over bytes in memory (tests, small files). */
export function bufferAccess(bytes: Uint8Array): RandomAccess {
  return {
    size: bytes.length,
    read: async (position, length) => bytes.subarray(position, Math.min(bytes.length, position + length)),
  };
}

const BLOCK = 64 * 1024;

/** Serves small reads (box headers) from one cached block, so consecutive headers cost one read. */
function blockReader(source: RandomAccess) {
  let start = -1;
  let block: Uint8Array = new Uint8Array(0);
  return async (position: number, length: number): Promise<Uint8Array> => {
    if (start < 0 || position < start || position + length > start + block.length) {
      start = position;
      block = await source.read(position, Math.max(length, BLOCK));
    }
    const from = position - start;
    return block.subarray(from, Math.min(block.length, from + length));
  };
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
/** A box type is four printable ASCII characters ('ftyp', 'moov'); junk rarely is. */
const isBoxType = (bytes: Uint8Array, from: number) => {
  for (let i = from; i < from + 4; i += 1) if (bytes[i]! < 0x20 || bytes[i]! > 0x7e) return false;
  return true;
};

/**
 * An MP4 (ISO-BMFF) file: the top-level boxes tile the file exactly, the first is `ftyp`, every
 * size is valid (1: a 64-bit size follows the type; 0: the box runs to the end of the file; else at
 * least its 8-byte header), and there is a `moov` (or, fragmented, a `moof`) and an `mdat`.
 * Answers null, or what is wrong.
 */
export async function checkMp4(source: RandomAccess): Promise<ContainerProblem | null> {
  const { size } = source;
  const read = blockReader(source);
  const seen = new Set<string>();
  let position = 0;
  while (position < size) {
    if (size - position < 8) return `truncated box header at byte ${position}`;
    const header = await read(position, 16);
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    if (!isBoxType(header, 4)) return `no box type at byte ${position + 4}`;
    const type = ascii(header, 4, 8);
    if (position === 0 && type !== 'ftyp') return `the first box is '${type}', not 'ftyp'`;
    const size32 = view.getUint32(0);
    let boxSize: number;
    let headerSize = 8;
    if (size32 === 1) {
      if (header.length < 16) return `truncated 64-bit box size at byte ${position}`;
      const large = view.getBigUint64(8);
      headerSize = 16;
      if (large < 16n) return `box '${type}' at byte ${position} has a bogus 64-bit size ${large}`;
      if (large > BigInt(size - position))
        return `box '${type}' at byte ${position} runs past the end of the file`;
      boxSize = Number(large);
    } else if (size32 === 0) {
      boxSize = size - position;
    } else if (size32 < 8) {
      return `box '${type}' at byte ${position} has a bogus size ${size32}`;
    } else {
      boxSize = size32;
    }
    if (type === 'uuid') headerSize += 16;
    if (type === 'ftyp') headerSize += 8; // major brand and minor version
    if (boxSize < headerSize) return `box '${type}' at byte ${position} is shorter than its header`;
    if (boxSize > size - position) return `box '${type}' at byte ${position} runs past the end of the file`;
    seen.add(type);
    position += boxSize;
  }
  if (size === 0) return 'the file is empty';
  if (!seen.has('moov') && !seen.has('moof')) return "no 'moov' (or 'moof') box";
  if (!seen.has('mdat')) return "no 'mdat' box";
  return null;
}

export const TS_PACKET = 188;
const TS_SYNC = 0x47;

/** An MPEG transport stream: whole 188-byte packets, each starting with the sync byte 0x47. */
export async function checkMpegTs(source: RandomAccess): Promise<ContainerProblem | null> {
  const { size } = source;
  if (size === 0) return 'the file is empty';
  if (size % TS_PACKET !== 0) return `${size} bytes is not a whole number of 188-byte packets`;
  const span = TS_PACKET * 1024;
  for (let start = 0; start < size; start += span) {
    const block = await source.read(start, Math.min(span, size - start));
    if (block.length !== Math.min(span, size - start)) return `short read at byte ${start}`;
    for (let i = 0; i < block.length; i += TS_PACKET) {
      if (block[i] !== TS_SYNC) return `no sync byte at byte ${start + i}`;
    }
  }
  return null;
}

/** Checks the file as the container its extension names. */
export function checkVideoContainer(
  source: RandomAccess,
  kind: VideoContainer,
): Promise<ContainerProblem | null> {
  return kind === '.mp4' ? checkMp4(source) : checkMpegTs(source);
}

/** The container the bytes are, if either. */
export async function detectVideoContainer(source: RandomAccess): Promise<VideoContainer | null> {
  if ((await checkMp4(source)) === null) return '.mp4';
  if ((await checkMpegTs(source)) === null) return '.ts';
  return null;
}
