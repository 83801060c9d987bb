import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { AppError } from '#server/http/app-error';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import type { PaymentEvent } from '#server/payments/payment-provider';
import { createPayments, type Payments } from '#server/payments/payments';
import { createOrder, createProduct } from '#tests/support/factories';
import { TEST_SIGNING_KEYS, testAppConfig } from '#tests/support/test-app';
import { createTestDatabase } from '#tests/support/test-database';
import { confirmCheckoutSession } from './checkout.service';

let database: Database;
let payments: Payments;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testAppConfig(mkdtempSync(join(tmpdir(), 'loopmarket-test-')));
  const logger = createLogger('silent');
  payments = createPayments(
    { publicUrl: config.publicUrl, keys: TEST_SIGNING_KEYS, stripe: null },
    database.db,
    createMailer(config, logger),
    logger,
  );
});
afterAll(() => database.close());

/** A provider that reports the sessions in `paid` as paid, as Stripe's retrieve would. */
function providerReporting(paid: Map<string, PaymentEvent>) {
  const asked: string[] = [];
  return {
    asked,
    async retrieveCompletion(sessionId: string) {
      asked.push(sessionId);
      return paid.get(sessionId) ?? null;
    },
  };
}

async function pendingOrder(sessionId: string) {
  const product = await createProduct(database.db, { priceCents: 2500 });
  return createOrder(database.db, product, { providerSessionId: sessionId, provider: 'stripe' });
}

describe('confirmCheckoutSession', () => {
  it('refuses a session of no order of ours without asking the provider', async () => {
    const provider = providerReporting(new Map());
    const confirming = confirmCheckoutSession(
      { db: database.db, provider, fulfil: payments.fulfil },
      'cs_test_unknown',
    );
    await expect(confirming).rejects.toBeInstanceOf(AppError);
    await expect(confirming).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(provider.asked).toEqual([]);
  });

  it('answers an unpaid session with its PENDING order', async () => {
    const { order, item } = await pendingOrder('cs_test_unpaid');
    const provider = providerReporting(new Map());
    const view = await confirmCheckoutSession(
      { db: database.db, provider, fulfil: payments.fulfil },
      'cs_test_unpaid',
    );
    expect(provider.asked).toEqual(['cs_test_unpaid']);
    expect(view).toMatchObject({ id: order.id, status: 'PENDING', totalCents: 2500 });
    expect(view.items.map((line) => line.id)).toEqual([item.id]);
  });

  it('completes a session the provider reports paid, through fulfilment, once', async () => {
    const { order } = await pendingOrder('cs_test_paid');
    const completion: PaymentEvent = {
      id: 'evt_test_paid',
      provider: 'stripe',
      outcome: 'completed',
      orderId: order.id,
      paymentId: 'pi_test_paid',
      sessionId: 'cs_test_paid',
    };
    const provider = providerReporting(new Map([['cs_test_paid', completion]]));
    const fulfilled: PaymentEvent[] = [];
    const deps = {
      db: database.db,
      provider,
      fulfil: (event: PaymentEvent) => {
        fulfilled.push(event);
        return payments.fulfil(event);
      },
    };

    const view = await confirmCheckoutSession(deps, 'cs_test_paid');
    expect(view).toMatchObject({ id: order.id, status: 'COMPLETED' });
    expect(view.completedAt).not.toBeNull();

    // The success page reloaded: the same event again changes nothing.
    const again = await confirmCheckoutSession(deps, 'cs_test_paid');
    expect(again).toMatchObject({ status: 'COMPLETED', completedAt: view.completedAt });
    expect(fulfilled).toEqual([completion, completion]);
  });
});
