import { Hono } from 'hono';
import type Stripe from 'stripe';
import { errorBody } from '../http/error-handler';
import type { Payments } from './payments';
import { toPaymentEvent } from './stripe-provider';

/**
 * POST /api/payments/stripe/webhook: the signature is checked on the raw body with the webhook
 * secret (the SDK's 300-second tolerance), then the event goes to the one fulfilment function.
 * Events we do not act on are acknowledged and ignored.
 */
export function stripeWebhookRoutes(payments: Payments) {
  return new Hono().post('/payments/stripe/webhook', async (c) => {
    if (!payments.stripe) return c.json(errorBody('NOT_FOUND', 'Stripe is not configured'), 404);
    const { client, settings } = payments.stripe;
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(
        payload,
        c.req.header('stripe-signature') ?? '',
        settings.webhookSecret,
      );
    } catch {
      return c.json(errorBody('VALIDATION_FAILED', 'Invalid Stripe signature'), 400);
    }
    const paymentEvent = await toPaymentEvent(event, payments.orderOfPayment);
    if (!paymentEvent) return c.json({ received: true, handled: false }, 200);
    const result = await payments.fulfil(paymentEvent);
    return c.json({ received: true, handled: true, changed: result.changed }, 200);
  });
}
