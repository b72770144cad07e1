/**
 * Payment providers. An invoice is paid through one of them:
 *
 * - `bank_transfer` (built in, always there): the main administrator records a transfer by hand
 *   (POST billing/invoices/:id/payments);
 * - `stripe` (when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set): Stripe tells us through
 *   its webhook (POST billing/stripe/webhook). The signature is verified by the official SDK
 *   (`stripe.webhooks.constructEvent`) over the raw body; `invoice.paid` and
 *   `payment_intent.succeeded` carrying our invoice's id in `metadata.invoiceId` record a payment.
 *   Each event is handled once (payment_events), so a replay changes nothing.
 */
import Stripe from 'stripe';

/** Where an invoice's id travels in a Stripe object's metadata. */
export const STRIPE_INVOICE_METADATA_KEY = 'invoiceId';

export interface PaymentProvider {
  readonly id: string;
  readonly label: string;
}

export const BANK_TRANSFER: PaymentProvider = { id: 'bank_transfer', label: 'Bank transfer' };

/** A provider's event that pays one of our invoices. */
export interface ProviderPayment {
  eventId: string;
  type: string;
  /** Our invoice id from the metadata (null: not ours, or not a payment). */
  invoiceId: string | null;
  amountMinor: number;
  currency: string | null;
  /** The provider's id of the paid object (Stripe invoice or payment intent). */
  reference: string | null;
  paidAt: Date;
}

/** The signature did not verify: the webhook answers 400. */
export class WebhookSignatureError extends Error {}

export class StripeProvider implements PaymentProvider {
  readonly id = 'stripe';
  readonly label = 'Stripe';
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
  ) {
    // No call is made to Stripe here: the webhook is verified locally with the signing secret.
    this.stripe = new Stripe(secretKey);
  }

  /** Verifies a webhook's `Stripe-Signature` over the raw body and reads what it pays. */
  parseWebhook(rawBody: Buffer, signature: string | undefined, now: number): ProviderPayment {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.webhookSecret,
        undefined,
        undefined,
        Math.floor(now / 1000),
      );
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature');
    }
    const base = {
      eventId: event.id,
      type: event.type,
      paidAt: new Date(event.created * 1000),
    };
    const ours = (metadata: Stripe.Metadata | null | undefined) => {
      const value = metadata?.[STRIPE_INVOICE_METADATA_KEY];
      return typeof value === 'string' && value !== '' ? value : null;
    };
    if (event.type === 'invoice.paid') {
      const object = event.data.object as Stripe.Invoice;
      return {
        ...base,
        invoiceId: ours(object.metadata),
        amountMinor: object.amount_paid,
        currency: object.currency ?? null,
        reference: object.id ?? null,
      };
    }
    if (event.type === 'payment_intent.succeeded') {
      const object = event.data.object as Stripe.PaymentIntent;
      return {
        ...base,
        invoiceId: ours(object.metadata),
        amountMinor: object.amount_received,
        currency: object.currency ?? null,
        reference: object.id,
      };
    }
    return { ...base, invoiceId: null, amountMinor: 0, currency: null, reference: null };
  }
}

/** The Stripe adapter when both of its settings are there; otherwise none. */
export function stripeProviderOf(env: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}): StripeProvider | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return new StripeProvider(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET);
}
