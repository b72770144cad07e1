/**
 * The lines of an invoice from a month's usage (pure: no database). See money.ts for the rounding.
 *
 * - One plan for the whole month: one `usage` line per metric at the plan's rate (PLAN_RATES).
 * - A plan change during the month (plan_changes): the month is cut at the start (UTC) of the day
 *   of each change, and each part is billed at its plan's rate with `pro_rata` lines: impressions
 *   and viewer hours as counted in that part; live channels and VOD hours stored (priced per
 *   month) × the part's days / the month's days.
 * - The minimum commitment (Enterprise: the impressions charge of MINIMUM_COMMITMENT_IMPRESSIONS
 *   a month, pro rata by day for a part of a month): when the impressions charge of the Enterprise
 *   part is below it, a `minimum_commitment` line tops it up to exactly the commitment. Its
 *   quantity is the impressions short of the commitment at the Enterprise rate; its amount is the
 *   commitment's charge minus the impressions' charge (so the two lines add up to the commitment
 *   exactly; at most one cent from quantity × rate when both charges were rounded at a half).
 * - Manual lines come last, in the order given.
 */
import {
  BILLING_METRIC_LABELS,
  BILLING_TEXTS,
  type BillingMetric,
  fillBillingText,
  type InvoiceLine,
  MINIMUM_COMMITMENT_IMPRESSIONS,
  type PaymentPlan,
  PLAN_RATES,
} from '@cuepoint/core';
import { formatQuantity, lineAmountMinor, MILLI, parseQuantity, proRata, roundDiv } from './money.ts';

const PLAN_NAMES: Record<PaymentPlan, string> = { standard: 'Standard', enterprise: 'Enterprise' };

/** One part of the month under one plan, with what was counted in it. */
export interface UsageSegment {
  plan: PaymentPlan;
  /** First day (YYYY-MM-DD, UTC) of the part. */
  startDay: string;
  /** Days of the month in the part. */
  days: number;
  impressions: number;
  /** Viewer-minutes counted in the part (viewer hours = viewer-minutes / 60). */
  viewerMinutes: number;
}

export interface LineInput {
  /** The month's days (28 to 31). */
  monthDays: number;
  segments: readonly UsageSegment[];
  /** Live channels billed for the month (see usage.ts). */
  liveChannels: number;
  /** VOD hours stored, in thousandths of an hour. */
  vodHoursMilli: bigint;
  manualLines?: readonly { description: string; quantity: string; rateMinor: number }[];
}

/** Viewer-minutes as viewer hours in thousandths, rounded once (half up). */
export const viewerHoursMilli = (viewerMinutes: number): bigint =>
  roundDiv(BigInt(viewerMinutes) * MILLI, 60n);

const numberText = (n: number | bigint) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function buildInvoiceLines(input: LineInput): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  const push = (line: Omit<InvoiceLine, 'position' | 'amountMinor'> & { amountMinor?: number }) => {
    const amountMinor =
      line.amountMinor ?? lineAmountMinor(parseQuantity(line.quantity), line.rateMinor, line.per);
    lines.push({ ...line, position: lines.length + 1, amountMinor });
  };
  const whole = input.segments.length === 1 && input.segments[0]!.days === input.monthDays;

  for (const segment of input.segments) {
    const rates = PLAN_RATES[segment.plan];
    const quantities: Record<BillingMetric, bigint> = {
      impressions: BigInt(segment.impressions) * MILLI,
      viewer_hours: viewerHoursMilli(segment.viewerMinutes),
      live_channels: whole
        ? BigInt(input.liveChannels) * MILLI
        : proRata(BigInt(input.liveChannels) * MILLI, segment.days, input.monthDays),
      vod_hours: whole ? input.vodHoursMilli : proRata(input.vodHoursMilli, segment.days, input.monthDays),
    };
    for (const metric of Object.keys(quantities) as BillingMetric[]) {
      const description = whole
        ? BILLING_METRIC_LABELS[metric]
        : fillBillingText(BILLING_TEXTS.proRataLine, {
            metric: BILLING_METRIC_LABELS[metric],
            plan: PLAN_NAMES[segment.plan],
            from: segment.startDay,
            days: segment.days,
            monthDays: input.monthDays,
          });
      push({
        kind: whole ? 'usage' : 'pro_rata',
        metric,
        description,
        quantity: formatQuantity(quantities[metric]),
        rateMinor: rates[metric].rateMinor,
        per: rates[metric].per,
      });
    }
    const commitment = MINIMUM_COMMITMENT_IMPRESSIONS[segment.plan];
    if (commitment > 0) {
      const committed = whole
        ? BigInt(commitment)
        : proRata(BigInt(commitment), segment.days, input.monthDays);
      const rate = rates.impressions;
      const committedMinor = lineAmountMinor(committed * MILLI, rate.rateMinor, rate.per);
      const chargedMinor = lineAmountMinor(quantities.impressions, rate.rateMinor, rate.per);
      if (chargedMinor < committedMinor) {
        push({
          kind: 'minimum_commitment',
          metric: 'impressions',
          description: fillBillingText(BILLING_TEXTS.minimumCommitmentLine, {
            impressions: numberText(commitment),
          }),
          quantity: formatQuantity(committed * MILLI - quantities.impressions),
          rateMinor: rate.rateMinor,
          per: rate.per,
          amountMinor: committedMinor - chargedMinor,
        });
      }
    }
  }
  for (const manual of input.manualLines ?? []) {
    push({
      kind: 'manual',
      metric: null,
      description: manual.description,
      quantity: formatQuantity(parseQuantity(manual.quantity)),
      rateMinor: manual.rateMinor,
      per: 1,
    });
  }
  return lines;
}
