/**
 * Campaigns (/campaigns, /cm; generic resource /ssai/campaign): an advertiser's order, delivered
 * by the built-in ad server. Dates are the spec's MM-DD-YYYYTHH:mm:ss (UTC); the flight runs from
 * startDate to endDate, within the optional schedule window (scheduleStartDate to maxDate), never
 * in the exclude window (excludeStartDate to excludeMaxDate), and each day only between the rule
 * times (ruleStartTime to ruleEndTime, HH:mm) on the targeted days of the week.
 *
 * Priority: sponsorship first, then standard by level (1 highest, 10 lowest), then house; within
 * one level the weight shares the avails. Booked impressions (0: open-ended) and a daily budget
 * bound delivery; pacing 'even' spreads what is left evenly over the flight's remaining time,
 * 'asap' delivers as fast as the avails allow. The frequency cap (0: none) counts one viewer's
 * impressions per period. CPM is the price per thousand impressions in the account's currency.
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../constants/countries.ts';
import {
  excludeMaxDateRule,
  ruleTimeRule,
  scheduleMaxDateRule,
  startEndDatesRule,
} from '../validation/cross-field-rules.ts';
import {
  advertiserSchema,
  dailyBudgetSchema,
  maxChars,
  specDateTimeSchema,
  textSchema,
} from '../validation/field-schemas.ts';
import { TEXT_LIMITS } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { validateSpecDateTime } from '../validation/rules.ts';
import { crossFieldCheck, ruleCheck } from '../validation/zod-checks.ts';
import { resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';
import { idListSchema } from './placement.ts';

export const CAMPAIGN_PRIORITIES = ['sponsorship', 'standard', 'house'] as const;
export type CampaignPriority = (typeof CAMPAIGN_PRIORITIES)[number];
export const CAMPAIGN_PRIORITY_LABELS: Record<CampaignPriority, string> = {
  sponsorship: 'Sponsorship',
  standard: 'Standard',
  house: 'House',
};
export const PRIORITY_LEVEL_MIN = 1;
export const PRIORITY_LEVEL_MAX = 10;
export const FREQUENCY_PERIODS = ['hour', 'day', 'week', 'campaign'] as const;
export type FrequencyPeriod = (typeof FREQUENCY_PERIODS)[number];
export const PACING_MODES = ['even', 'asap'] as const;
export type PacingMode = (typeof PACING_MODES)[number];
export const PACING_LABELS: Record<PacingMode, string> = { even: 'Even', asap: 'As fast as possible' };
/** Devices read from the viewer's user agent. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'ctv'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_LABELS: Record<DeviceType, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  ctv: 'Connected TV',
};
/** Days of the week, 0 Sunday to 6 Saturday (as Date.getUTCDay). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const CPM_MAX = 10_000;
export const WEIGHT_MAX = 1_000;
export const BOOKED_IMPRESSIONS_MAX = 1_000_000_000_000;
export const FREQUENCY_CAP_MAX = 1_000;

export const CAMPAIGN_LABELS = {
  name: 'Name',
  advertiserId: 'Advertiser',
  startDate: 'Start date',
  endDate: 'End date',
  scheduleStartDate: 'Schedule start date',
  maxDate: 'Schedule end date',
  excludeStartDate: 'Exclude start date',
  excludeMaxDate: 'Exclude end date',
  ruleStartTime: 'Daily start time',
  ruleEndTime: 'Daily end time',
  priority: 'Priority',
  priorityLevel: 'Priority level',
  weight: 'Weight',
  bookedImpressions: 'Booked impressions',
  dailyBudget: 'Daily impression budget',
  frequencyCap: 'Frequency cap',
  frequencyPeriod: 'Per',
  pacing: 'Pacing',
  cpm: 'CPM rate',
  placementIds: 'Placements',
  creativeIds: 'Creatives',
  targetLiveStreamIds: 'Live streams',
  targetVodIds: 'VOD assets',
  targetDays: 'Days of the week',
  targetCountries: 'Countries',
  targetDevices: 'Devices',
  status: 'Status',
} as const;

export const CAMPAIGN_TEXTS = {
  priorityLevel: `Priority level must be a whole number from ${PRIORITY_LEVEL_MIN} to ${PRIORITY_LEVEL_MAX}`,
  weight: `Weight must be a whole number from 1 to ${WEIGHT_MAX}`,
  bookedImpressions: 'Booked impressions must be a whole number, 0 for no limit',
  frequencyCap: `Frequency cap must be a whole number from 0 (none) to ${FREQUENCY_CAP_MAX}`,
  cpm: `CPM rate must be between 0 and ${CPM_MAX}, in cents at most`,
  country: 'Unknown country code',
  daysRequired: 'Choose at least one day',
} as const;

/** A date-time that may be left empty: otherwise MM-DD-YYYYTHH:mm:ss ('Invalid date!'). */
export const optionalSpecDateTimeSchema = textSchema({ error: M.invalidDate })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.dateTime, M.invalidDate),
    ruleCheck((value: string) => (value === '' ? null : validateSpecDateTime(value))),
  )
  .default('');

/** A time of day (HH:mm) that may be left empty; the rule-time rule reads it ('Invalid time!'). */
export const optionalTimeOfDaySchema = textSchema({ error: M.invalidTime })
  .trim()
  .check(maxChars(TEXT_LIMITS.dateTime, M.invalidTime))
  .default('');

const whole = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** An optional exclude window counts only with both ends; the start must come first. */
const excludeOrderRule = startEndDatesRule({ start: 'excludeStartDate', end: 'excludeMaxDate' });

export const campaignSchema = z
  .object({
    name: resourceNameSchema(CAMPAIGN_LABELS.name),
    /** 'required *' (the spec's advertiser rule); must be an advertiser of the account. */
    advertiserId: advertiserSchema,
    startDate: specDateTimeSchema,
    endDate: specDateTimeSchema,
    scheduleStartDate: optionalSpecDateTimeSchema,
    maxDate: optionalSpecDateTimeSchema,
    excludeStartDate: optionalSpecDateTimeSchema,
    excludeMaxDate: optionalSpecDateTimeSchema,
    ruleStartTime: optionalTimeOfDaySchema,
    ruleEndTime: optionalTimeOfDaySchema,
    priority: z.enum(CAMPAIGN_PRIORITIES, { error: M.thisFieldRequired }).default('standard'),
    priorityLevel: whole(CAMPAIGN_TEXTS.priorityLevel, PRIORITY_LEVEL_MIN, PRIORITY_LEVEL_MAX).default(5),
    weight: whole(CAMPAIGN_TEXTS.weight, 1, WEIGHT_MAX).default(1),
    bookedImpressions: whole(CAMPAIGN_TEXTS.bookedImpressions, 0, BOOKED_IMPRESSIONS_MAX).default(0),
    /** Impressions a day at most, or null for none. */
    dailyBudget: dailyBudgetSchema().nullable().default(null),
    frequencyCap: whole(CAMPAIGN_TEXTS.frequencyCap, 0, FREQUENCY_CAP_MAX).default(0),
    frequencyPeriod: z.enum(FREQUENCY_PERIODS, { error: M.thisFieldRequired }).default('day'),
    pacing: z.enum(PACING_MODES, { error: M.thisFieldRequired }).default('even'),
    cpm: z
      .number({ error: CAMPAIGN_TEXTS.cpm })
      .min(0, { error: CAMPAIGN_TEXTS.cpm })
      .max(CPM_MAX, { error: CAMPAIGN_TEXTS.cpm })
      .check(
        ruleCheck((v: number) =>
          Math.abs(Math.round(v * 100) - v * 100) < 1e-6 ? null : CAMPAIGN_TEXTS.cpm,
        ),
      )
      .default(0),
    /** 'Placements is required': at least one, each a placement of the campaign's own account. */
    placementIds: z
      .array(z.uuid({ error: M.placementsRequired }), { error: M.placementsRequired })
      .min(1, { error: M.placementsRequired })
      .max(100, { error: LIMIT_TEXTS.tooMany(100) }),
    creativeIds: idListSchema(100),
    /** Targeting; an empty list targets everything. */
    targetLiveStreamIds: idListSchema(),
    targetVodIds: idListSchema(),
    targetDays: z
      .array(z.number({ error: CAMPAIGN_TEXTS.daysRequired }).int().min(0).max(6), {
        error: CAMPAIGN_TEXTS.daysRequired,
      })
      .min(1, { error: CAMPAIGN_TEXTS.daysRequired })
      .max(7, { error: CAMPAIGN_TEXTS.daysRequired })
      .default([0, 1, 2, 3, 4, 5, 6]),
    targetCountries: z
      .array(
        textSchema({ error: CAMPAIGN_TEXTS.country })
          .trim()
          .toUpperCase()
          .check(
            maxChars(TEXT_LIMITS.country, CAMPAIGN_TEXTS.country),
            ruleCheck((code: string) => (COUNTRY_CODES.has(code) ? null : CAMPAIGN_TEXTS.country)),
          ),
      )
      .max(300, { error: LIMIT_TEXTS.tooMany(300) })
      .default([]),
    targetDevices: z
      .array(z.enum(DEVICE_TYPES, { error: M.thisFieldRequired }))
      .max(4)
      .default([]),
    status: statusSchema,
  })
  .check(
    crossFieldCheck(startEndDatesRule()),
    crossFieldCheck(scheduleMaxDateRule),
    crossFieldCheck(excludeMaxDateRule),
    crossFieldCheck(excludeOrderRule),
    crossFieldCheck(ruleTimeRule()),
  );
export type CampaignInput = z.input<typeof campaignSchema>;
export type Campaign = z.output<typeof campaignSchema>;

export const CAMPAIGN_DEFAULTS: Campaign = {
  name: '',
  advertiserId: '',
  startDate: '',
  endDate: '',
  scheduleStartDate: '',
  maxDate: '',
  excludeStartDate: '',
  excludeMaxDate: '',
  ruleStartTime: '',
  ruleEndTime: '',
  priority: 'standard',
  priorityLevel: 5,
  weight: 1,
  bookedImpressions: 0,
  dailyBudget: null,
  frequencyCap: 0,
  frequencyPeriod: 'day',
  pacing: 'even',
  cpm: 0,
  placementIds: [],
  creativeIds: [],
  targetLiveStreamIds: [],
  targetVodIds: [],
  targetDays: [0, 1, 2, 3, 4, 5, 6],
  targetCountries: [],
  targetDevices: [],
  status: 'active',
};

export const CAMPAIGN_LIST: ListShape = {
  sortKeys: ['name', 'priority', 'bookedImpressions', 'cpm', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { status: ['active', 'inactive'], priority: CAMPAIGN_PRIORITIES, pacing: PACING_MODES },
  searchFields: ['name'],
  numericSortKeys: ['bookedImpressions', 'cpm'],
};
