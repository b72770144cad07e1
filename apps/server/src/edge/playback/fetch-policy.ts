/**
 * Who the data plane may fetch from, and the fetch functions built on that policy. Every origin,
 * VAST, creative and slate request goes through safeFetchText under one policy: public addresses
 * only, except the server's own public host (the built-in demo origin and ad server live there)
 * and the hosts named in PLAYBACK_ALLOW_HOSTS (a lab origin on a private network).
 */
import type { LookupAddress } from 'node:dns';
import type { OriginFetched } from './origin-cache.ts';
import { type FetchPolicy, SafeFetchError, safeFetchText } from './safe-fetch.ts';

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

/** An answer that is not an HLS playlist (an HTML error page with status 200) is a failure. */
export function requireHls(fetched: OriginFetched): OriginFetched {
  if (fetched.status >= 200 && fetched.status < 300 && !fetched.body.trimStart().startsWith('#EXTM3U')) {
    const first = fetched.body.trimStart().split('\n', 1)[0]?.slice(0, 60) ?? '';
    throw new SafeFetchError(
      'invalid',
      `${fetched.url}: the answer is not an HLS playlist${first ? ` (it starts "${first}")` : ' (it is empty)'}`,
    );
  }
  return fetched;
}

/** The fetch of an OriginCache: a playlist under the policy, checked to be HLS. */
export function playlistFetcher(policy: FetchPolicy, timeoutMs: number, maxBytes: number) {
  return async (url: string): Promise<OriginFetched> => {
    const fetched = await safeFetchText(url, {
      policy,
      timeoutMs,
      maxBytes,
      headers: { accept: 'application/vnd.apple.mpegurl, application/x-mpegurl, */*' },
    });
    return requireHls({ url: fetched.url, status: fetched.status, body: fetched.body });
  };
}
