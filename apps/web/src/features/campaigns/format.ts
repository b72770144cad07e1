/** How the campaign screens write a campaign's values. */
import type { Campaign } from '@cuepoint/core';
import { CAMPAIGN_SCREEN_TEXTS as T } from './texts.ts';

const number = (value: number) => value.toLocaleString('en-US');

/** 'Sponsorship', 'Standard 3', 'House'. */
export const priorityText = (campaign: Pick<Campaign, 'priority' | 'priorityLevel'>) =>
  campaign.priority === 'standard'
    ? T.priorityLevel(T.priorities.standard, campaign.priorityLevel)
    : T.priorities[campaign.priority];

/** The flight as its dates are written (MM-DD-YYYYTHH:mm:ss, UTC). */
export const flightText = (campaign: Pick<Campaign, 'startDate' | 'endDate'>) =>
  T.flightRange(campaign.startDate || '…', campaign.endDate || '…');

/** Booked impressions; 0 books no limit. */
export const bookedText = (booked: number) => (booked === 0 ? T.openEnded : number(booked));

/** A price in the account's currency, two decimals (a CPM rate, a revenue). */
export const moneyText = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Revenue counted in thousandths of a cent, as money. */
export const revenueText = (millicents: number) => moneyText(millicents / 100_000);

export const countText = number;

/** The spec's date-time (MM-DD-YYYYTHH:mm:ss) as a datetime-local input's value (YYYY-MM-DDTHH:mm:ss), or ''. */
export function toPickerValue(spec: string): string {
  const match = /^(\d{2})-(\d{2})-(\d{4})T(\d{2}:\d{2}:\d{2})$/.exec(spec.trim());
  return match ? `${match[3]}-${match[1]}-${match[2]}T${match[4]}` : '';
}

/** A datetime-local input's value (YYYY-MM-DDTHH:mm, seconds optional) in the spec's form, or ''. */
export function fromPickerValue(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  return match ? `${match[2]}-${match[3]}-${match[1]}T${match[4]}:${match[5]}:${match[6] ?? '00'}` : '';
}
