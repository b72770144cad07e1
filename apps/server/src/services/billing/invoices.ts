/**
 * Invoices and credit notes (issue 19): preview, drafts, issue (gap-free numbers), credit notes,
 * payments, the list and the revenue chart. Every write runs in one transaction; problems are
 * thrown as RequestProblems (rolling it back). Mails and notifications go after commit (routes).
 *
 * - One live invoice per customer and month (draft or issued, not void): the customer's row is
 *   locked `for update` while a draft is created, so two creates cannot both pass the check.
 * - An issued document never changes; corrections are credit notes (numbered in their own series).
 *   A credit note's lines are amounts before tax; the invoice's tax rate applies to them, and its
 *   total may not exceed what is left to credit (the invoice's total minus earlier credit notes).
 *   A credit that leaves nothing to credit voids the invoice.
 * - An invoice is paid when payments plus credit notes reach its total.
 */
import {
  BILLING_CURRENCY,
  BILLING_LIMITS,
  BILLING_TEXTS,
  type BillingChartResponse,
  type BillTo,
  type CreditNoteBody,
  fillBillingText,
  formatMinor,
  INVOICE_DUE_DAYS,
  type Invoice,
  type InvoiceLine,
  type InvoiceListResponse,
  type InvoiceStatus,
  invoiceDisplayNumber,
  type ManualLineInput,
  monthsBetween,
  PAYMENT_PLANS,
  type PaymentPlan,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type InvoiceLineRow, invoices } from '../../db/schema/index.ts';
import { conflict, fieldProblem, notFound } from '../../lib/request-problem.ts';
import {
  type BillingCustomer,
  billingCustomer,
  customerNames,
  type InvoiceRow,
  insertPayment,
  invoiceRow,
  type ListFilter,
  linesOf,
  listInvoices,
  listTotals,
  liveInvoiceOf,
  type Money,
  moneyOf,
  replaceLines,
  revenueByMonth,
  takeNumber,
} from '../../repositories/billing.ts';
import { buildInvoiceLines } from './invoice-lines.ts';
import { totalsOf } from './money.ts';
import { monthBounds, monthOf, monthUsage } from './usage.ts';

const DAY_MS = 86_400_000;
const asPlan = (value: string): PaymentPlan =>
  (PAYMENT_PLANS as readonly string[]).includes(value) ? (value as PaymentPlan) : 'standard';
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** What the billing service needs of its surroundings: the clock and the tax rate. */
export interface BillingContext {
  now: () => number;
  /** The tax rate in basis points (BILLING_TAX_RATE_PERCENT). */
  taxRateBp: number;
}

/** The status a reader sees: an issued invoice past its due date is overdue. */
export function statusOf(row: Pick<InvoiceRow, 'status' | 'dueAt'>, now: number): InvoiceStatus {
  if (row.status === 'issued' && row.dueAt && row.dueAt.getTime() < now) return 'overdue';
  return row.status;
}

function billToOf(customer: BillingCustomer): BillTo {
  return {
    name: customer.contact
      ? `${customer.contact.firstName} ${customer.contact.lastName}`.trim()
      : customer.name,
    email: customer.contact?.email ?? '',
    company: customer.name,
    ...(customer.paymentCustomerId ? { paymentCustomerId: customer.paymentCustomerId } : {}),
  };
}

function billToOfRow(value: Record<string, unknown>): BillTo {
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
  const company = text('company');
  const paymentCustomerId = text('paymentCustomerId');
  return {
    name: text('name') ?? '',
    email: text('email') ?? '',
    ...(company !== undefined ? { company } : {}),
    ...(paymentCustomerId !== undefined ? { paymentCustomerId } : {}),
  };
}

const lineOfRow = (row: InvoiceLineRow): InvoiceLine => ({
  position: row.position,
  kind: row.kind,
  metric: (row.metric as InvoiceLine['metric']) ?? null,
  description: row.description,
  quantity: row.quantity,
  rateMinor: row.rateMinor,
  per: row.per,
  amountMinor: row.amountMinor,
});

export function invoiceDto(
  row: InvoiceRow,
  options: { lines: InvoiceLine[]; money: Money; customerName: string | undefined; now: number },
): Invoice {
  const billTo = billToOfRow(row.billTo);
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    displayNumber: invoiceDisplayNumber(row.kind, row.number),
    status: statusOf(row, options.now),
    customerId: row.customerId,
    customerName: options.customerName ?? billTo.company ?? billTo.name,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    currency: row.currency,
    plan: asPlan(row.plan),
    billTo,
    lines: options.lines,
    subtotalMinor: row.subtotalMinor,
    taxRateBp: row.taxRateBp,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    paidMinor: options.money.paidMinor,
    creditedMinor: options.money.creditedMinor,
    creditFor: row.creditFor,
    creditForNumber: invoiceDisplayNumber('invoice', options.money.creditForNumber),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    issuedAt: isoOrNull(row.issuedAt),
    dueAt: isoOrNull(row.dueAt),
    paidAt: isoOrNull(row.paidAt),
    voidedAt: isoOrNull(row.voidedAt),
  };
}

/** One document as its DTO, with its lines, payments and credits. */
export async function loadInvoice(db: DbOrTx, row: InvoiceRow, now: number): Promise<Invoice> {
  const [lines, money, names] = await Promise.all([
    linesOf(db, row.id),
    moneyOf(db, [row]),
    customerNames(db, [row.customerId]),
  ]);
  return invoiceDto(row, {
    lines: lines.map(lineOfRow),
    money: money.get(row.id)!,
    customerName: names.get(row.customerId),
    now,
  });
}

/**
 * A document the caller may see: `scope` null (the main administrator) sees every one; a
 * customer only its own, never a draft. Anything else is "not found".
 */
export async function visibleInvoice(db: DbOrTx, id: string, scope: string | null): Promise<InvoiceRow> {
  const row = await invoiceRow(db, id);
  if (!row || (scope !== null && (row.customerId !== scope || row.status === 'draft')))
    throw notFound(BILLING_TEXTS.invoiceNotFound);
  return row;
}

async function customerOrProblem(db: DbOrTx, id: string, lock = false) {
  const customer = await billingCustomer(db, id, { lock });
  if (!customer) throw fieldProblem('customerId', BILLING_TEXTS.customerNotFound);
  return customer;
}

function checkMonth(month: string, now: number, options: { ended: boolean }) {
  const { start, end } = monthBounds(month);
  if (start > now) throw fieldProblem('month', BILLING_TEXTS.monthFuture);
  if (options.ended && end > now) throw fieldProblem('month', BILLING_TEXTS.monthNotEnded);
}

interface Built {
  customer: BillingCustomer;
  lines: InvoiceLine[];
  period: { start: string; end: string };
  plan: PaymentPlan;
}

async function build(
  db: DbOrTx,
  customer: BillingCustomer,
  month: string,
  manualLines: readonly ManualLineInput[] | undefined,
  now: number,
): Promise<Built> {
  const usage = await monthUsage(db, customer, month, now);
  const lines = buildInvoiceLines({
    ...usage.lineInput,
    manualLines: (manualLines ?? []).map((line) => ({ ...line, quantity: String(line.quantity) })),
  });
  return { customer, lines, period: usage.period, plan: usage.usage.plan };
}

/** An invoice built from usage and manual lines, not stored (id "preview", status draft). */
export async function previewInvoice(
  db: DbOrTx,
  ctx: BillingContext,
  input: { customerId: string; month: string; manualLines?: readonly ManualLineInput[] | undefined },
): Promise<Invoice> {
  const now = ctx.now();
  checkMonth(input.month, now, { ended: false });
  const customer = await customerOrProblem(db, input.customerId);
  const built = await build(db, customer, input.month, input.manualLines, now);
  const totals = totalsOf(built.lines, ctx.taxRateBp);
  return {
    id: 'preview',
    kind: 'invoice',
    number: null,
    displayNumber: null,
    status: 'draft',
    customerId: customer.id,
    customerName: customer.name,
    periodStart: built.period.start,
    periodEnd: built.period.end,
    currency: BILLING_CURRENCY,
    plan: built.plan,
    billTo: billToOf(customer),
    lines: built.lines,
    ...totals,
    taxRateBp: ctx.taxRateBp,
    paidMinor: 0,
    creditedMinor: 0,
    creditFor: null,
    creditForNumber: null,
    note: null,
    createdAt: new Date(now).toISOString(),
    issuedAt: null,
    dueAt: null,
    paidAt: null,
    voidedAt: null,
  };
}

/** Stores a draft (in the caller's transaction); a second live invoice of the customer and month is a 409. */
export async function createDraft(
  tx: DbOrTx,
  ctx: BillingContext,
  input: {
    customerId: string;
    month: string;
    manualLines?: readonly ManualLineInput[] | undefined;
    note?: string | null | undefined;
  },
  createdBy: string,
): Promise<Invoice> {
  const now = ctx.now();
  checkMonth(input.month, now, { ended: true });
  const customer = await customerOrProblem(tx, input.customerId, true);
  const built = await build(tx, customer, input.month, input.manualLines, now);
  if (await liveInvoiceOf(tx, customer.id, built.period.start))
    throw conflict(BILLING_TEXTS.duplicateInvoice, { showMessage: true });
  const totals = totalsOf(built.lines, ctx.taxRateBp);
  const [row] = await tx
    .insert(invoices)
    .values({
      customerId: customer.id,
      kind: 'invoice',
      status: 'draft',
      periodStart: built.period.start,
      periodEnd: built.period.end,
      currency: BILLING_CURRENCY,
      plan: built.plan,
      billTo: billToOf(customer),
      ...totals,
      taxRateBp: ctx.taxRateBp,
      note: input.note || null,
      createdBy,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  await replaceLines(tx, row!.id, built.lines);
  return loadInvoice(tx, row!, now);
}

async function draftOrProblem(tx: DbOrTx, id: string, message: string) {
  const row = await invoiceRow(tx, id, { lock: true });
  if (!row) throw notFound(BILLING_TEXTS.invoiceNotFound);
  if (row.status !== 'draft') throw conflict(message, { showMessage: true });
  return row;
}

/** Replaces a draft's manual lines and note (usage lines are kept as built), in the caller's transaction. */
export async function updateDraft(
  tx: DbOrTx,
  ctx: BillingContext,
  id: string,
  input: { manualLines: readonly ManualLineInput[]; note?: string | null | undefined },
): Promise<Invoice> {
  const now = ctx.now();
  const row = await draftOrProblem(tx, id, BILLING_TEXTS.issuedImmutable);
  const kept = (await linesOf(tx, id)).filter((line) => line.kind !== 'manual').map(lineOfRow);
  const manual = buildInvoiceLines({
    monthDays: 1,
    segments: [],
    liveChannels: 0,
    vodHoursMilli: 0n,
    manualLines: input.manualLines.map((line) => ({ ...line, quantity: String(line.quantity) })),
  });
  const lines = [...kept, ...manual].map((line, i) => ({ ...line, position: i + 1 }));
  const totals = totalsOf(lines, ctx.taxRateBp);
  const [updated] = await tx
    .update(invoices)
    .set({
      ...totals,
      taxRateBp: ctx.taxRateBp,
      note: input.note === undefined ? row.note : input.note || null,
      updatedAt: new Date(now),
    })
    .where(eq(invoices.id, id))
    .returning();
  await replaceLines(tx, id, lines);
  return loadInvoice(tx, updated!, now);
}

/** Deletes a draft (in the caller's transaction); answers it as it was. */
export async function deleteDraft(tx: DbOrTx, id: string): Promise<InvoiceRow> {
  const row = await draftOrProblem(tx, id, BILLING_TEXTS.onlyDraftsDeleted);
  await tx.delete(invoices).where(eq(invoices.id, id));
  return row;
}

/** What an issued document's mail and notification say. */
export interface IssuedMail {
  invoice: Invoice;
  values: Record<string, string>;
}

export const mailValues = (invoice: Invoice): Record<string, string> => ({
  number: invoice.displayNumber ?? '',
  period: `${invoice.periodStart} – ${invoice.periodEnd}`,
  total: formatMinor(invoice.totalMinor, invoice.currency),
  due: invoice.dueAt?.slice(0, 10) ?? '',
});

/**
 * Issues a draft in the caller's transaction: the tax rate in force now, the next number of the
 * invoice series (its counter row locked until the transaction ends), due in INVOICE_DUE_DAYS.
 */
export async function issueInTransaction(tx: DbOrTx, ctx: BillingContext, id: string): Promise<Invoice> {
  const now = ctx.now();
  const row = await draftOrProblem(tx, id, BILLING_TEXTS.notDraft);
  const lines = (await linesOf(tx, id)).map(lineOfRow);
  const totals = totalsOf(lines, ctx.taxRateBp);
  if (totals.totalMinor <= 0) throw conflict(BILLING_TEXTS.emptyInvoice, { showMessage: true });
  const customer = await billingCustomer(tx, row.customerId);
  const number = await takeNumber(tx, 'invoice');
  const [issued] = await tx
    .update(invoices)
    .set({
      ...totals,
      taxRateBp: ctx.taxRateBp,
      number,
      status: 'issued',
      // The bill-to as it is when issued (the draft's may be older).
      ...(customer ? { billTo: billToOf(customer) } : {}),
      issuedAt: new Date(now),
      dueAt: new Date(now + INVOICE_DUE_DAYS * DAY_MS),
      updatedAt: new Date(now),
    })
    .where(eq(invoices.id, id))
    .returning();
  return loadInvoice(tx, issued!, now);
}

/** Issues a credit note against an issued (or paid) invoice, in the caller's transaction. */
export async function creditInTransaction(
  tx: DbOrTx,
  ctx: BillingContext,
  id: string,
  body: CreditNoteBody,
  createdBy: string,
): Promise<{ creditNote: Invoice; invoice: Invoice }> {
  const now = ctx.now();
  const invoice = await invoiceRow(tx, id, { lock: true });
  if (!invoice) throw notFound(BILLING_TEXTS.invoiceNotFound);
  if (invoice.kind === 'credit_note') throw conflict(BILLING_TEXTS.creditOfCredit, { showMessage: true });
  if (invoice.status !== 'issued' && invoice.status !== 'paid')
    throw conflict(BILLING_TEXTS.creditNotIssued, { showMessage: true });
  const money = (await moneyOf(tx, [invoice])).get(id)!;
  const lines: InvoiceLine[] = body.lines.map((line, i) => ({
    position: i + 1,
    kind: 'manual',
    metric: null,
    description: line.description,
    quantity: '1.000',
    rateMinor: line.amountMinor,
    per: 1,
    amountMinor: line.amountMinor,
  }));
  const totals = totalsOf(lines, invoice.taxRateBp);
  const left = invoice.totalMinor - money.creditedMinor;
  if (totals.totalMinor > left) throw fieldProblem('lines', BILLING_TEXTS.creditTooLarge);
  const number = await takeNumber(tx, 'credit_note');
  const [note] = await tx
    .insert(invoices)
    .values({
      customerId: invoice.customerId,
      kind: 'credit_note',
      creditFor: invoice.id,
      number,
      status: 'issued',
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      currency: invoice.currency,
      plan: invoice.plan,
      billTo: invoice.billTo,
      ...totals,
      taxRateBp: invoice.taxRateBp,
      note: body.reason,
      createdBy,
      createdAt: new Date(now),
      updatedAt: new Date(now),
      issuedAt: new Date(now),
    })
    .returning();
  await replaceLines(tx, note!.id, lines);
  const credited = money.creditedMinor + totals.totalMinor;
  let updated = invoice;
  if (credited >= invoice.totalMinor) {
    [updated] = (await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(invoices.id, id))
      .returning()) as [InvoiceRow];
  } else if (invoice.status === 'issued' && money.paidMinor + credited >= invoice.totalMinor) {
    [updated] = (await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(invoices.id, id))
      .returning()) as [InvoiceRow];
  }
  return { creditNote: await loadInvoice(tx, note!, now), invoice: await loadInvoice(tx, updated, now) };
}

/**
 * Records a payment of an issued invoice; it becomes paid when payments and credits reach its
 * total. `strict` (payments by hand) refuses more than is left to pay; a provider's payment is
 * recorded as the provider says.
 */
export async function payInTransaction(
  tx: DbOrTx,
  ctx: BillingContext,
  id: string,
  payment: {
    provider: string;
    reference: string | null;
    amountMinor: number;
    paidAt: Date;
    recordedBy: string | null;
    strict: boolean;
  },
): Promise<Invoice> {
  const now = ctx.now();
  const invoice = await invoiceRow(tx, id, { lock: true });
  if (!invoice) throw notFound(BILLING_TEXTS.invoiceNotFound);
  if (invoice.kind !== 'invoice' || invoice.status !== 'issued')
    throw conflict(BILLING_TEXTS.paymentNotIssued, { showMessage: true });
  const money = (await moneyOf(tx, [invoice])).get(id)!;
  const left = invoice.totalMinor - money.creditedMinor - money.paidMinor;
  if (payment.strict && payment.amountMinor > left)
    throw fieldProblem('amountMinor', BILLING_TEXTS.paymentTooLarge);
  await insertPayment(tx, { invoiceId: id, ...payment });
  let updated = invoice;
  if (payment.amountMinor >= left) {
    [updated] = (await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: payment.paidAt, updatedAt: new Date(now) })
      .where(eq(invoices.id, id))
      .returning()) as [InvoiceRow];
  }
  return loadInvoice(tx, updated, now);
}

/** A page of documents (without lines) and the totals of every matching one. */
export async function invoiceList(
  db: DbOrTx,
  filter: ListFilter,
  page: { page: number; pageSize: number },
): Promise<InvoiceListResponse> {
  const now = filter.now.getTime();
  const { rows, total } = await listInvoices(db, filter, page);
  const [money, names, totals] = await Promise.all([
    moneyOf(db, rows),
    customerNames(
      db,
      rows.map((row) => row.customerId),
    ),
    listTotals(db, filter),
  ]);
  return {
    items: rows.map((row) =>
      invoiceDto(row, { lines: [], money: money.get(row.id)!, customerName: names.get(row.customerId), now }),
    ),
    total,
    totals,
  };
}

/** Revenue of issued documents by issue month (invoices minus credit notes), by plan. */
export async function revenueChart(
  db: DbOrTx,
  query: { from?: string | undefined; to?: string | undefined },
  now: number,
): Promise<BillingChartResponse> {
  const to = query.to ?? monthOf(now);
  let from = query.from;
  if (!from) {
    const end = monthBounds(to).start;
    const d = new Date(end);
    from = monthOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1));
  } else if (!query.to) {
    // The schema checks a period it is given whole; a `from` alone ends this month.
    if (to < from) throw fieldProblem('from', BILLING_TEXTS.monthOrder);
    if (monthsBetween(from, to) > BILLING_LIMITS.chartMonths)
      throw fieldProblem('from', BILLING_TEXTS.chartRange);
  }
  const rows = await revenueByMonth(db, new Date(monthBounds(from).start), new Date(monthBounds(to).end));
  const months: BillingChartResponse['months'] = [];
  for (let ms = monthBounds(from).start; ms < monthBounds(to).end; ms = monthBounds(monthOf(ms)).end)
    months.push({ month: monthOf(ms), totalMinor: 0, byPlan: { standard: 0, enterprise: 0 } });
  const byMonth = new Map(months.map((m) => [m.month, m]));
  for (const row of rows) {
    const month = byMonth.get(row.month);
    if (!month) continue;
    const amount = Number(row.total ?? 0);
    month.totalMinor += amount;
    month.byPlan[asPlan(row.plan)] += amount;
  }
  return { months };
}

export const issuedTexts = (invoice: Invoice) => {
  const values = { ...mailValues(invoice), invoice: invoice.creditForNumber ?? '' };
  const credit = invoice.kind === 'credit_note';
  return {
    subject: fillBillingText(credit ? BILLING_TEXTS.creditMailSubject : BILLING_TEXTS.mailSubject, values),
    title: fillBillingText(BILLING_TEXTS.notificationTitle, values),
    body: fillBillingText(BILLING_TEXTS.notificationBody, values),
    mailBody: (link: string) =>
      fillBillingText(credit ? BILLING_TEXTS.creditMailBody : BILLING_TEXTS.mailBody, { ...values, link }),
  };
};
