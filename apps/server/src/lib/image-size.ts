/**
 * The real type and pixel size of an uploaded image, read from its bytes (not its name or the
 * Content-Type the browser claimed). PNG, JPEG and GIF: the logo types of spec section 5.
 * Pure, no dependencies; anything truncated, malformed or of another type gives null.
 */
export type ImageType = 'png' | 'jpeg' | 'gif';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/** The file extensions that name each type. */
export const IMAGE_TYPE_EXTENSIONS: Record<ImageType, readonly string[]> = {
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  gif: ['.gif'],
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

const sized = (type: ImageType, width: number, height: number): ImageInfo | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

/** PNG: the signature, then the IHDR chunk (length 13) with width and height as 32-bit big-endian. */
export function pngSize(bytes: Uint8Array): ImageInfo | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 24) return null;
  if (u32be(bytes, 8) !== 13 || !startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return null;
  const width = u32be(bytes, 16);
  const height = u32be(bytes, 20);
  // The PNG specification limits both to 2^31 - 1.
  if (width > 0x7fffffff || height > 0x7fffffff) return null;
  return sized('png', width, height);
}

/** GIF: 'GIF87a' or 'GIF89a', then the logical screen's width and height, 16-bit little-endian. */
export function gifSize(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 10) return null;
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  return sized('gif', u16le(bytes, 6), u16le(bytes, 8));
}

/**
 * JPEG: SOI, then marker segments up to the first start-of-frame (SOF0 to SOF15, except DHT 0xC4,
 * JPG 0xC8 and DAC 0xCC, which share the range), whose header holds height then width, 16-bit
 * big-endian. Reaching the scan data (SOS) or the end (EOI) first means there is no frame.
 */
export function jpegSize(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return null;
    const marker = bytes[at]!;
    at++;
    // Markers without a length: TEM, RST0-7, a repeated SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda || marker === 0x00) return null;
    if (at + 2 > bytes.length) return null;
    const length = u16be(bytes, at);
    if (length < 2 || at + length > bytes.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      // length(2) precision(1) height(2) width(2) components(1)
      if (length < 8) return null;
      return sized('jpeg', u16be(bytes, at + 5), u16be(bytes, at + 3));
    }
    at += length;
  }
  return null;
}

/** The type and pixel size of a PNG, JPEG or GIF image, or null. */
export function imageSize(bytes: Uint8Array): ImageInfo | null {
  if (bytes[0] === 0x89) return pngSize(bytes);
  if (bytes[0] === 0xff) return jpegSize(bytes);
  if (bytes[0] === 0x47) return gifSize(bytes);
  return null;
}
