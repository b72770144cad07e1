import { getAttribute, parseAttributes } from './attributes.ts';

/**
 * The IV a player uses for a segment whose EXT-X-KEY has no IV attribute (RFC 8216 section 5.2):
 * its media sequence number, big-endian in 16 octets: `0x` and 32 hexadecimal digits.
 */
export function sequenceIv(msn: number): string {
  return `0x${Math.max(0, Math.trunc(msn)).toString(16).toUpperCase().padStart(32, '0')}`;
}

/**
 * Whether a key's IV comes from the media sequence number, so that renumbering would change it:
 * encrypted without an IV attribute, AES-128 whatever its KEYFORMAT (RFC 8216 section 5.2: the
 * format says how the key is obtained, not the IV), SAMPLE-AES in the identity format (a DRM
 * system's SAMPLE-AES carries its IVs in the media or its own key response).
 */
function ivFromSequence(key: string): boolean {
  const attrs = parseAttributes(key);
  const method = getAttribute(attrs, 'METHOD');
  if (method !== 'AES-128' && method !== 'SAMPLE-AES') return false;
  if (getAttribute(attrs, 'IV') !== undefined) return false;
  if (method === 'AES-128') return true;
  const format = getAttribute(attrs, 'KEYFORMAT');
  return format === undefined || format === 'identity';
}

/**
 * The keys of a segment that moves from origin media sequence number `originalMsn` to another
 * number: a key whose IV the player would derive from the (new) number gets the original one
 * written out (`IV=0x...`), so the segment still decrypts. Returns `keys` itself when no key
 * needs it.
 */
export function keysWithOriginalIv(keys: string[], originalMsn: number): string[] {
  let out: string[] | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (!ivFromSequence(k)) continue;
    out ??= [...keys];
    out[i] = `${k},IV=${sequenceIv(originalMsn)}`;
  }
  return out ?? keys;
}
