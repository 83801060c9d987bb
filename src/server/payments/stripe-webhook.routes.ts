import { Hono } from 'hono';
import type { Services } from '../services';
import { receiveStripeWebhook } from './stripe-webhook.service';

/** POST /api/payments/stripe/webhook: a signed Stripe event (receiveStripeWebhook). */
export function stripeWebhookRoutes({
  payments,
  changes,
  db,
}: Pick<Services, 'payments' | 'changes' | 'db'>) {
  return new Hono().post('/payments/stripe/webhook', async (c) => {
    const { handled, changed, refunded } = await receiveStripeWebhook(
      payments,
      await c.req.text(),
      c.req.header('stripe-signature'),
    );
    // A refund hid the reviews of its lines: the catalogue's ratings changed, as an owner's
    // refund in the admin announces (admin-orders.routes.ts).
    if (refunded) {
      changes.notify();
      await changes.announce(db);
    }
    return c.json(
      handled ? { received: true, handled, changed } : { received: true, handled },
      200,
    );
  });
}
