import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { orders } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { createPayments, type Payments } from './payments';
import { createOrder, createProduct } from '#tests/support/factories';
import { TEST_SIGNING_KEYS, testAppConfig } from '#tests/support/test-app';
import { createTestDatabase } from '#tests/support/test-database';
import { receiveStripeWebhook } from './stripe-webhook.service';

const WEBHOOK_SECRET = 'whsec_test_service';
const stripeSettings = {
  secretKey: 'sk_test_service',
  webhookSecret: WEBHOOK_SECRET,
  publishableKey: 'pk_test_service',
};
const signer = new Stripe('sk_test_service');
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

let database: Database;
const paymentsWith = (stripe: typeof stripeSettings | null): Payments => {
  const config = testAppConfig(mkdtempSync(join(tmpdir(), 'loopmarket-test-')));
  const logger = createLogger('silent');
  return createPayments(
    { publicUrl: config.publicUrl, keys: TEST_SIGNING_KEYS, stripe },
    database.db,
    createMailer(config, logger),
    logger,
  );
};
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('receiveStripeWebhook', () => {
  it('answers NOT_FOUND when Stripe is not configured', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created' });
    await expect(
      receiveStripeWebhook(paymentsWith(null), payload, sign(payload)),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Stripe is not configured' });
  });

  it.each([
    ['a missing signature', undefined],
    ['another secret', sign('{}', 'whsec_someone_else')],
  ])('refuses %s as BAD_REQUEST', async (_, signature) => {
    await expect(
      receiveStripeWebhook(paymentsWith(stripeSettings), '{}', signature),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid Stripe signature' });
  });

  it('refuses a signed body that is not JSON as BAD_REQUEST', async () => {
    const payload = 'not json';
    await expect(
      receiveStripeWebhook(paymentsWith(stripeSettings), payload, sign(payload)),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The event is not JSON' });
  });

  it('acknowledges an event type the store does not act on', async () => {
    const payload = JSON.stringify({ id: 'evt_2', object: 'event', type: 'customer.created' });
    expect(
      await receiveStripeWebhook(paymentsWith(stripeSettings), payload, sign(payload)),
    ).toEqual({ handled: false, changed: false });
  });

  it('completes the order of a paid Checkout Session, once', async () => {
    const product = await createProduct(database.db);
    const { order } = await createOrder(database.db, product, {
      provider: 'stripe',
      providerSessionId: 'cs_test_webhook',
    });
    const payload = JSON.stringify({
      id: 'evt_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_webhook',
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_webhook',
          metadata: { orderId: order.id },
        },
      },
    });
    const payments = paymentsWith(stripeSettings);
    expect(await receiveStripeWebhook(payments, payload, sign(payload))).toEqual({
      handled: true,
      changed: true,
      refunded: false,
    });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'COMPLETED', providerPaymentId: 'pi_webhook' });
    // Stripe delivers again: acknowledged, nothing changes.
    expect(await receiveStripeWebhook(payments, payload, sign(payload))).toMatchObject({
      changed: false,
    });
  });
});
