import { Hono } from 'hono';
import type { Services } from '../services';
import { receiveStripeWebhook } from './stripe-webhook.service';

/** POST /api/payments/stripe/webhook: a signed Stripe event (receiveStripeWebhook). */
export function stripeWebhookRoutes({ payments }: Pick<Services, 'payments'>) {
  return new Hono().post('/payments/stripe/webhook', async (c) => {
    const { handled, changed } = await receiveStripeWebhook(
      payments,
      await c.req.text(),
      c.req.header('stripe-signature'),
    );
    return c.json(
      handled ? { received: true, handled, changed } : { received: true, handled },
      200,
    );
  });
}
