/**
 * Who the data plane may fetch from: every origin, VAST, creative, slate and beacon request goes
 * through safe-fetch.ts under one policy: public addresses only, except the server's own public
 * host (the built-in demo origin and ad server live there) and the hosts named in
 * PLAYBACK_ALLOW_HOSTS (a lab origin on a private network). Playback, conditioning and playout
 * all fetch through it, so it lives beside them, not inside any of them.
 */
import type { LookupAddress } from 'node:dns';
import type { FetchPolicy } from './safe-fetch.ts';

/** `host:port` of a URL, lower case, with the scheme's default port written out. */
export function hostPort(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  return `${host}:${port}`;
}

export function playbackPolicy(options: {
  publicUrl: string;
  allowHosts?: readonly string[] | undefined;
  lookup?: ((hostname: string) => Promise<readonly LookupAddress[]>) | undefined;
}): FetchPolicy {
  const allowHosts = new Set<string>([hostPort(options.publicUrl)]);
  // The policy compares IPv6 hosts without their brackets: [fd00::1]:443 is fd00::1:443 there.
  for (const host of options.allowHosts ?? [])
    allowHosts.add(
      host
        .trim()
        .toLowerCase()
        .replace(/^\[([^\]]+)\]/, '$1'),
    );
  return options.lookup ? { allowHosts, lookup: options.lookup } : { allowHosts };
}
