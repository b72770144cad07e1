/**
 * The campaign manager (/cm): each campaign's flight state, computed from its dates and status,
 * and its delivery so far (GET /ssai/campaign-delivery), summed from the built-in ad server's
 * counters (ad_delivery_days): ads served (placed in a break), impressions counted by their
 * beacons (once per ad: what booked impressions and daily budgets spend), the revenue of those
 * impressions at the campaign's CPM, and the impressions held by ads decided and not yet seen.
 */
import { z } from 'zod';
import { parseSpecDateTime } from '../validation/parsers.ts';

export const FLIGHT_STATES = ['running', 'scheduled', 'ended', 'inactive'] as const;
export type FlightState = (typeof FLIGHT_STATES)[number];
export const FLIGHT_STATE_LABELS: Record<FlightState, string> = {
  running: 'Running now',
  scheduled: 'Scheduled',
  ended: 'Ended',
  inactive: 'Inactive',
};

/**
 * Where a campaign's flight stands at `now` (epoch ms): 'inactive' when its status says so,
 * 'scheduled' before its start date, 'ended' after its end date, else 'running'. The dates are
 * the spec's MM-DD-YYYYTHH:mm:ss, read as UTC; an unreadable date counts as no bound.
 */
export function flightStateOf(
  campaign: { status: string; startDate: string; endDate: string },
  now: number,
): FlightState {
  if (campaign.status !== 'active') return 'inactive';
  const start = parseSpecDateTime(campaign.startDate);
  const end = parseSpecDateTime(campaign.endDate);
  if (start !== null && now < start) return 'scheduled';
  if (end !== null && now > end) return 'ended';
  return 'running';
}

export const campaignDeliveryQuerySchema = z.strictObject({
  /** A main administrator's view of one customer (any other caller sees its own). */
  customerId: z.uuid().optional(),
});

export const campaignDeliverySchema = z.object({
  campaignId: z.string(),
  /** Ads placed in breaks, since the flight began. */
  served: z.number().int(),
  /** Impressions counted (beacons), since the flight began. */
  impressions: z.number().int(),
  /** Revenue of those impressions, in thousandths of a cent. */
  revenueMillicents: z.number().int(),
  /** Today's (UTC) served ads and impressions. */
  servedToday: z.number().int(),
  impressionsToday: z.number().int(),
  /**
   * Impressions held now by ads decided and not yet seen (their reservations, minutes long): they
   * count against the booking and the daily budget until their impression or their expiry.
   */
  held: z.number().int(),
});
export type CampaignDelivery = z.infer<typeof campaignDeliverySchema>;

/** One row per campaign that delivered anything; a campaign without a row delivered nothing. */
export const campaignDeliveryListSchema = z.object({ data: z.array(campaignDeliverySchema) });
export type CampaignDeliveryList = z.infer<typeof campaignDeliveryListSchema>;
