import type { BeaconLog } from './beacons.ts';
import type { Catalog } from './catalog.ts';

/** Where the demo routes live. URLs inside playlists and VAST are `${publicUrl}${DEMO_PREFIX}/...`. */
export const DEMO_PREFIX = '/demo';

/** Cache-Control values: live answers change every segment, files never between regenerations. */
export const CACHE = {
  live: 'no-store',
  /** VAST decisions and beacon reports: per request. */
  dynamic: 'no-store',
  /** VOD and creative playlists: fixed, but short-lived so a regenerated set shows up soon. */
  playlist: 'public, max-age=300',
  segment: 'public, max-age=86400',
} as const;

/** What the demo routes share. */
export interface DemoContext {
  catalog: Catalog;
  /** PUBLIC_URL without a trailing slash, then the demo prefix: `http://localhost:8080/demo`. */
  base: string;
  /** Milliseconds since the epoch (injectable: tests pin the clock). */
  now: () => number;
  beacons: BeaconLog;
  /** Aborted when the server closes: slow answers stop waiting. */
  closing: AbortSignal;
}

/** The absolute URL of a committed media file (its path relative to the media folder). */
export const mediaUrl = (ctx: DemoContext, file: string) =>
  `${ctx.base}/media/${file.split('/').map(encodeURIComponent).join('/')}`;
