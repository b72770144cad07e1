/**
 * Invoices, credit notes, their lines, payments and provider events (db/schema/billing.ts).
 * Functions take `db` or a transaction first; scoping (whose documents) is the caller's `scope`:
 * a customer id, or null for the main administrator's platform view.
 */
import type { InvoiceKind, InvoiceLine, InvoiceStatus } from '@cuepoint/core';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  customers,
  type InvoiceLineRow,
  type InvoiceRow,
  invoiceCounters,
  invoiceLines,
  invoices,
  paymentEvents,
  payments,
  users,
} from '../db/schema/index.ts';
import { rowsOf } from './playback-minutes.ts';

export type { InvoiceRow };

export interface BillingCustomer {
  id: string;
  name: string;
  paymentPlan: string;
  paymentCustomerId: string | null;
  /** The billing contact: the account's earliest active owner (null when it has none). */
  contact: { email: string; firstName: string; lastName: string } | null;
}

/** A customer with its billing contact; `lock` takes its row `for update` (one live invoice a month). */
export async function billingCustomer(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<BillingCustomer | undefined> {
  const base = db
    .select({
      id: customers.id,
      name: customers.name,
      paymentPlan: customers.paymentPlan,
      paymentCustomerId: customers.paymentCustomerId,
    })
    .from(customers)
    .where(eq(customers.id, id));
  const [row] = options.lock ? await base.for('update') : await base;
  if (!row) return undefined;
  const [contact] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.customerId, id),
        eq(users.isMainAdmin, false),
        isNull(users.deactivatedAt),
        sql`${users.role} = 'owner'`,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return { ...row, contact: contact ?? null };
}

export async function invoiceRow(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  const base = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = options.lock ? await base.for('update') : await base;
  return row;
}

export async function linesOf(db: DbOrTx, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

export async function replaceLines(db: DbOrTx, invoiceId: string, lines: readonly InvoiceLine[]) {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length === 0) return;
  await db.insert(invoiceLines).values(
    lines.map((line) => ({
      invoiceId,
      position: line.position,
      kind: line.kind,
      metric: line.metric,
      description: line.description,
      quantity: line.quantity,
      rateMinor: line.rateMinor,
      per: line.per,
      amountMinor: line.amountMinor,
    })),
  );
}

/** The customer's live (draft or issued, not void) invoice of a period, if any. */
export async function liveInvoiceOf(db: DbOrTx, customerId: string, periodStart: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerId, customerId),
        eq(invoices.periodStart, periodStart),
        eq(invoices.kind, 'invoice'),
        sql`${invoices.status} <> 'void'`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The next number of a series, taken under a row lock held until the calling transaction ends:
 * concurrent issues wait for each other, and a rolled-back issue gives its number back (no gap).
 */
export async function takeNumber(tx: DbOrTx, series: InvoiceKind): Promise<number> {
  await tx.insert(invoiceCounters).values({ series, next: 1 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ next: invoiceCounters.next })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.series, series))
    .for('update');
  const number = counter!.next;
  await tx
    .update(invoiceCounters)
    .set({ next: number + 1 })
    .where(eq(invoiceCounters.series, series));
  return number;
}

export interface Money {
  paidMinor: number;
  creditedMinor: number;
  creditForNumber: number | null;
}

/** Payments and credit notes of some documents, and each credit note's invoice number. */
export async function moneyOf(db: DbOrTx, rows: readonly InvoiceRow[]): Promise<Map<string, Money>> {
  const out = new Map<string, Money>(
    rows.map((row) => [row.id, { paidMinor: 0, creditedMinor: 0, creditForNumber: null }]),
  );
  if (rows.length === 0) return out;
  const ids = rows.map((row) => row.id);
  const paid = await db
    .select({ id: payments.invoiceId, sum: sql<string>`sum(${payments.amountMinor})` })
    .from(payments)
    .where(inArray(payments.invoiceId, ids))
    .groupBy(payments.invoiceId);
  for (const row of paid) out.get(row.id)!.paidMinor = Number(row.sum);
  const credited = await db
    .select({ id: invoices.creditFor, sum: sql<string>`sum(${invoices.totalMinor})` })
    .from(invoices)
    .where(and(inArray(invoices.creditFor, ids), eq(invoices.kind, 'credit_note')))
    .groupBy(invoices.creditFor);
  for (const row of credited) if (row.id) out.get(row.id)!.creditedMinor = Number(row.sum);
  const creditFor = rows.flatMap((row) => (row.creditFor ? [row.creditFor] : []));
  if (creditFor.length > 0) {
    const numbers = new Map(
      (
        await db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(inArray(invoices.id, creditFor))
      ).map((row) => [row.id, row.number]),
    );
    for (const row of rows)
      if (row.creditFor) out.get(row.id)!.creditForNumber = numbers.get(row.creditFor) ?? null;
  }
  return out;
}

/** Customers' names (the list's and DTO's customerName). */
export async function customerNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export interface ListFilter {
  /** A customer's documents only (a customer's own view, or the administrator's filter). */
  customerId?: string | undefined;
  /** A customer's view: never drafts. */
  excludeDrafts: boolean;
  status?: InvoiceStatus | undefined;
  kind?: InvoiceKind | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  now: Date;
}

const NUMBER_QUERY = /^(?:(inv|cn)[-\s]?)?0*(\d{1,9})$/i;

function filterOf(filter: ListFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.customerId) where.push(eq(invoices.customerId, filter.customerId));
  if (filter.excludeDrafts) where.push(sql`${invoices.status} <> 'draft'`);
  if (filter.kind) where.push(eq(invoices.kind, filter.kind));
  const now = filter.now.toISOString();
  if (filter.status === 'overdue')
    where.push(sql`${invoices.status} = 'issued' and ${invoices.dueAt} < ${now}::timestamptz`);
  else if (filter.status === 'issued')
    where.push(
      sql`${invoices.status} = 'issued' and (${invoices.dueAt} is null or ${invoices.dueAt} >= ${now}::timestamptz)`,
    );
  else if (filter.status) where.push(eq(invoices.status, filter.status));
  if (filter.from) where.push(sql`${invoices.periodStart} >= ${`${filter.from}-01`}::date`);
  if (filter.to) where.push(sql`${invoices.periodStart} <= ${`${filter.to}-01`}::date`);
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = sql`(exists (select 1 from customers c where c.id = ${invoices.customerId} and c.name ilike ${pattern})
      or ${invoices.billTo} ->> 'email' ilike ${pattern} or ${invoices.billTo} ->> 'name' ilike ${pattern})`;
    const number = NUMBER_QUERY.exec(q.replace(/\s+/g, ''));
    if (number) {
      const kind = number[1]?.toLowerCase() === 'cn' ? 'credit_note' : number[1] ? 'invoice' : undefined;
      const byNumber = kind
        ? sql`(${invoices.number} = ${Number(number[2])} and ${invoices.kind} = ${kind})`
        : sql`${invoices.number} = ${Number(number[2])}`;
      where.push(sql`(${byNumber} or ${byText})`);
    } else where.push(byText);
  }
  return where.length > 0 ? and(...where) : undefined;
}

export async function listInvoices(
  db: DbOrTx,
  filter: ListFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = filterOf(filter);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.periodStart), desc(invoices.createdAt), desc(invoices.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [count] = await db.select({ n: sql<string>`count(*)` }).from(invoices).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * The totals of every matching document: invoices issued (void ones too: their credit notes
 * count back) minus credit notes; payments received; and what issued invoices still owe.
 */
export async function listTotals(db: DbOrTx, filter: ListFilter) {
  const where = filterOf(filter);
  const [row] = await rowsOf<{ total: unknown; paid: unknown; outstanding: unknown }>(
    db,
    sql`with m as (select * from invoices where ${where ?? sql`true`}),
      paid as (select invoice_id, sum(amount_minor) as s from payments group by invoice_id),
      credited as (select credit_for, sum(total_minor) as s from invoices where kind = 'credit_note' group by credit_for)
      select
        coalesce(sum(case when m.status = 'draft' then 0 when m.kind = 'credit_note' then -m.total_minor else m.total_minor end), 0) as total,
        coalesce(sum(paid.s), 0) as paid,
        coalesce(sum(case when m.kind = 'invoice' and m.status = 'issued'
          then greatest(0, m.total_minor - coalesce(paid.s, 0) - coalesce(credited.s, 0)) else 0 end), 0) as outstanding
      from m left join paid on paid.invoice_id = m.id left join credited on credited.credit_for = m.id`,
  );
  return {
    totalMinor: Number(row?.total ?? 0),
    paidMinor: Number(row?.paid ?? 0),
    outstandingMinor: Number(row?.outstanding ?? 0),
  };
}

/** Revenue by issue month and plan: issued documents (invoices +, credit notes −), [from, to) instants. */
export async function revenueByMonth(db: DbOrTx, from: Date, to: Date) {
  return rowsOf<{ month: string; plan: string; total: unknown }>(
    db,
    sql`select to_char(date_trunc('month', issued_at at time zone 'UTC'), 'YYYY-MM') as month, plan,
          sum(case when kind = 'credit_note' then -total_minor else total_minor end) as total
        from invoices
        where status <> 'draft' and issued_at >= ${from.toISOString()}::timestamptz
          and issued_at < ${to.toISOString()}::timestamptz
        group by 1, 2`,
  );
}

export async function insertPayment(
  db: DbOrTx,
  payment: {
    invoiceId: string;
    provider: string;
    reference: string | null;
    amountMinor: number;
    paidAt: Date;
    recordedBy: string | null;
  },
) {
  await db.insert(payments).values(payment);
}

/** Records a provider event once: false when it was seen before (a replay). */
export async function recordProviderEvent(
  db: DbOrTx,
  event: { id: string; provider: string; type: string; invoiceId: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** The document was mailed to its billing contact. */
export async function markMailed(db: DbOrTx, id: string, at: Date) {
  await db.update(invoices).set({ mailedAt: at }).where(eq(invoices.id, id));
}
