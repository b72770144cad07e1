/**
 * Bundles (/demand; generic resource /ssai/bundle): a traffic split over demand sources. Each
 * source takes a percentage of the avails that reach the bundle (all sources total 100: 'The
 * total percentage of all bundles must be 100%.'): the account's own campaigns (all active ones,
 * or those named) through the built-in ad server, an external VAST or VMAP tag (with macros), or
 * an ad exchange (its value must not contain 'playlist'). A pod template (Pods) may shape the
 * pods the built-in ad server fills. A live stream's or VOD asset's ad configuration picks bundles.
 */
import { z } from 'zod';
import { PERCENTAGE_MAX, TEXT_LIMITS } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { validateAdExchangeValue, validateBundlesTotal, validateUrl } from '../validation/rules.ts';
import type { CrossFieldRule } from '../validation/types.ts';
import { crossFieldCheck, ruleCheck } from '../validation/zod-checks.ts';
import { boundedTextSchema, referenceSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';
import { idListSchema } from './placement.ts';

export const DEMAND_SOURCE_TYPES = ['campaigns', 'vast', 'vmap', 'exchange'] as const;
export type DemandSourceType = (typeof DEMAND_SOURCE_TYPES)[number];
export const DEMAND_SOURCE_LABELS: Record<DemandSourceType, string> = {
  campaigns: 'Campaigns (built-in ad server)',
  vast: 'VAST tag',
  vmap: 'VMAP tag',
  exchange: 'Ad exchange',
};

export const BUNDLE_LABELS = {
  name: 'Name',
  podId: 'Pod template',
  sources: 'Demand sources',
  type: 'Source',
  percentage: 'Percentage',
  campaignIds: 'Campaigns',
  url: 'Tag URL',
  status: 'Status',
} as const;

export const BUNDLE_SOURCES_MAX = 20;

/** A tag's URL is required for VAST, VMAP and exchange sources; an exchange's must not contain 'playlist'. */
export const demandSourceRule: CrossFieldRule<{ type: DemandSourceType; url: string }> = {
  fields: ['type', 'url'],
  validate: ({ type, url }) => {
    if (type === 'campaigns') return [];
    const problem = validateUrl(url) ?? (type === 'exchange' ? validateAdExchangeValue(url) : null);
    return problem === null ? [] : [{ field: 'url', message: problem }];
  },
};

export const demandSourceSchema = z
  .object({
    type: z.enum(DEMAND_SOURCE_TYPES, { error: M.thisFieldRequired }),
    percentage: z
      .number({ error: M.bundlesTotal })
      .min(0, { error: LIMIT_TEXTS.between(0, PERCENTAGE_MAX) })
      .max(PERCENTAGE_MAX, { error: LIMIT_TEXTS.between(0, PERCENTAGE_MAX) }),
    /** Campaigns source: the campaigns it draws from; none named: every active campaign of the account. */
    campaignIds: idListSchema(),
    /** VAST, VMAP or exchange source: the tag, whose macros are expanded per request. */
    url: boundedTextSchema(TEXT_LIMITS.url, M.invalidUrl),
  })
  .check(crossFieldCheck(demandSourceRule));
export type DemandSource = z.output<typeof demandSourceSchema>;

export const bundleSchema = z.object({
  name: resourceNameSchema(BUNDLE_LABELS.name),
  podId: referenceSchema,
  sources: z
    .array(demandSourceSchema, { error: M.bundlesTotal })
    .min(1, { error: M.bundlesTotal })
    .max(BUNDLE_SOURCES_MAX, { error: LIMIT_TEXTS.tooMany(BUNDLE_SOURCES_MAX) })
    .check(ruleCheck(validateBundlesTotal)),
  status: statusSchema,
});
export type BundleInput = z.input<typeof bundleSchema>;
export type Bundle = z.output<typeof bundleSchema>;

export const BUNDLE_DEFAULTS: Bundle = {
  name: '',
  podId: null,
  sources: [{ type: 'campaigns', percentage: 100, campaignIds: [], url: '' }],
  status: 'active',
};

export const BUNDLE_LIST: ListShape = {
  sortKeys: ['name', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: { status: ['active', 'inactive'] },
  searchFields: ['name'],
};
