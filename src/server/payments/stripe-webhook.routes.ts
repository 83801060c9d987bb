import { Hono } from 'hono';
import { errorResponse } from '../http/error-handler';
import type { Payments } from './payments';

/**
 * POST /api/payments/stripe/webhook: the signature is checked on the raw body with the webhook
 * secret (the SDK's 300-second tolerance), then the event goes to the one fulfilment function.
 * Events we do not act on, or cannot use (no order of ours), are acknowledged and ignored; a
 * signed body that is not JSON is refused with 400. Never a 500 that Stripe would retry for days.
 */
export function stripeWebhookRoutes(payments: Payments) {
  return new Hono().post('/payments/stripe/webhook', async (c) => {
    if (!payments.stripe) return errorResponse(c, 'NOT_FOUND', 'Stripe is not configured');
    const { client, settings } = payments.stripe;
    const payload = await c.req.text();
    let event: unknown;
    try {
      event = client.webhooks.constructEvent(
        payload,
        c.req.header('stripe-signature') ?? '',
        settings.webhookSecret,
      );
    } catch (err) {
      // The SDK parses the body once the signature matched: a SyntaxError is a signed non-JSON body.
      const message =
        err instanceof SyntaxError ? 'The event is not JSON' : 'Invalid Stripe signature';
      return errorResponse(c, 'BAD_REQUEST', message);
    }
    const { handled, changed } = await payments.receiveStripeEvent(event);
    return c.json(
      handled ? { received: true, handled, changed } : { received: true, handled },
      200,
    );
  });
}
