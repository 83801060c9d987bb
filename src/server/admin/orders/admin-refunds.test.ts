import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { adminOrderMessages } from '#shared/admin-orders';
import {
  adminAudit,
  orderItems,
  orders,
  outboxEmails,
  promoCodeProducts,
  promoCodes,
  refunds,
  type ProductRow,
} from '#server/db/schema';
import { signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { signEvent } from '../../payments/signed-event';

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

let drums: ProductRow;
let keys: ProductRow;
test.beforeEach(async ({ db }) => {
  drums = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
  keys = await createProduct(db, { name: 'Keys Pack', priceCents: 999 });
});

/**
 * A customer's paid order of both packs through the test processor: $39.98 + 8% tax = $43.18,
 * the drums' line paid $32.39 of it and the keys' $10.79.
 */
async function paidOrder(db: Db, app: TestContext) {
  const { browser } = await signedInBrowser(app, 'buyer@example.com');
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        items: [
          { productId: drums.id, quantity: 1 },
          { productId: keys.id, quantity: 1 },
        ],
      },
    })
  ).body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
  const lineOf = (product: ProductRow) => lines.find((l) => l.productId === product.id)!.id;
  return { browser, orderId: session.orderId, drumsLine: lineOf(drums), keysLine: lineOf(keys) };
}

const refund = (admin: TestBrowser, orderId: string, orderItemIds?: string[]) =>
  admin.request(`/api/admin/orders/${orderId}/refunds`, {
    body: orderItemIds ? { orderItemIds } : {},
  });
const orderRow = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const purchasedProducts = async (browser: TestBrowser) =>
  ((await browser.request('/api/purchases')).body as { data: { productId: string }[] }).data.map(
    (p) => p.productId,
  );

describe('POST /api/admin/orders/:id/refunds (the test processor)', () => {
  it('refunds one line: its share back, its access ended, the other line kept', async ({
    app,
    db,
    admin,
  }) => {
    const { browser, orderId, drumsLine, keysLine } = await paidOrder(db, app);
    expect(await orderRow(db, orderId)).toMatchObject({ totalCents: 4318, status: 'COMPLETED' });

    const answer = await refund(admin, orderId, [keysLine]);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      refund: { amountCents: 1079, orderItemIds: [keysLine] },
      order: { id: orderId, status: 'COMPLETED', totalCents: 4318, refundedCents: 1079 },
    });
    expect((answer.body as { refund: { id: string } }).refund.id).toMatch(/^lre_/);

    // The buyer keeps the drums, and can no longer fetch the keys.
    expect(await purchasedProducts(browser)).toEqual([drums.id]);
    const keysDownload = await browser.request('/api/downloads', {
      body: { orderItemId: keysLine },
    });
    expect(keysDownload.status).toBe(400);
    expect(keysDownload.body).toMatchObject({ error: { code: 'NO_DOWNLOADS_REMAINING' } });
    const [drumsRow] = await db.select().from(orderItems).where(eq(orderItems.id, drumsLine));
    expect(drumsRow).toMatchObject({ refundedAt: null, downloadsRemaining: drums.downloadLimit });
    const owns = async (product: ProductRow) =>
      (
        (await browser.request(`/api/purchases/${product.id}/status`)).body as {
          isPurchased: boolean;
        }
      ).isPurchased;
    expect([await owns(drums), await owns(keys)]).toEqual([true, false]);

    // Recorded once, and in the audit log with its author.
    expect(await db.select().from(refunds)).toEqual([
      expect.objectContaining({
        orderId,
        provider: 'local',
        amountCents: 1079,
        orderItemIds: [keysLine],
      }),
    ]);
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.entityId, orderId));
    expect(entry).toMatchObject({
      action: 'refund',
      entityType: 'order',
      changes: { refundedCents: [0, 1079], refundedLines: [[], [keysLine]] },
    });

    // The same line again is refused; the rest of the order refunds what is left.
    const again = await refund(admin, orderId, [keysLine]);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: adminOrderMessages.lineAlreadyRefunded },
    });
    const rest = await refund(admin, orderId);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({
      refund: { amountCents: 3239, orderItemIds: [drumsLine] },
      order: { status: 'REFUNDED', refundedCents: 4318 },
    });
    expect(await purchasedProducts(browser)).toEqual([]);

    const after = await refund(admin, orderId);
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({
      error: { code: 'CONFLICT', message: adminOrderMessages.notRefundable },
    });
  });

  it('tells the buyer of each refund: the amount and the lines it named, once', async ({
    app,
    db,
    admin,
  }) => {
    const { orderId, keysLine } = await paidOrder(db, app);
    const notices = async () =>
      (await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'buyer@example.com')))
        .filter((mail) => mail.subject.startsWith('Your refund'))
        .map((mail) => mail.text);

    expect((await refund(admin, orderId, [keysLine])).status).toBe(201);
    const [first, ...none] = await notices();
    expect(none).toEqual([]);
    expect(first).toMatch(/We refunded \$10\.79 of your order \S+ to the card you paid with/);
    expect(first).toContain('Refunded: Keys Pack × 1');
    expect(first).not.toContain('Drum Pack');

    expect((await refund(admin, orderId)).status).toBe(201);
    const second = (await notices())[1]!;
    expect(second).toContain('We refunded $32.39');
    expect(second).toContain('Refunded: Drum Pack × 1');
    expect(second).toContain('The whole order is refunded');
    expect(await notices()).toHaveLength(2);
  });

  it('refunds a line a scoped fixed code discounted by its discounted amount', async ({
    app,
    db,
    admin,
  }) => {
    await db.insert(promoCodes).values({ code: 'DRUMS10', amountOffCents: 1000 });
    await db.insert(promoCodeProducts).values({ code: 'DRUMS10', productId: drums.id });
    const { browser } = await signedInBrowser(app, 'saver@example.com');
    const session = (
      await browser.request('/api/checkout/sessions', {
        body: {
          checkoutType: 'direct',
          promoCode: 'drums10',
          items: [
            { productId: drums.id, quantity: 1 },
            { productId: keys.id, quantity: 1 },
          ],
        },
      })
    ).body as { sessionId: string; orderId: string };
    await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
      body: goodCard,
    });
    // $39.98 less $10.00 off the drums, 8% on $29.98: the drums paid $19.99 + $1.60.
    expect(await orderRow(db, session.orderId)).toMatchObject({
      status: 'COMPLETED',
      discountCents: 1000,
      totalCents: 3238,
    });
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
    const drumsLine = lines.find((l) => l.productId === drums.id)!;
    expect(drumsLine).toMatchObject({ discountCents: 1000, taxCents: 160 });
    const answer = await refund(admin, session.orderId, [drumsLine.id]);
    expect(answer.body).toMatchObject({ refund: { amountCents: 2159 } });
    const rest = await refund(admin, session.orderId);
    expect(rest.body).toMatchObject({
      refund: { amountCents: 1079 },
      order: { status: 'REFUNDED' },
    });
  });

  it('refunds a whole order when no line is named', async ({ app, db, admin }) => {
    const { browser, orderId } = await paidOrder(db, app);
    const answer = await refund(admin, orderId);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ order: { status: 'REFUNDED', refundedCents: 4318 } });
    expect(await purchasedProducts(browser)).toEqual([]);
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.every((l) => l.refundedAt && l.downloadsRemaining === 0)).toBe(true);
  });

  it('gives a line back once when two refunds of it race', async ({ app, db, admin }) => {
    const { orderId, keysLine } = await paidOrder(db, app);
    const answers = await Promise.all([
      refund(admin, orderId, [keysLine]),
      refund(admin, orderId, [keysLine]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await orderRow(db, orderId)).refundedCents).toBe(1079);
    expect(await db.select().from(refunds)).toHaveLength(1);
  });

  it('refuses a line of another order, an unknown order and an unpaid one', async ({
    app,
    db,
    admin,
  }) => {
    const { orderId } = await paidOrder(db, app);
    const other = await createOrder(db, drums, { status: 'COMPLETED' });
    const foreign = await refund(admin, orderId, [other.item.id]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: adminOrderMessages.lineNotInOrder,
        fields: { orderItemIds: [adminOrderMessages.lineNotInOrder] },
      },
    });
    const unknown = await refund(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { message: adminOrderMessages.orderNotFound } });
    const pending = await createOrder(db, drums);
    expect((await refund(admin, pending.order.id)).status).toBe(409);
    expect((await refund(admin, orderId, ['not-a-uuid'])).status).toBe(400);
    expect((await refund(admin, orderId, [])).status).toBe(400);
    expect((await orderRow(db, orderId)).refundedCents).toBe(0);
  });

  it('counts a replayed refund event of the test processor once', async ({ app, db }) => {
    const { browser, orderId, keysLine } = await paidOrder(db, app);
    const send = (eventId: string) => {
      const { payload, signature } = signEvent(TEST_SIGNING_KEYS, {
        id: eventId,
        provider: 'local',
        outcome: 'refunded',
        orderId,
        refund: { id: 'lre_replayed', amountCents: 1079, orderItemIds: [keysLine] },
      });
      return app.request('/api/payments/local/webhook', {
        method: 'POST',
        headers: { 'loopmarket-signature': signature, 'content-type': 'application/json' },
        body: payload,
      });
    };
    const first = await send('evt_local_refund');
    expect(await first.json()).toMatchObject({ handled: true, changed: true });
    // The same event again, and the same refund under another event id: nothing more.
    expect(await (await send('evt_local_refund')).json()).toMatchObject({ changed: false });
    expect(await (await send('evt_local_refund_again')).json()).toMatchObject({ changed: false });
    expect(await orderRow(db, orderId)).toMatchObject({ status: 'COMPLETED', refundedCents: 1079 });
    expect(await purchasedProducts(browser)).toEqual([drums.id]);
  });

  it('never lets the database hold a refund above what was paid', async ({ app, db }) => {
    const { orderId } = await paidOrder(db, app);
    await expect(
      db.update(orders).set({ refundedCents: 4319 }).where(eq(orders.id, orderId)),
    ).rejects.toThrow();
    await expect(
      db.insert(refunds).values({ id: 're_zero', orderId, provider: 'local', amountCents: 0 }),
    ).rejects.toThrow();
  });
});
