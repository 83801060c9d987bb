import Stripe from 'stripe';
import type { StripeSettings } from '../config';
import type { PaymentEvent, PaymentOutcome, PaymentProvider } from './payment-provider';

/** The store's Stripe client; `api` points it elsewhere (the tests' local stand-in). */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(settings.api ?? {}),
  });
}

/**
 * Stripe Checkout Sessions, embedded (a client secret for EmbeddedCheckout) or hosted (a URL),
 * priced from the order: one line per item, the tax as its own line, and the promo discount as
 * a one-use coupon of exactly the order's discount, so Stripe charges the order's total.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createSession({ order, lines, uiMode, successUrl, cancelUrl }) {
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
        ...(uiMode === 'embedded'
          ? { return_url: successUrl }
          : { success_url: successUrl, cancel_url: cancelUrl }),
      });
      return { sessionId: session.id, clientSecret: session.client_secret, url: session.url };
    },
    async retrieveCompletion(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return sessionEvent(session, `${session.id}:paid`, 'completed');
    },
  };
}

const paymentIntentId = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string'
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);

function sessionEvent(
  session: Stripe.Checkout.Session,
  id: string,
  outcome: PaymentOutcome,
): PaymentEvent | null {
  const orderId = session.metadata?.orderId;
  if (!orderId) return null;
  if (outcome === 'completed' && session.payment_status === 'unpaid') return null;
  return { id, provider: 'stripe', outcome, orderId, paymentId: paymentIntentId(session) };
}

/**
 * What a verified Stripe event means for an order, or null for events we ignore. A refund names
 * its payment intent; `orderOfPayment` finds the order that was paid with it.
 */
export async function toPaymentEvent(
  event: Stripe.Event,
  orderOfPayment: (paymentIntentId: string) => Promise<string | null>,
): Promise<PaymentEvent | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionEvent(event.data.object, event.id, 'completed');
    case 'checkout.session.async_payment_failed':
      return sessionEvent(event.data.object, event.id, 'failed');
    case 'checkout.session.expired':
      return sessionEvent(event.data.object, event.id, 'expired');
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      const orderId = charge.metadata?.orderId || (intent ? await orderOfPayment(intent) : null);
      return orderId ? { id: event.id, provider: 'stripe', outcome: 'refunded', orderId } : null;
    }
    default:
      return null;
  }
}
