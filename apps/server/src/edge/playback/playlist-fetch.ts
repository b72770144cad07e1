/**
 * The fetch of playback's origin caches: a playlist under the data plane's fetch policy
 * (fetch/policy.ts), checked to be HLS.
 */

import { type FetchPolicy, SafeFetchError, safeFetchText } from '../fetch/safe-fetch.ts';
import type { OriginFetched } from './origin-cache.ts';

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
