import { describe, expect, it } from 'vitest';
import { API_PATHS, allApiPaths } from '../../api/paths.ts';
import {
  BILLING_TEXTS,
  billingChartQuerySchema,
  creditNoteBodySchema,
  fillBillingText,
  formatMinor,
  invoiceDisplayNumber,
  invoiceListQuerySchema,
  invoicePreviewBodySchema,
  MINIMUM_COMMITMENT_IMPRESSIONS,
  monthsBetween,
  PLAN_RATES,
} from '../billing.ts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) ?? [];

describe('billing contract', () => {
  it('formats money from integer cents and numbers documents per series', () => {
    expect(formatMinor(0)).toBe('$0.00');
    expect(formatMinor(5)).toBe('$0.05');
    expect(formatMinor(123_456_789)).toBe('$1,234,567.89');
    expect(formatMinor(-24_043)).toBe('-$240.43');
    expect(formatMinor(100, 'EUR')).toBe('EUR 1.00');
    expect(invoiceDisplayNumber('invoice', 1)).toBe('INV-000001');
    expect(invoiceDisplayNumber('credit_note', 1234567)).toBe('CN-1234567');
    expect(invoiceDisplayNumber('invoice', null)).toBeNull();
    expect(fillBillingText(BILLING_TEXTS.mailSubject, { number: 'INV-000007' })).toBe(
      'Your invoice INV-000007 from Cuepoint',
    );
  });

  it('prices in whole cents, and the Enterprise commitment is 10M impressions', () => {
    for (const plan of Object.values(PLAN_RATES))
      for (const rate of Object.values(plan)) {
        expect(Number.isInteger(rate.rateMinor)).toBe(true);
        expect(Number.isInteger(rate.per)).toBe(true);
      }
    expect(MINIMUM_COMMITMENT_IMPRESSIONS).toEqual({ standard: 0, enterprise: 10_000_000 });
  });

  it('validates a preview: month, customer and manual lines, naming each field', () => {
    const ok = invoicePreviewBodySchema.parse({
      customerId: '2f0c6a8e-6a55-4b8e-9a43-1d3c0f7a1b11',
      month: '2026-06',
      manualLines: [{ description: ' Setup ', quantity: 1.5, rateMinor: -200 }],
    });
    expect(ok.manualLines).toEqual([{ description: 'Setup', quantity: '1.5', rateMinor: -200 }]);
    expect(
      issuesOf(
        invoicePreviewBodySchema.safeParse({
          customerId: 'x',
          month: '2026-6',
          manualLines: [{ description: '', quantity: '-1', rateMinor: 'a' }],
          extra: 1,
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        { field: 'customerId', message: BILLING_TEXTS.customerRequired },
        { field: 'month', message: BILLING_TEXTS.month },
        { field: 'manualLines.0.description', message: BILLING_TEXTS.description },
        { field: 'manualLines.0.quantity', message: BILLING_TEXTS.quantity },
        { field: 'manualLines.0.rateMinor', message: BILLING_TEXTS.rateMinor },
      ]),
    );
  });

  it('validates credit notes, list queries and chart ranges', () => {
    expect(
      issuesOf(
        creditNoteBodySchema.safeParse({ reason: 'x', lines: [{ description: 'x', amountMinor: 0 }] }),
      ),
    ).toEqual([{ field: 'lines.0.amountMinor', message: BILLING_TEXTS.amountMinor }]);
    expect(invoiceListQuerySchema.parse({ page: '2' })).toEqual({ page: 2, pageSize: 20 });
    expect(issuesOf(invoiceListQuerySchema.safeParse({ pageSize: '500' }))).toEqual([
      { field: 'pageSize', message: BILLING_TEXTS.pageSize },
    ]);
    expect(monthsBetween('2025-11', '2026-02')).toBe(4);
    expect(billingChartQuerySchema.safeParse({ from: '2024-01', to: '2026-12' }).success).toBe(true);
    expect(issuesOf(billingChartQuerySchema.safeParse({ from: '2024-01', to: '2027-01' }))).toEqual([
      { field: 'to', message: BILLING_TEXTS.chartRange },
    ]);
  });

  it('declares every billing path under API_PATHS.billing', () => {
    expect(allApiPaths()).toEqual(expect.arrayContaining(Object.values(API_PATHS.billing)));
    expect(API_PATHS.billing.paymentPlans).toBe('billing/getPaymentPlans');
  });
});
