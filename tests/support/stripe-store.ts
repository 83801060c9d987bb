import Stripe from 'stripe';
import { startStripeStandIn } from './stripe-stand-in';
import { createTestContext, type TestContext } from './test-app';

/** The webhook secret the Stripe test stores sign their events with. */
export const STANDIN_WEBHOOK_SECRET = 'whsec_test_standin';
const signer = new Stripe('sk_test_standin');

/**
 * A test store that pays through the real Stripe SDK pointed at the local stand-in, and a way
 * to send it Stripe's signed webhook events.
 */
export async function stripeTestStore({ automaticTax = false }: { automaticTax?: boolean } = {}) {
  const standIn = await startStripeStandIn();
  const ctx: TestContext = await createTestContext({
    config: {
      stripe: {
        secretKey: 'sk_test_standin',
        webhookSecret: STANDIN_WEBHOOK_SECRET,
        publishableKey: 'pk_test_standin',
        automaticTax,
        api: standIn.api,
      },
    },
  });
  return {
    ctx,
    standIn,
    /** Posts `event` to the store's webhook, signed with `secret` (the store's, unless given). */
    webhook(event: object, secret = STANDIN_WEBHOOK_SECRET) {
      const payload = JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret });
      return ctx.app.request('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'stripe-signature': header, 'content-type': 'application/json' },
        body: payload,
      });
    },
    async close() {
      await ctx.close();
      await standIn.close();
    },
  };
}
