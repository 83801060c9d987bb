import Stripe from 'stripe';
import type { StripeSettings } from '../config';
import type { PaymentEvent, PaymentProvider } from './payment-provider';
import { sessionEvent, sessionObject } from './stripe-events';

/**
 * Stripe refuses a session ending less than 30 minutes after its own clock's now: a capped promo
 * code's 30-minute hold is asked for with a minute more, for the request's way there.
 */
const STRIPE_SHORTEST_SESSION_MS = 31 * 60 * 1000;

/** The store's Stripe client; `api` points it elsewhere (the tests' local stand-in). */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
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

/**
 * Stripe Checkout Sessions, embedded (a client secret for EmbeddedCheckout) or hosted (a URL),
 * priced from the order: one line per item, the tax as its own line, and the promo discount as
 * a one-use coupon of exactly the order's discount, so Stripe charges the order's total.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createSession({ order, lines, uiMode, expiresAt, successUrl, cancelUrl }) {
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
              product_data: { name: line.name },
            },
          })),
          ...(order.taxCents > 0
            ? [
                {
                  quantity: 1,
                  price_data: {
                    currency: order.currency,
                    unit_amount: order.taxCents,
                    product_data: { name: 'Tax (8%)' },
                  },
                },
              ]
            : []),
        ],
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        ...(expiresAt
          ? {
              expires_at: Math.ceil(
                Math.max(expiresAt.getTime(), Date.now() + STRIPE_SHORTEST_SESSION_MS) / 1000,
              ),
            }
          : {}),
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
