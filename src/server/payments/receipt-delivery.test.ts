import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orderNumber } from '#shared/checkout';
import { orders, outboxEmails, paymentEvents } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createMailer, type Mailer } from '#server/mail/mailer';
import { createMailWorker, startMailWorker, type MailWorker } from '#server/mail/mail-worker';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { closedPort, startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { createSharedTestDatabase } from '#tests/support/test-database';
import { createTestContext, testAppConfig, type TestContext } from '#tests/support/test-app';

const logger = createLogger('silent');
const goodCard = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada',
};

const contexts: TestContext[] = [];
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
let removeDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await worker?.stop();
  await Promise.all(contexts.splice(0).map((ctx) => ctx.close()));
  await sink?.close();
  await removeDatabase?.();
  worker = sink = removeDatabase = undefined;
});

async function context(overrides: Parameters<typeof createTestContext>[0]) {
  const ctx = await createTestContext(overrides);
  contexts.push(ctx);
  return ctx;
}

/** A guest buys one product with the test card; resolves to the answer and the order. */
async function purchase(ctx: TestContext, productId: string, email: string) {
  const browser = new TestBrowser(ctx);
  const checkout = await browser.request('/api/checkout/sessions', {
    body: { customerEmail: email, items: [{ productId, quantity: 1 }] },
  });
  const { sessionId, orderId } = checkout.body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
    body: goodCard,
  });
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return { paid, order: order! };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const receiptSubject = (number: string) => `Subject: Your Loopmarket order ${number}`;

describe('receipts', () => {
  it('reach every buyer exactly once when the mail server was down during ten purchases', async () => {
    const port = await closedPort();
    const ctx = await context({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    const { db } = ctx.database;
    worker = startMailWorker({
      db,
      mailer: ctx.mailer,
      logger,
      pollMs: 50,
      retryBaseMs: 20,
      retryMaxMs: 200,
      maxAttempts: 10_000,
    });
    const product = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });

    const orderNumbers: string[] = [];
    for (let n = 0; n < 10; n++) {
      const { paid, order } = await purchase(ctx, product.id, `buyer${n}@example.com`);
      expect(paid.status).toBe(200);
      expect(order.status).toBe('COMPLETED');
      orderNumbers.push(orderNumber(order.id));
    }
    // The worker tried each receipt and the mail server refused the connection.
    await eventually(async () => {
      const rows = await db.select().from(outboxEmails);
      return rows.length === 10 && rows.every((row) => row.attempts >= 1 && row.lastError);
    });
    expect((await db.select().from(outboxEmails)).every((row) => row.status === 'queued')).toBe(
      true,
    );

    sink = await startSmtpSink(port);
    await eventually(() => sink!.received.length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(10);
    for (const number of orderNumbers) {
      const copies = sink.received.filter((m) => m.raw.includes(receiptSubject(number)));
      expect(copies, number).toHaveLength(1);
    }
    expect((await db.select().from(outboxEmails)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('still goes out after a crash between the payment and the send, once', async () => {
    sink = await startSmtpSink();
    const shared = await createSharedTestDatabase();
    removeDatabase = shared.remove;
    const config = { smtpUrl: `smtp://127.0.0.1:${sink.port}` };

    // The process that takes the payment dies before any worker sent the receipt.
    const before = await createTestContext({ database: await shared.open(), config });
    const product = await createProduct(before.database.db, { name: 'Synth', priceCents: 4999 });
    const { paid, order } = await purchase(before, product.id, 'crash@example.com');
    expect(paid.status).toBe(200);
    expect(order.status).toBe('COMPLETED');
    // Nothing is sent on the request's path.
    expect(sink.received).toHaveLength(0);
    await before.close();

    // The restarted store.
    const after = await context({ database: await shared.open(), config });
    const restarted = createMailWorker({ db: after.database.db, mailer: after.mailer, logger });
    expect(await restarted.drainOnce()).toBe(1);
    expect(await restarted.drainOnce()).toBe(0);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual(['crash@example.com']);
    expect(sink.received[0]?.raw).toContain(receiptSubject(orderNumber(order.id)));
    // Two opens of the embedded database from its files: past 30 s on a machine at load 10.
  }, 120_000);

  it('is written with the payment or not at all: an order is never paid without its receipt', async () => {
    let queueBroken = true;
    const working = createMailer(testAppConfig(''), logger);
    const mailer: Mailer = {
      ...working,
      enqueue: (db, message) =>
        queueBroken ? Promise.reject(new Error('disk full')) : working.enqueue(db, message),
    };
    const ctx = await context({ mailer });
    const { db } = ctx.database;
    const product = await createProduct(db, { name: 'Keys', priceCents: 1999 });

    const failed = await purchase(ctx, product.id, 'atomic@example.com');
    expect(failed.paid.status).toBe(500);
    expect(failed.order.status).toBe('PENDING');
    expect(await db.select().from(outboxEmails)).toHaveLength(0);
    // The event was not kept either, so the provider's retry is not taken for a replay.
    expect(await db.select().from(paymentEvents)).toHaveLength(0);

    queueBroken = false;
    const browser = new TestBrowser(ctx);
    const sessionId = failed.order.providerSessionId!;
    const retried = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
      body: goodCard,
    });
    expect(retried.status).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.id, failed.order.id));
    expect(order?.status).toBe('COMPLETED');
    const receipts = await db.select().from(outboxEmails);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: 'atomic@example.com', status: 'queued' });
  });
});
