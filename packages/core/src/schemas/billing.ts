/**
 * Billing (issue 19): usage per customer and month from the data plane's counters, invoices built
 * from it (lines, minimum-commitment top-up, pro rata after a plan change, manual lines, tax),
 * credit notes, payments, the PDF and the revenue chart. Paths: API_PATHS.billing (api/paths.ts).
 *
 * Money is integer minor units (cents) of BILLING_CURRENCY everywhere: no floating point. A line's
 * amount is quantity × rateMinor / per, rounded once, half up (`lineAmountMinor`).
 */
import { z } from 'zod';
import { LIST_MAX_PAGE } from '../resources/list.ts';
import { TEXT_LIMITS } from '../validation/limits.ts';
import { PAYMENT_PLANS, type PaymentPlan } from './account.ts';

export const BILLING_CURRENCY = 'USD';
/** Days from issue to the due date; an issued invoice unpaid past it reads as overdue. */
export const INVOICE_DUE_DAYS = 30;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** What a document shows: the stored draft, issued, paid, void, and overdue (issued, unpaid, past due). */
export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_LINE_KINDS = ['usage', 'minimum_commitment', 'pro_rata', 'manual'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** What a usage line counts. */
export const BILLING_METRICS = ['impressions', 'viewer_hours', 'live_channels', 'vod_hours'] as const;
export type BillingMetric = (typeof BILLING_METRICS)[number];

/** A price: rateMinor cents per `per` units of the metric. */
export interface BillingRate {
  readonly rateMinor: number;
  readonly per: number;
}

/**
 * Each plan's prices: ad impressions per 1,000 (CPM), stitched viewer hours per hour, live
 * channels per channel-month, VOD hours stored per hour-month.
 */
export const PLAN_RATES: Readonly<Record<PaymentPlan, Readonly<Record<BillingMetric, BillingRate>>>> = {
  standard: {
    impressions: { rateMinor: 50, per: 1000 },
    viewer_hours: { rateMinor: 2, per: 1 },
    live_channels: { rateMinor: 9900, per: 1 },
    vod_hours: { rateMinor: 100, per: 1 },
  },
  enterprise: {
    impressions: { rateMinor: 35, per: 1000 },
    viewer_hours: { rateMinor: 1, per: 1 },
    live_channels: { rateMinor: 7900, per: 1 },
    vod_hours: { rateMinor: 80, per: 1 },
  },
};

/**
 * The Enterprise minimum commitment (the plan feature list: "10M impressions per month"): a month
 * whose impressions charge is below that of this many impressions gets a top-up line.
 */
export const MINIMUM_COMMITMENT_IMPRESSIONS: Readonly<Record<PaymentPlan, number>> = {
  standard: 0,
  enterprise: 10_000_000,
};

export const BILLING_METRIC_LABELS: Readonly<Record<BillingMetric, string>> = {
  impressions: 'Ad impressions',
  viewer_hours: 'Stitched viewer hours',
  live_channels: 'Live channels',
  vod_hours: 'VOD hours stored',
};
/** The unit each rate is quoted in ("$0.50 per 1,000 impressions"). */
export const BILLING_METRIC_UNITS: Readonly<Record<BillingMetric, string>> = {
  impressions: 'impressions',
  viewer_hours: 'viewer hours',
  live_channels: 'channel-months',
  vod_hours: 'hour-months',
};

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  draft: 'Draft',
  issued: 'Issued',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};
export const INVOICE_KIND_LABELS: Readonly<Record<InvoiceKind, string>> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

export const BILLING_LIMITS = {
  manualLines: 50,
  creditLines: 50,
  description: 200,
  note: 1000,
  reason: 500,
  reference: 200,
  search: 200,
  /** Largest absolute rate or amount of a hand-written line, in minor units ($10,000,000). */
  amountMinor: 1_000_000_000,
  /** Months one chart answer covers. */
  chartMonths: 36,
  pageSize: { default: 20, max: 100 },
} as const;

/** Every text the billing routes answer and the billing screens show. */
export const BILLING_TEXTS = {
  month: 'Month is written YYYY-MM',
  monthFuture: 'The month cannot be in the future',
  monthNotEnded: 'An invoice can be made once its month has ended',
  monthOrder: 'To month cannot be earlier than From month',
  chartRange: `The chart covers at most ${BILLING_LIMITS.chartMonths} months`,
  customerRequired: 'Customer is required',
  customerNotFound: 'Customer not found',
  description: 'Description is required',
  descriptionLength: `Description is at most ${BILLING_LIMITS.description} characters`,
  quantity: 'Quantity is a positive number with at most 3 decimals',
  rateMinor: 'Rate is a whole number of cents',
  lineAmount: 'A line comes to at most $10,000,000 (quantity × rate)',
  amountMinor: 'Amount is a positive whole number of cents',
  manualLines: `At most ${BILLING_LIMITS.manualLines} manual lines`,
  note: `Note is at most ${BILLING_LIMITS.note} characters`,
  reason: 'Reason is required',
  creditLines: 'A credit note needs at least one line',
  paidAt: 'Paid at is a date and time (ISO 8601)',
  reference: `Reference is at most ${BILLING_LIMITS.reference} characters`,
  status: `status accepts one of ${INVOICE_STATUSES.join(', ')}`,
  kind: `kind accepts one of ${INVOICE_KINDS.join(', ')}`,
  page: `page must be a whole number from 1 to ${LIST_MAX_PAGE}`,
  pageSize: `pageSize accepts a whole number from 1 to ${BILLING_LIMITS.pageSize.max}`,
  invoiceNotFound: 'Invoice not found',
  duplicateInvoice: 'This customer already has an invoice for this month; change or void it instead',
  issuedImmutable: 'An issued invoice cannot be changed; issue a credit note',
  onlyDraftsDeleted: 'Only a draft can be deleted',
  notDraft: 'Only a draft can be issued',
  emptyInvoice: 'An invoice with a total of zero or less cannot be issued',
  creditNotIssued: 'Only an issued or paid invoice can be credited',
  creditTooLarge: 'The credit is more than what is left to credit on this invoice',
  creditOfCredit: 'A credit note cannot be credited',
  paymentNotIssued: 'Only an issued invoice can be paid',
  paymentTooLarge: 'The payment is more than what is left to pay on this invoice',
  adminOnly: 'Billing is for the platform administrator',
  billingForbidden: 'You cannot see billing',
  webhookSignature: 'The webhook signature is not valid',
  webhookNotConfigured: 'Stripe is not configured',
  /** The PDF's watermark on a draft. */
  draftWatermark: 'DRAFT',
  /** The mail sent when an invoice is issued ({number}, {total}, {due}). */
  mailSubject: 'Your invoice {number} from Cuepoint',
  mailBody:
    'Hello,\n\nYour invoice {number} for {period} is ready: {total}, due {due}.\nThe PDF is attached; you can also see it in the console: {link}\n\nThank you.',
  /** The mail sent with a credit note ({number}, {invoice}, {total}). */
  creditMailSubject: 'Your credit note {number} from Cuepoint',
  creditMailBody:
    'Hello,\n\nCredit note {number} corrects invoice {invoice} by {total}.\nThe PDF is attached; you can also see it in the console: {link}\n\nThank you.',
  notificationTitle: 'Invoice {number} issued',
  notificationBody: 'Invoice {number} for {period}: {total}, due {due}.',
  minimumCommitmentLine: 'Minimum commitment top-up ({impressions} impressions a month)',
  proRataLine: '{metric} at the {plan} rate from {from} ({days} of {monthDays} days)',
  usageLine: '{metric}',
  bankTransfer: 'Bank transfer',
} as const;

/** Fills `{name}` placeholders of a BILLING_TEXTS template. */
export const fillBillingText = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );

/** YYYY-MM of the years 1900 to 2099 (earlier years would turn into 19xx in Date.UTC). */
const MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
/** A decimal quantity with at most 3 decimals (what invoice_lines.quantity stores). */
const QUANTITY = /^\d{1,15}(\.\d{1,3})?$/;
/** The longest text MONTH and QUANTITY accept, with room for the spaces a quantity is trimmed of. */
const MONTH_MAX_LENGTH = 7;
const QUANTITY_MAX_LENGTH = 32;

export const billingMonthSchema = z
  .string({ error: BILLING_TEXTS.month })
  .max(MONTH_MAX_LENGTH, { error: BILLING_TEXTS.month, abort: true })
  .regex(MONTH, { error: BILLING_TEXTS.month });

/** The display number of an issued document: INV-000001, CN-000001. */
export const invoiceDisplayNumber = (kind: InvoiceKind, number: number | null): string | null =>
  number === null ? null : `${kind === 'invoice' ? 'INV' : 'CN'}-${String(number).padStart(6, '0')}`;

/** $1,234.56 (negative: -$1,234.56), from integer minor units; no floating point money. */
export const formatMinor = (minor: number, currency: string = BILLING_CURRENCY): string => {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  const symbol = currency === 'USD' ? '$' : `${currency} `;
  return `${negative ? '-' : ''}${symbol}${whole}.${cents}`;
};

// ---- Usage ---------------------------------------------------------------------------------

export const usageQuerySchema = z.strictObject({
  customerId: z.uuid({ error: BILLING_TEXTS.customerRequired }),
  month: billingMonthSchema,
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageSchema = z.object({
  customerId: z.string(),
  month: z.string(),
  /** The period counted: the month's first instant and its end (now, for the current month). */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** The plan in force at `to`. */
  plan: z.enum(PAYMENT_PLANS),
  quantities: z.object({
    impressions: z.number().int(),
    /** Decimal string, 3 places. */
    viewerHours: z.string(),
    liveChannels: z.number().int(),
    /** Decimal string, 3 places. */
    vodHours: z.string(),
  }),
  planChanges: z.array(
    z.object({
      at: z.iso.datetime({ offset: true }),
      fromPlan: z.enum(PAYMENT_PLANS),
      toPlan: z.enum(PAYMENT_PLANS),
    }),
  ),
});
export type Usage = z.infer<typeof usageSchema>;

// ---- Invoices ------------------------------------------------------------------------------

const descriptionSchema = z
  .string({ error: BILLING_TEXTS.description })
  .trim()
  .min(1, { error: BILLING_TEXTS.description })
  .max(BILLING_LIMITS.description, { error: BILLING_TEXTS.descriptionLength });

/** A hand-written line: quantity × rateMinor (a negative rate is a discount). */
export const manualLineInputSchema = z
  .strictObject({
    description: descriptionSchema,
    /** A decimal string ("1.5") or a number; stored with at most 3 decimals. */
    quantity: z
      .union([z.string().max(QUANTITY_MAX_LENGTH, { error: BILLING_TEXTS.quantity }), z.number()], {
        error: BILLING_TEXTS.quantity,
      })
      .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
      .refine((value) => QUANTITY.test(value) && Number(value) > 0, { error: BILLING_TEXTS.quantity }),
    rateMinor: z
      .number({ error: BILLING_TEXTS.rateMinor })
      .int({ error: BILLING_TEXTS.rateMinor })
      .min(-BILLING_LIMITS.amountMinor, { error: BILLING_TEXTS.rateMinor })
      .max(BILLING_LIMITS.amountMinor, { error: BILLING_TEXTS.rateMinor }),
  })
  // The line's amount is bounded too (quantity × rate), so no sum of lines leaves exact integers.
  .refine(
    (line) =>
      !QUANTITY.test(line.quantity) ||
      Math.abs(Number(line.quantity) * line.rateMinor) <= BILLING_LIMITS.amountMinor,
    { error: BILLING_TEXTS.lineAmount, path: ['quantity'] },
  );
export type ManualLineInput = z.input<typeof manualLineInputSchema>;

const manualLinesSchema = z
  .array(manualLineInputSchema)
  .max(BILLING_LIMITS.manualLines, { error: BILLING_TEXTS.manualLines });
const noteSchema = z
  .string()
  .trim()
  .max(BILLING_LIMITS.note, { error: BILLING_TEXTS.note })
  .nullable()
  .optional();

export const invoicePreviewBodySchema = z.strictObject({
  customerId: z.uuid({ error: BILLING_TEXTS.customerRequired }),
  month: billingMonthSchema,
  manualLines: manualLinesSchema.optional(),
});
export type InvoicePreviewBody = z.input<typeof invoicePreviewBodySchema>;

export const invoiceCreateBodySchema = invoicePreviewBodySchema.extend({ note: noteSchema });
export type InvoiceCreateBody = z.input<typeof invoiceCreateBodySchema>;

export const invoiceUpdateBodySchema = z.strictObject({
  manualLines: manualLinesSchema,
  note: noteSchema,
});
export type InvoiceUpdateBody = z.input<typeof invoiceUpdateBodySchema>;

export const creditNoteBodySchema = z.strictObject({
  reason: z
    .string({ error: BILLING_TEXTS.reason })
    .trim()
    .min(1, { error: BILLING_TEXTS.reason })
    .max(BILLING_LIMITS.reason, { error: BILLING_TEXTS.reason }),
  lines: z
    .array(
      z.strictObject({
        description: descriptionSchema,
        amountMinor: z
          .number({ error: BILLING_TEXTS.amountMinor })
          .int({ error: BILLING_TEXTS.amountMinor })
          .min(1, { error: BILLING_TEXTS.amountMinor })
          .max(BILLING_LIMITS.amountMinor, { error: BILLING_TEXTS.amountMinor }),
      }),
    )
    .min(1, { error: BILLING_TEXTS.creditLines })
    .max(BILLING_LIMITS.creditLines, { error: BILLING_TEXTS.creditLines }),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;

export const paymentBodySchema = z.strictObject({
  paidAt: z.iso
    .datetime({ offset: true, error: BILLING_TEXTS.paidAt })
    .max(TEXT_LIMITS.dateTime, { error: BILLING_TEXTS.paidAt }),
  reference: z.string().trim().max(BILLING_LIMITS.reference, { error: BILLING_TEXTS.reference }).optional(),
  amountMinor: z
    .number({ error: BILLING_TEXTS.amountMinor })
    .int({ error: BILLING_TEXTS.amountMinor })
    .min(1, { error: BILLING_TEXTS.amountMinor })
    .max(BILLING_LIMITS.amountMinor, { error: BILLING_TEXTS.amountMinor }),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  metric: z.enum(BILLING_METRICS).nullable(),
  description: z.string(),
  /** Decimal string (up to 3 decimals). */
  quantity: z.string(),
  rateMinor: z.number().int(),
  per: z.number().int(),
  amountMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const billToSchema = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string().optional(),
  paymentCustomerId: z.string().optional(),
});
export type BillTo = z.infer<typeof billToSchema>;

export const invoiceSchema = z.object({
  /** "preview" for a preview (not stored). */
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** Gap-free within its kind; null while a draft. */
  number: z.number().int().nullable(),
  /** INV-000001 or CN-000001; null while a draft. */
  displayNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  customerId: z.string(),
  customerName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  currency: z.string(),
  plan: z.enum(PAYMENT_PLANS),
  billTo: billToSchema,
  /** Empty in lists. */
  lines: z.array(invoiceLineSchema),
  subtotalMinor: z.number().int(),
  /** Basis points: 20% = 2000. */
  taxRateBp: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** Payments recorded so far. */
  paidMinor: z.number().int(),
  /** Credit notes issued against this invoice so far (0 for a credit note). */
  creditedMinor: z.number().int(),
  /** A credit note's invoice. */
  creditFor: z.string().nullable(),
  /** The credited invoice's display number (credit notes). */
  creditForNumber: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  issuedAt: z.iso.datetime({ offset: true }).nullable(),
  dueAt: z.iso.datetime({ offset: true }).nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  voidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const pageQuery = (message: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message, abort: true })
    .max(max, { error: message })
    .default(fallback);

export const invoiceListQuerySchema = z
  .strictObject({
    customerId: z.uuid({ error: BILLING_TEXTS.customerNotFound }).optional(),
    status: z.enum(INVOICE_STATUSES, { error: BILLING_TEXTS.status }).optional(),
    kind: z.enum(INVOICE_KINDS, { error: BILLING_TEXTS.kind }).optional(),
    /** Free text: the display number, the customer's name or the bill-to email. */
    q: z.string().trim().max(BILLING_LIMITS.search).optional(),
    /** Period months, inclusive (the period's start month). */
    from: billingMonthSchema.optional(),
    to: billingMonthSchema.optional(),
    page: pageQuery(BILLING_TEXTS.page, LIST_MAX_PAGE, 1),
    pageSize: pageQuery(BILLING_TEXTS.pageSize, BILLING_LIMITS.pageSize.max, BILLING_LIMITS.pageSize.default),
  })
  .check((ctx) => {
    const { from, to } = ctx.value;
    if (from && to && to < from)
      ctx.issues.push({ code: 'custom', message: BILLING_TEXTS.monthOrder, path: ['to'], input: to });
  });
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceSchema),
  total: z.number().int(),
  /** Over every matching document (not only this page): credit notes count negative. */
  totals: z.object({
    totalMinor: z.number().int(),
    paidMinor: z.number().int(),
    outstandingMinor: z.number().int(),
  }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** Months between two YYYY-MM (inclusive): 2025-01..2025-03 → 3. */
export const monthsBetween = (from: string, to: string): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;

/** `GET billing/chart`: both optional (default: the last 12 months up to this one). */
export const billingChartQuerySchema = z
  .strictObject({ from: billingMonthSchema.optional(), to: billingMonthSchema.optional() })
  .check((ctx) => {
    const { from, to } = ctx.value;
    if (!from || !to) return;
    if (to < from)
      ctx.issues.push({ code: 'custom', message: BILLING_TEXTS.monthOrder, path: ['to'], input: to });
    else if (monthsBetween(from, to) > BILLING_LIMITS.chartMonths)
      ctx.issues.push({ code: 'custom', message: BILLING_TEXTS.chartRange, path: ['to'], input: to });
  });
export type BillingChartQuery = z.input<typeof billingChartQuerySchema>;

export const billingChartResponseSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      /** Issued invoices (issued, paid, overdue; void ones too when partly credited) minus credit notes, by issue month. */
      totalMinor: z.number().int(),
      byPlan: z.object({ standard: z.number().int(), enterprise: z.number().int() }),
    }),
  ),
});
export type BillingChartResponse = z.infer<typeof billingChartResponseSchema>;

/** The webhook's answer. */
export const stripeWebhookResponseSchema = z.object({
  received: z.boolean(),
  /** What was done: paid, duplicate (a replay), ignored (an event or invoice we do not handle). */
  outcome: z.enum(['paid', 'recorded', 'duplicate', 'ignored']),
});
