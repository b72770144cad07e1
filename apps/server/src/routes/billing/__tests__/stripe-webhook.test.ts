import { API_PATHS, apiPath } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentEvents, payments } from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const SECRET = 'whsec_test_cuepoint';
const url = `/api/${API_PATHS.billing.stripeWebhook}`;
/** The SDK's own signing helper (no network): what Stripe would send. */
const stripe = new Stripe('sk_test_cuepoint');

function signed(event: Record<string, unknown>, secret = SECRET) {
  const payload = JSON.stringify(event);
  return {
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
  };
}

const paidEvent = (
  id: string,
  invoiceId: string,
  amount: number,
  type = 'invoice.paid',
  currency = 'usd',
) => ({
  id,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: {
    object:
      type === 'invoice.paid'
        ? { id: `in_${id}`, object: 'invoice', amount_paid: amount, currency, metadata: { invoiceId } }
        : {
            id: `pi_${id}`,
            object: 'payment_intent',
            amount_received: amount,
            currency,
            metadata: { invoiceId },
          },
  },
});

describe('Stripe webhook', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: TestAccount;

  /** An issued invoice of `total` cents (one manual line, no tax). */
  async function issuedInvoice(month: string, amount: number): Promise<string> {
    const created = await app.inject({
      method: 'POST',
      url: `/api/${API_PATHS.billing.invoices}`,
      headers: admin.headers,
      payload: {
        customerId: customer.customer.id,
        month,
        manualLines: [{ description: 'Flat fee', quantity: '1', rateMinor: amount }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const issued = await app.inject({
      method: 'POST',
      url: `/api/${apiPath(API_PATHS.billing.issue, { id })}`,
      headers: admin.headers,
    });
    expect(issued.statusCode).toBe(200);
    return id;
  }

  beforeAll(async () => {
    app = await testApp({ env: { STRIPE_SECRET_KEY: 'sk_test_cuepoint', STRIPE_WEBHOOK_SECRET: SECRET } });
    admin = await loginAs(app, 'admin');
    customer = await createAccount(app, { customer: { paymentCustomerId: 'cus_stripe' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks the invoice paid on a valid invoice.paid, once however often it is replayed', async () => {
    const invoiceId = await issuedInvoice('2026-01', 5000);
    const event = signed(paidEvent('evt_paid_1', invoiceId, 5000));
    const first = await app.inject({ method: 'POST', url, ...event });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.status).toBe('paid');
    const replay = await app.inject({
      method: 'POST',
      url,
      ...signed(paidEvent('evt_paid_1', invoiceId, 5000)),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    const rows = await app.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(rows.map((p) => [p.provider, p.amountMinor, p.reference])).toEqual([
      ['stripe', 5000, 'in_evt_paid_1'],
    ]);
  });

  it('records a partial payment_intent.succeeded and stays issued until the rest arrives', async () => {
    const invoiceId = await issuedInvoice('2026-02', 8000);
    const part = await app.inject({
      method: 'POST',
      url,
      ...signed(paidEvent('evt_pi_1', invoiceId, 3000, 'payment_intent.succeeded')),
    });
    expect(part.json()).toEqual({ received: true, outcome: 'recorded' });
    const rest = await app.inject({
      method: 'POST',
      url,
      ...signed(paidEvent('evt_pi_2', invoiceId, 5000, 'payment_intent.succeeded')),
    });
    expect(rest.json()).toEqual({ received: true, outcome: 'paid' });
  });

  it('books no payment in another currency: 10,000 yen are not $100.00', async () => {
    const invoiceId = await issuedInvoice('2025-12', 10_000);
    const yen = await app.inject({
      method: 'POST',
      url,
      ...signed(paidEvent('evt_jpy', invoiceId, 10_000, 'invoice.paid', 'jpy')),
    });
    expect(yen.json()).toEqual({ received: true, outcome: 'ignored' });
    const invoice = await app.inject({
      url: `/api/${API_PATHS.billing.invoices}/${invoiceId}`,
      headers: admin.headers,
    });
    expect(invoice.json()).toMatchObject({ status: 'issued', paidMinor: 0 });
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const invoiceId = await issuedInvoice('2026-03', 4000);
    const forged = signed(paidEvent('evt_forged', invoiceId, 4000), 'whsec_someone_else');
    const res = await app.inject({ method: 'POST', url, ...forged });
    expect(res.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(paidEvent('evt_unsigned', invoiceId, 4000)),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing.
    const good = signed(paidEvent('evt_tampered', invoiceId, 1));
    const tampered = await app.inject({
      method: 'POST',
      url,
      headers: good.headers,
      payload: good.payload.replace('"amount_paid":1', '"amount_paid":4000'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await app.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toEqual([]);
    expect(await app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('answers 200 and ignores an event for an unknown invoice or of another type', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url,
      ...signed(paidEvent('evt_unknown', '00000000-0000-4000-8000-000000000000', 100)),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
    const notOurs = await app.inject({
      method: 'POST',
      url,
      ...signed(paidEvent('evt_not_ours', 'not-a-uuid', 100)),
    });
    expect(notOurs.json().outcome).toBe('ignored');
    const other = await app.inject({
      method: 'POST',
      url,
      ...signed({
        id: 'evt_other',
        object: 'event',
        type: 'customer.created',
        created: 1,
        data: { object: {} },
      }),
    });
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
