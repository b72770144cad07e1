/**
 * Placements (/placements; generic resource /ssai/placement): where a campaign's ads may run: the
 * account's live streams and VOD assets (none named: all of them), the break positions (pre-,
 * mid-, post-roll) and the longest ad and pod the placement takes.
 */
import { z } from 'zod';
import { DURATION_SECONDS_MAX } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import type { CrossFieldRule } from '../validation/types.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';
import { positiveIntSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

export const BREAK_POSITIONS = ['pre', 'mid', 'post'] as const;
export type BreakPosition = (typeof BREAK_POSITIONS)[number];
export const BREAK_POSITION_LABELS: Record<BreakPosition, string> = {
  pre: 'Pre-roll',
  mid: 'Mid-roll',
  post: 'Post-roll',
};

export const PLACEMENT_LABELS = {
  name: 'Name',
  liveStreamIds: 'Live streams',
  vodIds: 'VOD assets',
  positions: 'Positions',
  maxAdDuration: 'Max ad duration',
  maxPodDuration: 'Max pod duration',
  status: 'Status',
} as const;

export const PLACEMENT_TEXTS = {
  positionsRequired: 'Choose at least one position',
  adLongerThanPod: 'Max ad duration cannot be longer than the max pod duration',
} as const;

/** Ids of the account's resources (checked on the server: RESOURCE_REFERENCES). */
export const idListSchema = (max = 500) =>
  z
    .array(z.uuid({ error: M.invalidUuid }), { error: M.invalidUuid })
    .max(max, { error: LIMIT_TEXTS.tooMany(max) })
    .default([]);

export const placementAdRule: CrossFieldRule<{ maxAdDuration: number; maxPodDuration: number }> = {
  fields: ['maxAdDuration', 'maxPodDuration'],
  validate: ({ maxAdDuration, maxPodDuration }) =>
    maxAdDuration > maxPodDuration
      ? [{ field: 'maxAdDuration', message: PLACEMENT_TEXTS.adLongerThanPod }]
      : [],
};

export const placementSchema = z
  .object({
    name: resourceNameSchema(PLACEMENT_LABELS.name),
    /** Live streams the placement covers; with vodIds both empty: every stream and asset. */
    liveStreamIds: idListSchema(),
    vodIds: idListSchema(),
    positions: z
      .array(z.enum(BREAK_POSITIONS, { error: PLACEMENT_TEXTS.positionsRequired }), {
        error: PLACEMENT_TEXTS.positionsRequired,
      })
      .min(1, { error: PLACEMENT_TEXTS.positionsRequired })
      .max(BREAK_POSITIONS.length, { error: PLACEMENT_TEXTS.positionsRequired })
      .default(['pre', 'mid', 'post']),
    /** Seconds. */
    maxAdDuration: positiveIntSchema(PLACEMENT_LABELS.maxAdDuration, DURATION_SECONDS_MAX).default(60),
    maxPodDuration: positiveIntSchema(PLACEMENT_LABELS.maxPodDuration, DURATION_SECONDS_MAX).default(180),
    status: statusSchema,
  })
  .check(crossFieldCheck(placementAdRule));
export type PlacementInput = z.input<typeof placementSchema>;
export type Placement = z.output<typeof placementSchema>;

export const PLACEMENT_DEFAULTS: Placement = {
  name: '',
  liveStreamIds: [],
  vodIds: [],
  positions: ['pre', 'mid', 'post'],
  maxAdDuration: 60,
  maxPodDuration: 180,
  status: 'active',
};

export const PLACEMENT_LIST: ListShape = {
  sortKeys: ['name', 'maxAdDuration', 'maxPodDuration', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: { status: ['active', 'inactive'] },
  searchFields: ['name'],
  numericSortKeys: ['maxAdDuration', 'maxPodDuration'],
};
