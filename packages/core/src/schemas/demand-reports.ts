/**
 * Inventory (/inventory: what a customer has to sell) and Insights (/insights, main administrator:
 * what was sold), read from the data plane's rolled-up counters: playback_minutes (avails,
 * impressions, fill per stream or asset per minute) and ad_delivery_days (the built-in ad server's
 * impressions and revenue per campaign, stream and day).
 */
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const DEMAND_REPORT_TEXTS = {
  day: 'Dates are written YYYY-MM-DD',
  range: 'The period cannot be longer than 366 days',
  order: 'To Date cannot be earlier than From Date',
  insightsForbidden: 'Insights are for the platform administrator',
  inventoryForbidden: 'You cannot see this inventory',
} as const;

/** Longest period one insights answer covers. */
export const INSIGHTS_MAX_DAYS = 366;
/** An ad unit as inventory counts it: avail seconds are sold in ads of this length when the account has no creatives yet. */
export const INVENTORY_AD_UNIT_SECONDS = 30;
/** Weeks of forecast Inventory shows ahead, and weeks observed behind it. */
export const INVENTORY_WEEKS_AHEAD = 8;
export const INVENTORY_WEEKS_BEHIND = 4;

export const INSIGHTS_GROUPS = ['day', 'customer', 'stream', 'campaign'] as const;
export type InsightsGroup = (typeof INSIGHTS_GROUPS)[number];
export const INSIGHTS_GROUP_LABELS: Record<InsightsGroup, string> = {
  day: 'Day',
  customer: 'Customer',
  stream: 'Stream or asset',
  campaign: 'Campaign',
};

/** Epoch ms of a YYYY-MM-DD day (UTC), or NaN when it names no day (02-30). */
export const dayMs = (day: string): number => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? Number.NaN : ms;
};

const dayText = z.string({ error: DEMAND_REPORT_TEXTS.day }).regex(DAY, { error: DEMAND_REPORT_TEXTS.day });

export const insightsQuerySchema = z
  .strictObject({
    from: dayText,
    to: dayText,
    groupBy: z.enum(INSIGHTS_GROUPS).default('day'),
    customerId: z.uuid().optional(),
  })
  .check((ctx) => {
    const from = dayMs(ctx.value.from);
    const to = dayMs(ctx.value.to);
    if (Number.isNaN(from))
      ctx.issues.push({
        code: 'custom',
        message: DEMAND_REPORT_TEXTS.day,
        path: ['from'],
        input: ctx.value.from,
      });
    if (Number.isNaN(to))
      ctx.issues.push({
        code: 'custom',
        message: DEMAND_REPORT_TEXTS.day,
        path: ['to'],
        input: ctx.value.to,
      });
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to < from)
      ctx.issues.push({
        code: 'custom',
        message: DEMAND_REPORT_TEXTS.order,
        path: ['to'],
        input: ctx.value.to,
      });
    else if ((to - from) / 86_400_000 + 1 > INSIGHTS_MAX_DAYS)
      ctx.issues.push({
        code: 'custom',
        message: DEMAND_REPORT_TEXTS.range,
        path: ['to'],
        input: ctx.value.to,
      });
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** One row's figures: impressions counted by beacons (all demand), the built-in ad server's own, revenue and fill. */
export const insightsFiguresSchema = z.object({
  /** Impression beacons of every ad (built-in and external demand). */
  impressions: z.number(),
  /** The built-in ad server's impressions (campaigns). */
  campaignImpressions: z.number(),
  /** Revenue of the campaigns' impressions, in thousandths of a cent (integer). */
  revenueMillicents: z.number().int(),
  avails: z.number(),
  /** Avails that got at least one ad. */
  availsFilled: z.number(),
  /** availsFilled / avails, or null without avails. */
  fillRate: z.number().nullable(),
});
export type InsightsFigures = z.infer<typeof insightsFiguresSchema>;

export const insightsRowSchema = insightsFiguresSchema.extend({
  /** The group's key: a day (YYYY-MM-DD) or an id. */
  key: z.string(),
  label: z.string(),
  /** The customer's name (stream and campaign rows). */
  customerName: z.string().nullable(),
});
export type InsightsRow = z.infer<typeof insightsRowSchema>;

export const insightsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(INSIGHTS_GROUPS),
  rows: z.array(insightsRowSchema),
  totals: insightsFiguresSchema,
  /** Every day of the period (for the charts), whatever the grouping. */
  days: z.array(insightsFiguresSchema.extend({ day: z.string() })),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

export const inventoryQuerySchema = z.strictObject({ customerId: z.uuid().optional() });

export const inventoryResourceSchema = z.object({
  id: z.string(),
  kind: z.enum(['liveStream', 'vod']),
  name: z.string(),
  customerName: z.string(),
  /** From the configuration: breaks an hour (live: one every breakinterval minutes; 0 when markers decide) or per play (VOD: the pre-roll and one per cue point). */
  scheduledBreaks: z.number(),
  scheduledBreaksUnit: z.enum(['hour', 'play']),
  /** The Event Scheduler's events of a live stream (fixed, interval or DTMF breaks). */
  scheduledEvents: z.number(),
  /** Observed over the last 7 days (the data plane's counters): viewer-avails, their seconds and how much ads filled. */
  avails: z.number(),
  availSeconds: z.number(),
  adSeconds: z.number(),
  impressions: z.number(),
  fillRate: z.number().nullable(),
  /** Ads a week the observed avails could carry (avail seconds over the average creative length). */
  forecastImpressionsPerWeek: z.number(),
});
export type InventoryResource = z.infer<typeof inventoryResourceSchema>;

export const inventoryWeekSchema = z.object({
  /** Monday of the week (YYYY-MM-DD, UTC). */
  weekStart: z.string(),
  /** Past weeks: what was delivered (impressions); null ahead. */
  delivered: z.number().nullable(),
  /** Ads the observed avails could carry that week (past: observed; ahead: the forecast). */
  forecast: z.number(),
  /** Impressions booked by active campaigns for that week (booked spread evenly over each flight). */
  booked: z.number(),
});
export type InventoryWeek = z.infer<typeof inventoryWeekSchema>;

export const inventoryResponseSchema = z.object({
  /** Seconds of the ad unit the forecast counts in. */
  adUnitSeconds: z.number(),
  resources: z.array(inventoryResourceSchema),
  weeks: z.array(inventoryWeekSchema),
});
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;
