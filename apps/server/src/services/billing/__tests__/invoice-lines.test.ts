import { BILLING_TEXTS, fillBillingText, MINIMUM_COMMITMENT_IMPRESSIONS, PLAN_RATES } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { buildInvoiceLines, viewerHoursMilli } from '../invoice-lines.ts';
import { totalsOf } from '../money.ts';
import { planSegments } from '../usage.ts';

const DAY = 86_400_000;
const JUNE = Date.UTC(2026, 5, 1);
const JULY = Date.UTC(2026, 6, 1);

describe('invoice lines from usage', () => {
  it('bills one plan’s month with one usage line per metric at the plan’s rates', () => {
    const lines = buildInvoiceLines({
      monthDays: 30,
      segments: [
        { plan: 'standard', startDay: '2026-06-01', days: 30, impressions: 1_234_567, viewerMinutes: 90_061 },
      ],
      liveChannels: 2,
      vodHoursMilli: 1_500n,
    });
    expect(lines).toEqual([
      {
        position: 1,
        kind: 'usage',
        metric: 'impressions',
        description: 'Ad impressions',
        quantity: '1234567.000',
        rateMinor: 50,
        per: 1000,
        amountMinor: 61_728,
      },
      // 90,061 viewer-minutes = 1,501.01666… h → 1501.017 at 2 cents = 3002.034 → 3002.
      expect.objectContaining({
        metric: 'viewer_hours',
        quantity: '1501.017',
        rateMinor: 2,
        amountMinor: 3002,
      }),
      expect.objectContaining({
        metric: 'live_channels',
        quantity: '2.000',
        rateMinor: 9900,
        amountMinor: 19_800,
      }),
      expect.objectContaining({ metric: 'vod_hours', quantity: '1.500', rateMinor: 100, amountMinor: 150 }),
    ]);
    expect(totalsOf(lines, 0).totalMinor).toBe(61_728 + 3002 + 19_800 + 150);
  });

  it('tops an Enterprise month below the commitment up to exactly the commitment', () => {
    const rate = PLAN_RATES.enterprise.impressions;
    const commitmentMinor = (MINIMUM_COMMITMENT_IMPRESSIONS.enterprise * rate.rateMinor) / rate.per;
    expect(commitmentMinor).toBe(350_000);
    const lines = buildInvoiceLines({
      monthDays: 31,
      segments: [
        { plan: 'enterprise', startDay: '2026-07-01', days: 31, impressions: 4_000_010, viewerMinutes: 0 },
      ],
      liveChannels: 0,
      vodHoursMilli: 0n,
    });
    const impressions = lines.find((l) => l.metric === 'impressions' && l.kind === 'usage')!;
    const topUp = lines.find((l) => l.kind === 'minimum_commitment')!;
    // 4,000,010 × 35 / 1000 = 140,000.35 → 140,000.
    expect(impressions.amountMinor).toBe(140_000);
    expect(topUp).toMatchObject({
      quantity: '5999990.000',
      rateMinor: 35,
      per: 1000,
      amountMinor: 210_000,
      description: fillBillingText(BILLING_TEXTS.minimumCommitmentLine, { impressions: '10,000,000' }),
    });
    expect(impressions.amountMinor + topUp.amountMinor).toBe(commitmentMinor);
    expect(topUp.position).toBe(5);
  });

  it('adds no top-up at or above the commitment, nor on Standard', () => {
    const above = buildInvoiceLines({
      monthDays: 30,
      segments: [
        { plan: 'enterprise', startDay: '2026-06-01', days: 30, impressions: 10_000_000, viewerMinutes: 0 },
      ],
      liveChannels: 0,
      vodHoursMilli: 0n,
    });
    expect(above.some((l) => l.kind === 'minimum_commitment')).toBe(false);
    const standard = buildInvoiceLines({
      monthDays: 30,
      segments: [{ plan: 'standard', startDay: '2026-06-01', days: 30, impressions: 0, viewerMinutes: 0 }],
      liveChannels: 0,
      vodHoursMilli: 0n,
    });
    expect(standard.some((l) => l.kind === 'minimum_commitment')).toBe(false);
    expect(totalsOf(standard, 2000).totalMinor).toBe(0);
  });

  it('bills an upgrade pro rata by day from the day it happened', () => {
    // Upgraded on 06-14 at 15:00: Standard 06-01..06-13 (13 days), Enterprise from 06-14 (17 days).
    const parts = planSegments(JUNE, JULY, 'enterprise', [
      { at: JUNE + 13 * DAY + 15 * 3_600_000, fromPlan: 'standard', toPlan: 'enterprise' },
    ]);
    expect(parts).toEqual([
      { plan: 'standard', start: JUNE, end: JUNE + 13 * DAY },
      { plan: 'enterprise', start: JUNE + 13 * DAY, end: JULY },
    ]);
    const lines = buildInvoiceLines({
      monthDays: 30,
      segments: [
        { plan: 'standard', startDay: '2026-06-01', days: 13, impressions: 100_000, viewerMinutes: 600 },
        { plan: 'enterprise', startDay: '2026-06-14', days: 17, impressions: 2_000_000, viewerMinutes: 1200 },
      ],
      liveChannels: 3,
      vodHoursMilli: 10_000n,
    });
    expect(lines.every((l) => l.kind === 'pro_rata' || l.kind === 'minimum_commitment')).toBe(true);
    const standard = lines.filter((l) => l.description.includes('Standard'));
    const enterprise = lines.filter((l) => l.description.includes('Enterprise rate'));
    expect(standard.map((l) => [l.metric, l.quantity, l.amountMinor])).toEqual([
      ['impressions', '100000.000', 5000],
      ['viewer_hours', '10.000', 20],
      // 3 channels × 13/30 = 1.3 channel-months at $99 = $128.70.
      ['live_channels', '1.300', 12_870],
      // 10 h × 13/30 = 4.333 hour-months at $1.
      ['vod_hours', '4.333', 433],
    ]);
    expect(standard[0]!.description).toBe(
      fillBillingText(BILLING_TEXTS.proRataLine, {
        metric: 'Ad impressions',
        plan: 'Standard',
        from: '2026-06-01',
        days: 13,
        monthDays: 30,
      }),
    );
    expect(enterprise.map((l) => [l.metric, l.quantity, l.amountMinor])).toEqual([
      ['impressions', '2000000.000', 70_000],
      ['viewer_hours', '20.000', 20],
      ['live_channels', '1.700', 13_430],
      ['vod_hours', '5.667', 453],
    ]);
    // The commitment for 17 of 30 days: 5,666,667 impressions = 198,333 cents; 70,000 charged.
    const topUp = lines.find((l) => l.kind === 'minimum_commitment')!;
    expect(topUp).toMatchObject({ quantity: '3666667.000', amountMinor: 128_333 });
  });

  it('cuts the month only where the plan changes, and takes a change on the first day as the whole month', () => {
    expect(planSegments(JUNE, JULY, 'standard', [])).toEqual([{ plan: 'standard', start: JUNE, end: JULY }]);
    expect(
      planSegments(JUNE, JULY, 'enterprise', [
        { at: JUNE + 3_600_000, fromPlan: 'standard', toPlan: 'enterprise' },
      ]),
    ).toEqual([{ plan: 'enterprise', start: JUNE, end: JULY }]);
    // Up and down the same day: nothing changed that day's plan.
    expect(
      planSegments(JUNE, JULY, 'standard', [
        { at: JUNE + 5 * DAY + 1000, fromPlan: 'standard', toPlan: 'enterprise' },
        { at: JUNE + 5 * DAY + 2000, fromPlan: 'enterprise', toPlan: 'standard' },
      ]),
    ).toEqual([{ plan: 'standard', start: JUNE, end: JULY }]);
    // A change after the month: the month had the plan changed from.
    expect(
      planSegments(JUNE, JULY, 'enterprise', [
        { at: JULY + DAY, fromPlan: 'standard', toPlan: 'enterprise' },
      ]),
    ).toEqual([{ plan: 'standard', start: JUNE, end: JULY }]);
  });

  it('puts manual lines last, priced the same way', () => {
    const lines = buildInvoiceLines({
      monthDays: 30,
      segments: [{ plan: 'standard', startDay: '2026-06-01', days: 30, impressions: 0, viewerMinutes: 0 }],
      liveChannels: 0,
      vodHoursMilli: 0n,
      manualLines: [
        { description: 'Onboarding', quantity: '2.5', rateMinor: 10_000 },
        { description: 'Goodwill discount', quantity: '1', rateMinor: -500 },
      ],
    });
    expect(lines.slice(-2)).toEqual([
      {
        position: 5,
        kind: 'manual',
        metric: null,
        description: 'Onboarding',
        quantity: '2.500',
        rateMinor: 10_000,
        per: 1,
        amountMinor: 25_000,
      },
      {
        position: 6,
        kind: 'manual',
        metric: null,
        description: 'Goodwill discount',
        quantity: '1.000',
        rateMinor: -500,
        per: 1,
        amountMinor: -500,
      },
    ]);
    expect(viewerHoursMilli(1)).toBe(17n);
  });
});
