/**
 * The data plane's public paths, at the root of the server (not under /api): what a viewer's
 * player asks for. The server registers its playback routes with these patterns, and the console
 * shows a stream's playback URL with `playbackPath`; neither side writes them by hand.
 */
export const PLAYBACK_PATHS = {
  /** A live stream's multivariant playlist: opens a viewer session (implicit). */
  liveMaster: '/play/live/:streamId/master.m3u8',
  /** Explicit session initialisation: answers the manifest and tracking URLs. */
  liveSession: '/play/live/:streamId/session',
  liveSessionMaster: '/play/live/:streamId/s/:sessionId/master.m3u8',
  /** One rendition's stitched media playlist (`:file` is `<index>.m3u8`). */
  liveRendition: '/play/live/:streamId/s/:sessionId/r/:file',
  /** Client-side tracking: the session's avails and ads. */
  liveTracking: '/play/live/:streamId/s/:sessionId/tracking',
  /** A VOD asset's multivariant playlist, its ads decided for a new session (implicit). */
  vodMaster: '/play/vod/:vodId/master.m3u8',
  vodSession: '/play/vod/:vodId/session',
  vodSessionMaster: '/play/vod/:vodId/s/:sessionId/master.m3u8',
  vodRendition: '/play/vod/:vodId/s/:sessionId/r/:file',
  vodTracking: '/play/vod/:vodId/s/:sessionId/tracking',
} as const;

/**
 * The built-in ad server's public paths, at the root too (apps/server/src/edge/ads/routes.ts): what an
 * SSAI or a player asks for ads of a stream or asset, and the impression beacon its answers carry.
 */
export const ADS_PATHS = {
  /** VAST 4.2: one avail's pod (`?stream=` or `?vod=`, `dur`, `pos`, optional viewer context). */
  vast: '/ads/vast',
  /** VMAP 1.0: a stream's or asset's breaks, each with its pod as inline VAST 4.2. */
  vmap: '/ads/vmap',
  /** The impression beacon (signed): counts the impression and its revenue. */
  impression: '/ads/impression',
} as const;

export type PlaybackPathPattern = (typeof PLAYBACK_PATHS)[keyof typeof PLAYBACK_PATHS];

type Params<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | Params<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A playback path with its parameters filled (URI-encoded). */
export function playbackPath<P extends PlaybackPathPattern>(
  pattern: P,
  params: Record<Params<P>, string>,
): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
