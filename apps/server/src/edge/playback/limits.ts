/**
 * The data plane's time and size limits, named once. A player refreshes a live playlist about
 * every target duration, so nothing a playlist request waits for may take much longer than that.
 */
export interface PlaybackLimits {
  /** One origin playlist fetch, redirects included. */
  originTimeoutMs: number;
  /** Largest origin playlist accepted (a live window is a few kilobytes; a VOD playlist more). */
  originMaxBytes: number;
  /** One VAST request (each wrapper hop gets its own). */
  vastTimeoutMs: number;
  vastMaxBytes: number;
  /** Wrappers followed at most (IAB recommends 5). */
  vastMaxDepth: number;
  /**
   * Longest a playlist request waits for an avail's ad decision, whatever the stream's
   * maxWaitingSec (the smaller wins): a player times out on a playlist that takes longer.
   */
  decisionBudgetMs: number;
  /** The origin's multivariant playlist is shared by viewers joining within this long. */
  masterTtlMs: number;
  /** Before a media playlist's target duration is known, it is shared for this long. */
  mediaTtlMs: number;
  /** Creative and slate playlists (VOD: they do not change) are kept this long. */
  creativeTtlMs: number;
  /** A live stream's configuration (and slate) is read from the database at most this often. */
  configTtlMs: number;
  /** Origin renditions one session may list (a multivariant playlist with more is cut). */
  maxRenditions: number;
  /**
   * Avail records a live session keeps beyond those still in its viewer's window (the tracking
   * document lists them; each holds its ads' tracking URLs and fired beacons). A player's
   * tracking poll asks about the avails of its playlist window, as with MediaTailor; a short
   * history covers a late poll. The bound keeps a viewer's memory (and its Redis record, written
   * on every refresh) the same after an hour as after four breaks.
   */
  maxSessionAvails: number;
  /**
   * A server-side beacon is sent once the viewer's playlists end this many segments after its
   * segment: players play about three target durations behind the live edge.
   */
  beaconHoldBackSegments: number;
  /** One beacon request (each retry gets its own). */
  beaconTimeoutMs: number;
  /** A VOD asset's playlists (they do not change) are shared this long. */
  vodTtlMs: number;
  /** A VOD session lives this long after its last save (a paused film is resumed hours later). */
  vodSessionTtlMs: number;
  /** Ads one VOD break takes at most (a VOD break has no duration to fill: the ad server decides). */
  vodMaxAdsPerBreak: number;
  /**
   * Viewer sessions one client address (an IPv6 /64) holds on one live stream or VOD asset
   * (PLAYBACK_SESSIONS_PER_ADDRESS). Past it, a new one ends that address's idlest session of
   * the stream, never another address's, nor one that is playing. Generous: the viewers behind a
   * home, campus, hotel or carrier-grade NAT share one address.
   */
  sessionsPerAddress: number;
  /**
   * Viewer sessions the store holds at most (PLAYBACK_MAX_SESSIONS): one process's memory, or
   * every process's in Redis; about 10 KiB each (npm run bench). Past it, a new one ends the
   * idlest session of all, never one that is playing.
   */
  maxSessions: number;
  /**
   * A session that answered a request (a playlist, the tracking document) within this long is
   * playing: it is never ended to make room (a live player refreshes every target duration:
   * this is two of a 15 s one). When only playing sessions could give way, the new one is
   * refused (503 with Retry-After) instead.
   */
  sessionPlayingMs: number;
}

export const PLAYBACK_LIMITS: PlaybackLimits = {
  originTimeoutMs: 2_000,
  originMaxBytes: 2 * 1024 * 1024,
  vastTimeoutMs: 1_500,
  vastMaxBytes: 1024 * 1024,
  vastMaxDepth: 5,
  decisionBudgetMs: 2_000,
  masterTtlMs: 2_000,
  mediaTtlMs: 1_000,
  creativeTtlMs: 10 * 60_000,
  configTtlMs: 5_000,
  maxRenditions: 64,
  maxSessionAvails: 4,
  beaconHoldBackSegments: 3,
  beaconTimeoutMs: 2_000,
  vodTtlMs: 60_000,
  vodSessionTtlMs: 4 * 3_600_000,
  vodMaxAdsPerBreak: 5,
  sessionsPerAddress: 100,
  maxSessions: 200_000,
  sessionPlayingMs: 30_000,
};
