import { CappedMap } from '../../lib/capped-map.ts';
import type { BeaconEvent } from './vast.ts';

/**
 * What the demo ad server has been told, in memory: beacon counts overall, per ad and per
 * session, the latest beacons, and how the slow answers went. Tests (and a curious developer)
 * read it at GET /demo/ads/beacons. Bounded, so a long-running demo cannot grow it for ever.
 */

export const RECENT_BEACONS = 200;
export const TRACKED_SESSIONS = 1000;

export interface Beacon {
  at: string;
  event: BeaconEvent;
  ad: string;
  sequence?: number;
  session?: string;
  code?: string;
}

type Counts = Partial<Record<BeaconEvent, number>>;

export interface BeaconReport {
  total: number;
  events: Counts;
  ads: Record<string, Counts>;
  recent: Beacon[];
  slow: { pending: number; answered: number; aborted: number };
}

const bump = (counts: Counts, event: BeaconEvent) => {
  counts[event] = (counts[event] ?? 0) + 1;
};

export class BeaconLog {
  private total = 0;
  private events: Counts = {};
  private ads = new Map<string, Counts>();
  /** The oldest session is forgotten first. */
  private sessions = new CappedMap<string, { total: number; events: Counts; ads: Map<string, Counts> }>(
    TRACKED_SESSIONS,
  );
  private recent: Beacon[] = [];
  readonly slow = { pending: 0, answered: 0, aborted: 0 };

  record(beacon: Beacon): void {
    this.total++;
    bump(this.events, beacon.event);
    const perAd = this.ads.get(beacon.ad) ?? {};
    bump(perAd, beacon.event);
    this.ads.set(beacon.ad, perAd);
    if (beacon.session !== undefined) {
      let session = this.sessions.get(beacon.session);
      if (!session) {
        session = { total: 0, events: {}, ads: new Map() };
        this.sessions.set(beacon.session, session);
      }
      session.total++;
      bump(session.events, beacon.event);
      const sessionAd = session.ads.get(beacon.ad) ?? {};
      bump(sessionAd, beacon.event);
      session.ads.set(beacon.ad, sessionAd);
    }
    this.recent.push(beacon);
    if (this.recent.length > RECENT_BEACONS) this.recent.shift();
  }

  /** Everything, or one session's beacons only. Copies: the caller may keep them. */
  report(session?: string): BeaconReport {
    const slow = { ...this.slow };
    if (session === undefined) {
      return {
        total: this.total,
        events: { ...this.events },
        ads: Object.fromEntries([...this.ads].map(([ad, counts]) => [ad, { ...counts }])),
        recent: [...this.recent],
        slow,
      };
    }
    const s = this.sessions.get(session);
    return {
      total: s?.total ?? 0,
      events: { ...s?.events },
      ads: Object.fromEntries([...(s?.ads ?? [])].map(([ad, counts]) => [ad, { ...counts }])),
      recent: this.recent.filter((b) => b.session === session),
      slow,
    };
  }

  clear(): void {
    this.total = 0;
    this.events = {};
    this.ads.clear();
    this.sessions.clear();
    this.recent = [];
    Object.assign(this.slow, { answered: 0, aborted: 0 });
  }
}
