/**
 * The demand of a stream or asset: which bundle (and source) an avail is drawn from, by the
 * stream's bundle percentages and then the bundle's sources'.
 */

import type { PodTemplate } from './engine.ts';
import type { AdTarget, DemandBundle } from './targets.ts';

export interface DrawnDemand {
  /** The bundle's campaigns source; null when the draw gave no built-in demand. */
  campaignIds: readonly string[] | null;
  pod: PodTemplate | null;
  bundle: DemandBundle | null;
  /** The bundle's source drawn, when one was. */
  source?: DemandBundle['sources'][number];
  /** Why there is no built-in demand, when there is none. */
  none?: string;
}

/** Draws by percentage (random in [0, 1)); undefined when the shares total nothing. */
export function drawShare<T extends { percentage: number }>(
  items: readonly T[],
  random: () => number,
): T | undefined {
  const total = items.reduce((sum, i) => sum + Math.max(0, i.percentage), 0);
  if (total <= 0) return undefined;
  let point = random() * total;
  for (const item of items) {
    point -= Math.max(0, item.percentage);
    if (point < 0) return item;
  }
  return items.at(-1);
}

/**
 * The built-in demand of one avail of `target`: the stream's shares draw a bundle, the bundle's
 * sources a source; a campaigns source gives its campaigns and the bundle's pod template. A stream
 * that names no bundle at all gives every active campaign of the account, without a template.
 */
export function drawDemand(target: AdTarget, random: () => number): DrawnDemand {
  if (target.shares.length === 0) return { campaignIds: [], pod: null, bundle: null };
  const share = drawShare(target.shares, random);
  if (!share?.bundle)
    return {
      campaignIds: null,
      pod: null,
      bundle: null,
      none: share ? `the share ${share.name} has no (active) bundle` : 'the shares total 0%',
    };
  const bundle = share.bundle;
  const source = drawShare(bundle.sources, random);
  if (!source)
    return { campaignIds: null, pod: bundle.pod, bundle, none: `bundle ${bundle.name} has no source` };
  if (source.type !== 'campaigns')
    return {
      campaignIds: null,
      pod: bundle.pod,
      bundle,
      source,
      none: `bundle ${bundle.name} drew its ${source.type} source, not the built-in ad server`,
    };
  return { campaignIds: source.campaignIds, pod: bundle.pod, bundle, source };
}
