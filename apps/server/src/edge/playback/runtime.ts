/**
 * The playback runtime: what live and VOD playback share, built once per process (routes.ts) and
 * given to both, so that neither reaches into the other.
 *
 * - `origin`: the one origin cache of every viewer, live and VOD (one fetch per refresh for all of
 *   them). Each fetch is counted for every stream or asset it served (`askerFor`): two streams of
 *   one origin URL each count the fetches their viewers were given.
 * - `creatives`: ad and slate renditions, from their own cache (kept between avails).
 * - `decisions`: how ad decisions fetch VAST, check creatives and reach the built-in ad server.
 * - `beacons`, `events`: where server-side beacons go and what is recorded; either may be absent.
 * - `serve`: a stitched media playlist as the viewer gets it (through the account's CDN, else the
 *   platform's CDN base).
 */
import { type MediaPlaylist, serializeMediaPlaylist } from '@cuepoint/stitcher';
import type { DbOrTx } from '../../db/client.ts';
import type { Conditioner } from '../conditioning/conditioner.ts';
import type { EventPipeline, EventSubject } from '../events/pipeline.ts';
import { type FetchPolicy, safeFetchText } from '../fetch/safe-fetch.ts';
import type { DecisionDeps } from './ad-decisions.ts';
import type { BeaconSender } from './beacons.ts';
import { Creatives } from './creatives.ts';
import { type Delivery, delivered, effectiveDelivery } from './delivery.ts';
import type { PlaybackLimits } from './limits.ts';
import { ConfigCache } from './live-config.ts';
import { type OriginAsker, OriginCache } from './origin-cache.ts';
import { playlistFetcher } from './playlist-fetch.ts';
import { PlaylistSource } from './playlist-source.ts';
import type { SessionStore } from './sessions.ts';

export interface PlaybackRuntimeOptions {
  db: DbOrTx;
  sessions: SessionStore;
  policy: FetchPolicy;
  limits: PlaybackLimits;
  now: () => number;
  random?: () => number;
  conditioner?: Conditioner | undefined;
  /** Sends the ads' beacons server-side; without one, none are sent (client-side tracking only). */
  beacons?: BeaconSender | undefined;
  /** Records decisions, beacons, failures and counts (events/); without one, nothing is recorded. */
  events?: EventPipeline | undefined;
  /** The built-in ad server's demand (internal decisions); without it, they have no ads. */
  campaigns?: DecisionDeps['campaigns'];
  /** The platform configuration's CDN base (CDNBASE), for accounts without a CDN of their own. */
  platformCdnBase?: (() => Promise<string | undefined>) | undefined;
}

export class PlaybackRuntime {
  readonly db: DbOrTx;
  readonly sessions: SessionStore;
  readonly limits: PlaybackLimits;
  readonly now: () => number;
  readonly beacons: BeaconSender | undefined;
  readonly events: EventPipeline | undefined;
  /** The one origin cache of every viewer, live and VOD (its stats count what the origins saw). */
  readonly origin: PlaylistSource;
  readonly creatives: Creatives;
  /** How ad decisions fetch VAST and check creatives, live and VOD alike. */
  readonly decisions: DecisionDeps;
  private readonly platformCdnBase: (() => Promise<string | undefined>) | undefined;

  constructor(options: PlaybackRuntimeOptions) {
    const { policy, limits, now } = options;
    this.db = options.db;
    this.sessions = options.sessions;
    this.limits = limits;
    this.now = now;
    this.beacons = options.beacons;
    this.events = options.events;
    this.platformCdnBase = options.platformCdnBase;
    const fetchPlaylist = playlistFetcher(policy, limits.originTimeoutMs, limits.originMaxBytes);
    this.origin = new PlaylistSource(new OriginCache({ fetch: fetchPlaylist, now }));
    this.creatives = new Creatives(
      new PlaylistSource(
        // Creatives are asked for at each avail, minutes apart: keep them between avails.
        new OriginCache({ fetch: fetchPlaylist, now, idleMs: 2 * limits.creativeTtlMs }),
      ),
      limits.creativeTtlMs,
    );
    this.decisions = {
      fetchVast: (url, headers, signal) =>
        safeFetchText(url, {
          policy,
          timeoutMs: limits.vastTimeoutMs,
          maxBytes: limits.vastMaxBytes,
          headers,
          signal,
        }),
      creatives: this.creatives,
      now,
      random: options.random ?? Math.random,
      maxDepth: limits.vastMaxDepth,
      conditioner: options.conditioner,
      campaigns: options.campaigns,
    };
  }

  /** A cache of one kind of stored configuration (a stream's, an asset's), read by `read`. */
  configCache<T>(read: (db: DbOrTx, id: string) => Promise<T | undefined>): ConfigCache<T> {
    return new ConfigCache((id) => read(this.db, id), this.limits.configTtlMs, this.now);
  }

  /**
   * Who asks the origin for `subject`'s playlists: every fetch that served it is counted for it,
   * with its time (a failed one is also an event). Undefined when nothing is recorded.
   */
  askerFor(subject: EventSubject): OriginAsker | undefined {
    const { events } = this;
    if (!events) return undefined;
    return {
      id: `${subject.kind}:${subject.resourceId}`,
      fetched: (ms, failure) => events.originFetch(subject, ms, failure),
    };
  }

  /** A stitched media playlist as the viewer gets it: through the account's CDN, else the platform's. */
  async serve(playlist: MediaPlaylist, delivery: Delivery): Promise<string> {
    const cdn = effectiveDelivery(delivery, await this.platformCdnBase?.());
    return serializeMediaPlaylist(delivered(playlist, cdn));
  }
}
