import { CappedMap } from '../../lib/capped-map.ts';
import { type CatalogCampaign, frequencyPeriodStart } from './engine.ts';

/**
 * What this process knows of its viewers' frequency counts (the database holds them all): the
 * count each reservation found, per viewer, campaign and period; the least recently served
 * viewers are forgotten first.
 */
export class ViewerCounts {
  private readonly viewers: CappedMap<string, Map<string, { periodStart: number; count: number }>>;

  constructor(maxViewers = 200_000) {
    this.viewers = new CappedMap(maxViewers);
  }

  /** The viewer's counts in each campaign's current period (0 when unknown). */
  countsOf(
    viewerKey: string,
    campaigns: readonly Pick<CatalogCampaign, 'id' | 'frequencyPeriod' | 'start'>[],
    now: number,
  ): Map<string, number> {
    const out = new Map<string, number>();
    const known = this.viewers.get(viewerKey);
    if (!known) return out;
    for (const c of campaigns) {
      const entry = known.get(c.id);
      if (entry && entry.periodStart === frequencyPeriodStart(c.frequencyPeriod, now, c.start))
        out.set(c.id, entry.count);
    }
    return out;
  }

  /** One reservation of the viewer's given back: its known count goes down by one. */
  unlearn(viewerKey: string, campaignId: string, periodStart: number): void {
    const entry = this.viewers.get(viewerKey)?.get(campaignId);
    if (entry && entry.periodStart === periodStart) entry.count = Math.max(0, entry.count - 1);
  }

  learn(viewerKey: string, campaignId: string, periodStart: number, count: number): void {
    const known = this.viewers.get(viewerKey) ?? new Map();
    known.set(campaignId, { periodStart, count });
    // The newest: the viewers learnt of longest ago are the first forgotten.
    this.viewers.set(viewerKey, known);
  }
}
