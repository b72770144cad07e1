import { type Bundle, DEMAND_SOURCE_LABELS } from '@cuepoint/core';
import { BUNDLE_SCREEN_TEXTS as T } from '../texts.ts';

/** A bundle's split in words: 'Campaigns (built-in ad server) 70%, VAST tag 30%'. */
export const sourcesSummary = (bundle: Pick<Bundle, 'sources'>) =>
  bundle.sources.map((source) => T.share(DEMAND_SOURCE_LABELS[source.type], source.percentage)).join(', ');
