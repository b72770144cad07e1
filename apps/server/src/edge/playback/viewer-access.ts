/**
 * Viewer access (issue 39): a live stream's Blocked IPs refuse playback from those addresses and
 * ranges, and a non-empty Trusted IPs allows only its members. Blocked wins over trusted; both
 * empty allow all. Entries are single addresses or CIDR ranges, IPv4 or IPv6, matched with
 * ipaddr.js (no pattern of ours); an IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4
 * address, as a viewer's or as an entry.
 *
 * The viewer's address is Fastify's `request.ip`: the socket's peer, or X-Forwarded-For's only
 * behind the proxies TRUST_PROXY trusts (config/env.ts, app.ts), so a spoofed header does not get
 * past a block.
 *
 * The lists are parsed once per read configuration (live-config.ts keeps the parsed rule with
 * the config, for the config cache's TTL), never per request. A stored entry that is no address or
 * range is ignored (the others still apply) and told once per process and stream, never a 500.
 *
 * Segments are not ours to refuse: they go from the stream's origin or the customer's CDN to the
 * player (the media playlists name them there), so the refusal covers every request that reaches
 * us (master, session, session master, media playlists, tracking); the CDN's own rules guard the
 * segments.
 */
import { PLAYBACK_ACCESS_TEXTS } from '@cuepoint/core';
import ipaddr from 'ipaddr.js';
import { CappedMap } from '../../lib/capped-map.ts';
import { forbidden, type RequestProblem } from '../../lib/request-problem.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** Who may play: `allows(address)` for the client address Fastify gives (`request.ip`). */
export interface ViewerAccess {
  /** Whether both lists are empty (every address plays). */
  readonly open: boolean;
  allows(address: string): boolean;
}

/** The 403 of a refused viewer (plugins/errors.ts answers it, its message core's). */
export const notAllowedFromAddress = (): RequestProblem =>
  forbidden(PLAYBACK_ACCESS_TEXTS.notAllowedFromAddress);

/** An IPv4-mapped IPv6 address as its IPv4 address; any other as it is. */
function unmapped(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/**
 * One entry as a range: `a.b.c.d`, `a.b.c.d/n`, an IPv6 address or `x::/n`. IPv4 only in its four
 * decimal parts (ipaddr.js would read `10.1` or `0x0a.0.0.1` too, which no one means in a list).
 */
export function parseEntry(entry: unknown): Range | undefined {
  if (typeof entry !== 'string') return undefined;
  const text = entry.trim();
  const slash = text.indexOf('/');
  const host = slash === -1 ? text : text.slice(0, slash);
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(host);
  if (!v4 && !ipaddr.IPv6.isValid(host)) return undefined;
  let range: Range;
  if (slash === -1) {
    const address = ipaddr.parse(host);
    range = [address, address.kind() === 'ipv4' ? 32 : 128];
  } else {
    const bits = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(bits) || !ipaddr.isValidCIDR(text)) return undefined;
    range = ipaddr.parseCIDR(text);
  }
  const [address, bits] = range;
  // ::ffff:a.b.c.d/n (n >= 96) is the IPv4 range a.b.c.d/(n - 96).
  if (address.kind() === 'ipv6' && bits >= 96 && (address as ipaddr.IPv6).isIPv4MappedAddress())
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return range;
}

/** The client address as matched: IPv4 for an IPv4-mapped one; undefined if it is no address. */
function clientAddress(address: string): Address | undefined {
  // A scoped IPv6 address (fe80::1%eth0) is matched without its zone.
  const bare = address.split('%')[0] ?? '';
  return ipaddr.isValid(bare) ? unmapped(ipaddr.parse(bare)) : undefined;
}

const inRanges = (address: Address, ranges: readonly Range[]) =>
  ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));

let log: (message: string) => void = (message) =>
  process.emitWarning(message, { code: 'CUEPOINT_VIEWER_ACCESS' });
/** Where ignored entries are told (routes.ts sets app.log's warn). */
export function setViewerAccessLog(to: (message: string) => void): void {
  log = to;
}
/** The log set by setViewerAccessLog (live-config.ts hands it to viewerAccess). */
export const viewerAccessLog = (message: string): void => log(message);

/** The stored entries told as ignored (once each per process). */
const told = new CappedMap<string, true>(10_000);

/**
 * The access rule of one stream's lists. `log` hears of each ignored entry once per process
 * (`owner` names the stream in it).
 */
export function viewerAccess(
  owner: string,
  lists: { trusted: unknown; blocked: unknown },
  log: (message: string) => void,
): ViewerAccess {
  const ranges = (name: string, list: unknown): Range[] => {
    const entries = Array.isArray(list) ? (list as unknown[]) : [];
    const parsed: Range[] = [];
    for (const entry of entries) {
      const range = parseEntry(entry);
      if (range) {
        parsed.push(range);
        continue;
      }
      const key = `${owner}\u0000${name}\u0000${String(entry)}`;
      if (told.has(key)) continue;
      told.set(key, true);
      log(
        `viewer access: ${owner}'s ${name} entry ${JSON.stringify(entry)} is no IP address or CIDR range: ignored`,
      );
    }
    return parsed;
  };
  const trusted = ranges('trustedIpsList', lists.trusted);
  const blocked = ranges('blockedIpsList', lists.blocked);
  // A trusted list whose every entry was ignored still allows only its members (none): an
  // operator who meant to restrict playback does not get it opened by a typo.
  const restricted = Array.isArray(lists.trusted) && lists.trusted.length > 0;
  const open = blocked.length === 0 && !restricted;
  return {
    open,
    allows(text) {
      if (open) return true;
      const address = clientAddress(text);
      if (!address) return !restricted;
      if (inRanges(address, blocked)) return false;
      return !restricted || inRanges(address, trusted);
    },
  };
}
