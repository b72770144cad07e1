/**
 * Pods (/pods, hidden when SHOWPODS=0; generic resource /ssai/pod): ad pod templates. A bundle
 * names one; the built-in ad server fills an avail within it: at most `adpodLength` slots, a total
 * between the bounds, each ad within the per-ad bounds, no two ads of one advertiser when
 * competitive separation is on, and what the pod cannot fill left to slate (or to content).
 */
import { z } from 'zod';
import { AD_POD_LENGTH_MAX, DURATION_SECONDS_MAX } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import type { CrossFieldRule } from '../validation/types.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';
import { positiveIntSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

/** How a pod is filled: as close to the avail as the ads allow, or only when it can be filled to the second. */
export const POD_FILL_POLICIES = ['best-fit', 'exact'] as const;
export type PodFillPolicy = (typeof POD_FILL_POLICIES)[number];
export const POD_FILL_POLICY_LABELS: Record<PodFillPolicy, string> = {
  'best-fit': 'Best fit (remainder to slate)',
  exact: 'Exact fill only',
};

export const POD_LABELS = {
  name: 'Name',
  adpodLength: 'Slots',
  minTotalDuration: 'Min pod duration',
  maxTotalDuration: 'Max pod duration',
  minAdDuration: 'Min ad duration',
  maxAdDuration: 'Max ad duration',
  competitiveSeparation: 'Competitive separation',
  fillPolicy: 'Fill policy',
  slateFallback: 'Slate fallback',
  status: 'Status',
} as const;

export const POD_TEXTS = {
  minAboveMax: 'The minimum cannot be above the maximum',
} as const;

const seconds = (field: string) =>
  z
    .number({ error: LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX) })
    .int({ error: LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX) })
    .min(0, { error: LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX) })
    .max(DURATION_SECONDS_MAX, { error: LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX) })
    .describe(field);

export const podBoundsRule: CrossFieldRule<{
  minTotalDuration: number;
  maxTotalDuration: number;
  minAdDuration: number;
  maxAdDuration: number;
}> = {
  fields: ['minTotalDuration', 'maxTotalDuration', 'minAdDuration', 'maxAdDuration'],
  validate: (v) => [
    ...(v.minTotalDuration > v.maxTotalDuration
      ? [{ field: 'minTotalDuration', message: POD_TEXTS.minAboveMax }]
      : []),
    ...(v.minAdDuration > v.maxAdDuration
      ? [{ field: 'minAdDuration', message: POD_TEXTS.minAboveMax }]
      : []),
  ],
};

export const podSchema = z
  .object({
    name: resourceNameSchema(POD_LABELS.name),
    /** Slots: ads one pod holds at most (the spec's adpodLength). */
    adpodLength: positiveIntSchema(POD_LABELS.adpodLength, AD_POD_LENGTH_MAX).default(3),
    minTotalDuration: seconds(POD_LABELS.minTotalDuration).default(0),
    maxTotalDuration: positiveIntSchema(POD_LABELS.maxTotalDuration, DURATION_SECONDS_MAX).default(120),
    minAdDuration: seconds(POD_LABELS.minAdDuration).default(0),
    maxAdDuration: positiveIntSchema(POD_LABELS.maxAdDuration, DURATION_SECONDS_MAX).default(60),
    competitiveSeparation: z.boolean({ error: LIMIT_TEXTS.yesOrNo }).default(true),
    fillPolicy: z.enum(POD_FILL_POLICIES, { error: M.thisFieldRequired }).default('best-fit'),
    slateFallback: z.boolean({ error: LIMIT_TEXTS.yesOrNo }).default(true),
    status: statusSchema,
  })
  .check(crossFieldCheck(podBoundsRule));
export type PodInput = z.input<typeof podSchema>;
export type Pod = z.output<typeof podSchema>;

export const POD_DEFAULTS: Pod = {
  name: '',
  adpodLength: 3,
  minTotalDuration: 0,
  maxTotalDuration: 120,
  minAdDuration: 0,
  maxAdDuration: 60,
  competitiveSeparation: true,
  fillPolicy: 'best-fit',
  slateFallback: true,
  status: 'active',
};

export const POD_LIST: ListShape = {
  sortKeys: ['name', 'adpodLength', 'maxTotalDuration', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: { status: ['active', 'inactive'], fillPolicy: POD_FILL_POLICIES },
  searchFields: ['name'],
  numericSortKeys: ['adpodLength', 'maxTotalDuration'],
};
