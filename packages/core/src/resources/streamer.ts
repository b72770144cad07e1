/**
 * Streamer channels (/streamer-addon; generic resource /ssai/streamer): a linear channel assembled
 * from VOD assets, played in a loop or on a schedule, with ad breaks at a fixed interval, as
 * channel-assembly products do.
 */
import { z } from 'zod';
import { startEndDatesRule } from '../validation/cross-field-rules.ts';
import { breakIntervalSchema, specDateTimeSchema } from '../validation/field-schemas.ts';
import { DURATION_SECONDS_MAX } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import type { CrossFieldRule } from '../validation/types.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';
import { positiveNumberSchema, referenceSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

export const STREAMER_MODES = ['loop', 'schedule'] as const;
export const STREAMER_LABELS = {
  name: 'Name',
  mode: 'Playback',
  items: 'Programme',
  startDate: 'Start date',
  endDate: 'End date',
  breakinterval: 'Ad break every (minutes)',
  adDuration: 'Ad break duration',
  slateId: 'Slate',
} as const;
export const STREAMER_TEXTS = {
  itemsRequired: 'Add at least one VOD asset',
  scheduleDates: 'Start date is required for a scheduled channel',
} as const;

/** A scheduled channel needs its start date (its end date is optional: it then runs on). */
export const scheduleDatesRule: CrossFieldRule<{ mode: string; startDate: string }> = {
  fields: ['mode', 'startDate'],
  validate: ({ mode, startDate }) =>
    mode === 'schedule' && startDate === ''
      ? [{ field: 'startDate', message: STREAMER_TEXTS.scheduleDates }]
      : [],
};

const optionalDate = z.union([z.literal(''), specDateTimeSchema], { error: M.invalidDate }).default('');

export const streamerSchema = z
  .object({
    name: resourceNameSchema(STREAMER_LABELS.name),
    mode: z.enum(STREAMER_MODES, { error: M.thisFieldRequired }).default('loop'),
    items: z
      .array(z.object({ vodId: z.uuid({ error: M.invalidUuid }) }), { error: STREAMER_TEXTS.itemsRequired })
      .min(1, { error: STREAMER_TEXTS.itemsRequired })
      .max(500, { error: LIMIT_TEXTS.tooMany(500) }),
    startDate: optionalDate,
    endDate: optionalDate,
    breakinterval: breakIntervalSchema,
    adDuration: positiveNumberSchema(STREAMER_LABELS.adDuration, DURATION_SECONDS_MAX),
    slateId: referenceSchema,
    status: statusSchema,
  })
  .check(crossFieldCheck(scheduleDatesRule), crossFieldCheck(startEndDatesRule()));
export type StreamerInput = z.input<typeof streamerSchema>;
export type Streamer = z.output<typeof streamerSchema>;

export const STREAMER_DEFAULTS: Streamer = {
  name: '',
  mode: 'loop',
  items: [],
  startDate: '',
  endDate: '',
  breakinterval: 15,
  adDuration: 120,
  slateId: null,
  status: 'active',
};

export const STREAMER_LIST: ListShape = {
  sortKeys: ['name', 'mode', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { mode: STREAMER_MODES, status: ['active', 'inactive'] },
  searchFields: ['name'],
};
