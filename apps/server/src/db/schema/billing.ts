import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Invoices and credit notes (issue 19). Money is integer minor units (cents) everywhere: no
 * floating point. A draft may change; an issued document never does (corrections are credit
 * notes that point at the invoice they correct). Numbers are gap-free per series, taken from
 * `invoice_counters` under a row lock in the issuing transaction. No foreign key to customers or
 * users: an invoice is a legal record that outlives both, so it keeps a copy of whom it bills.
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
/** Stored statuses; "overdue" is an issued invoice past its due date, derived when read. */
export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid().notNull(),
    kind: text({ enum: INVOICE_KINDS }).notNull().default('invoice'),
    /** The invoice a credit note corrects. */
    creditFor: uuid(),
    /** Gap-free within its series (kind); null while a draft. */
    number: integer(),
    status: text({ enum: INVOICE_STATUSES }).notNull().default('draft'),
    /** The billed period, first and last day (inclusive), in UTC. */
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    currency: text().notNull().default('USD'),
    /** The plan in force at the end of the period (the lines say what each part of it cost). */
    plan: text().notNull(),
    /** A copy of the billed party: name, email, company, address, payment customer id. */
    billTo: jsonb().$type<Record<string, unknown>>().notNull(),
    subtotalMinor: bigint({ mode: 'number' }).notNull().default(0),
    /** Tax rate in basis points (20% = 2000), from the platform configuration when issued. */
    taxRateBp: integer().notNull().default(0),
    taxMinor: bigint({ mode: 'number' }).notNull().default(0),
    totalMinor: bigint({ mode: 'number' }).notNull().default(0),
    note: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    /** Sent to the customer's billing address (the outbox or SMTP) after issue. */
    mailedAt: timestamp({ withTimezone: true }),
    /** The payment provider's reference of the invoice (Stripe's invoice or payment intent id). */
    providerRef: text(),
  },
  (t) => [
    uniqueIndex('invoices_kind_number_key').on(t.kind, t.number).where(sql`${t.number} IS NOT NULL`),
    index('invoices_customer_period_idx').on(t.customerId, t.periodStart),
    index('invoices_status_idx').on(t.status, t.issuedAt),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

export const INVOICE_LINE_KINDS = ['usage', 'minimum_commitment', 'pro_rata', 'manual'] as const;

/** One line of an invoice: quantity × rate (per `per` units), rounded once to minor units. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text({ enum: INVOICE_LINE_KINDS }).notNull(),
    /** What a usage line counts: impressions, viewer_hours, live_channels, vod_hours. */
    metric: text(),
    description: text().notNull(),
    /** Exact decimal quantity (viewer hours have fractions). */
    quantity: numeric({ precision: 20, scale: 3, mode: 'string' }).notNull(),
    /** Price in minor units per `per` units of quantity (e.g. 50 cents per 1,000 impressions). */
    rateMinor: bigint({ mode: 'number' }).notNull(),
    per: integer().notNull().default(1),
    amountMinor: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_key').on(t.invoiceId, t.position)],
);
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** The next number of each series ('invoice', 'credit_note'), locked while an issue commits. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text().primaryKey(),
  next: integer().notNull().default(1),
});

/** Payments recorded against an invoice: by hand (bank transfer) or by a provider's webhook. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    reference: text(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    recordedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId)],
);

/** Provider webhook events already handled: a replayed event (same id) changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  invoiceId: uuid(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
