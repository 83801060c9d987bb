import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { StripeSettings } from '../config';
import { AppError } from '../http/app-error';
import type { PaymentEvent, PaymentProvider, RefundRequest } from './payment-provider';
import { sessionEvent, sessionObject } from './stripe-events';

/**
 * Stripe refuses a session ending less than 30 minutes after its own clock's now: the order's
 * 30-minute session is asked for with a minute more, for the request's way there and the clocks.
 */
const STRIPE_SHORTEST_SESSION_MS = 31 * 60 * 1000;

/**
 * Stripe's library, loaded only by a store that uses Stripe: it is 218 modules, an eighth of what
 * a server loads at start, and a store on the test processor never needs it.
 */
const loadStripe = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

/** The store's Stripe client; `api` points it elsewhere (the tests' local stand-in). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const StripeClient = loadStripe();
  return new StripeClient(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(settings.api ?? {}),
  });
}

/** A session read with the card it was paid with (its payment intent's payment method). */
const retrieveWithCard = (stripe: Stripe, sessionId: string) =>
  stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] });

/**
 * The card a paid session was paid with, as Stripe reports it (brand and last four), or null
 * when it was paid another way. A webhook's session names only its payment intent's id.
 */
export async function stripeSessionCard(
  stripe: Stripe,
  sessionId: string,
): Promise<PaymentEvent['card']> {
  const session = sessionObject.safeParse(await retrieveWithCard(stripe, sessionId));
  return session.success ? (session.data.payment_intent?.card ?? null) : null;
}

/** Stripe's tax code for electronically supplied services: downloads, plugins and software. */
export const DIGITAL_GOODS_TAX_CODE = 'txcd_10000000';

/**
 * Stripe Checkout Sessions, embedded (a client secret for EmbeddedCheckout) or hosted (a URL),
 * priced from the order: one line per item, tax added to tax-exclusive prices as its own line
 * (named by the rule: 'VAT 19%'; inside tax-inclusive prices it needs none), and the promo
 * discount as a one-use coupon of exactly the order's discount, so Stripe charges the order's total.
 *
 * With Stripe Tax (`automaticTax`) Stripe decides the tax instead: no tax line, Checkout's
 * automatic tax on (embedded and hosted alike), each line a digital service priced tax-exclusive
 * or tax-inclusive as the order is, and the billing address Stripe needs collected by Checkout.
 * The order takes Stripe's figures when the session completes (stripe-events.ts).
 */
export function createStripeProvider(
  stripe: Stripe,
  { automaticTax = false }: { automaticTax?: boolean } = {},
): PaymentProvider {
  return {
    name: 'stripe',
    async createSession({ order, lines, taxLabel, uiMode, expiresAt, successUrl, cancelUrl }) {
      const coupon =
        order.discountCents > 0
          ? await stripe.coupons.create({
              amount_off: order.discountCents,
              currency: order.currency,
              duration: 'once',
              max_redemptions: 1,
              name: order.promoCode ?? 'Discount',
            })
          : null;
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        ui_mode: uiMode === 'embedded' ? 'embedded_page' : 'hosted_page',
        customer_email: order.email,
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        line_items: [
          ...lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: order.currency,
              unit_amount: line.unitPriceCents,
              product_data: {
                name: line.name,
                ...(automaticTax ? { tax_code: DIGITAL_GOODS_TAX_CODE } : {}),
              },
              ...(automaticTax
                ? { tax_behavior: order.pricesIncludeTax ? 'inclusive' : 'exclusive' }
                : {}),
            },
          })),
          ...(order.taxCents > 0 && !order.pricesIncludeTax && !automaticTax
            ? [
                {
                  quantity: 1,
                  price_data: {
                    currency: order.currency,
                    unit_amount: order.taxCents,
                    product_data: { name: taxLabel },
                  },
                },
              ]
            : []),
        ],
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        ...(automaticTax
          ? { automatic_tax: { enabled: true }, billing_address_collection: 'required' }
          : {}),
        // Stripe's own default is 24 hours; the session ends with the order instead.
        expires_at: Math.ceil(
          Math.max(expiresAt.getTime(), Date.now() + STRIPE_SHORTEST_SESSION_MS) / 1000,
        ),
        ...(uiMode === 'embedded'
          ? { return_url: successUrl }
          : { success_url: successUrl, cancel_url: cancelUrl }),
      });
      return { sessionId: session.id, clientSecret: session.client_secret, url: session.url };
    },
    async retrieveCompletion(sessionId) {
      const session = sessionObject.safeParse(await retrieveWithCard(stripe, sessionId));
      if (!session.success) return null;
      const reading = sessionEvent(session.data, `${session.data.id}:paid`, 'completed');
      return reading.kind === 'payment' ? reading.event : null;
    },
    // An embedded session has no URL: only a session made for the hosted page has one.
    async hostedUrlOf(sessionId) {
      return (await stripe.checkout.sessions.retrieve(sessionId)).url;
    },
    async expireSession(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
  };
}

/** Stripe keeps a metadata value to 500 characters: thirteen line ids. */
const STRIPE_METADATA_VALUE_MAX = 500;

/**
 * Refunds part or all of a paid order through Stripe's refund API, naming the order and its lines
 * in the refund's metadata so its refund.* events say the same. The same request sent twice (a
 * double click, a retry) is one refund: Stripe's idempotency key is the order, what it had
 * refunded and the lines. Answers the refund as fulfilment's event.
 */
export async function stripeRefund(
  stripe: Stripe,
  { order, amountCents, orderItemIds }: RefundRequest,
): Promise<PaymentEvent> {
  if (!order.providerPaymentId)
    throw new AppError('CONFLICT', 'This order has no Stripe payment to refund.');
  const lines = orderItemIds.join(',');
  const key = createHash('sha256')
    .update(`${order.id}:${order.refundedCents}:${[...orderItemIds].sort().join(',')}`)
    .digest('hex');
  const refund = await stripe.refunds
    .create(
      {
        payment_intent: order.providerPaymentId,
        amount: amountCents,
        metadata: {
          orderId: order.id,
          ...(lines.length <= STRIPE_METADATA_VALUE_MAX ? { orderItemIds: lines } : {}),
        },
      },
      { idempotencyKey: `refund-${key}` },
    )
    .catch((err: unknown) => {
      // Stripe's refusal (already refunded, a disputed charge) is told to the owner as it is.
      if (err instanceof loadStripe().errors.StripeInvalidRequestError)
        throw new AppError('CONFLICT', `Stripe refused the refund: ${err.message}`);
      throw err;
    });
  if (refund.status === 'failed' || refund.status === 'canceled')
    throw new AppError('CONFLICT', `Stripe did not refund the payment (${refund.status}).`);
  return {
    id: `${refund.id}:requested`,
    provider: 'stripe',
    outcome: 'refunded',
    orderId: order.id,
    refund: { id: refund.id, amountCents: refund.amount, orderItemIds },
  };
}
