import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderMessages } from '#shared/admin-orders';
import { orderItems, orders, refunds, type ProductRow } from '#server/db/schema';
import { signedInAdmin, signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { stripeTestStore } from '#tests/support/stripe-store';
import type { TestContext } from '#tests/support/test-app';

let ctx: TestContext;
let store: Awaited<ReturnType<typeof stripeTestStore>>;
let standIn: typeof store.standIn;
let admin: TestBrowser;
let drums: ProductRow;
let keys: ProductRow;
beforeEach(async () => {
  store = await stripeTestStore();
  ({ ctx, standIn } = store);
  admin = (await signedInAdmin(ctx, 'owner@example.com')).browser;
  drums = await createProduct(ctx.database.db, { name: 'Drum Pack', priceCents: 2999 });
  keys = await createProduct(ctx.database.db, { name: 'Keys Pack', priceCents: 999 });
});
afterEach(() => store.close());

const webhook = (event: object) => store.webhook(event);

const refundEvent = (
  eventId: string,
  refund: { id: string; amount: number; payment_intent: string; metadata?: object },
  type = 'refund.created',
) => ({
  id: eventId,
  object: 'event',
  type,
  data: { object: { object: 'refund', status: 'succeeded', metadata: {}, ...refund } },
});

/** A customer's paid Stripe order of both packs ($43.18: drums' line $32.39, keys' $10.79). */
async function paidOrder() {
  const { browser } = await signedInBrowser(ctx, 'buyer@example.com');
  const created = await browser.request('/api/checkout/sessions', {
    body: {
      checkoutType: 'direct',
      items: [
        { productId: drums.id, quantity: 1 },
        { productId: keys.id, quantity: 1 },
      ],
    },
  });
  const { orderId, sessionId } = created.body as { orderId: string; sessionId: string };
  standIn.pay(sessionId);
  await browser.request(`/api/checkout/sessions/${sessionId}`);
  const lines = await ctx.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const lineOf = (product: ProductRow) => lines.find((l) => l.productId === product.id)!.id;
  return {
    browser,
    orderId,
    intent: `pi_${sessionId}`,
    drumsLine: lineOf(drums),
    keysLine: lineOf(keys),
  };
}

const orderRow = async (id: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundedLines = async (orderId: string) =>
  (await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))
    .filter((line) => line.refundedAt)
    .map((line) => line.id);
const purchasedProducts = async (browser: TestBrowser) =>
  ((await browser.request('/api/purchases')).body as { data: { productId: string }[] }).data.map(
    (p) => p.productId,
  );

describe('refunds through Stripe', () => {
  it('refunds one line through Stripe’s refund API; its events for that refund change nothing more', async () => {
    const { browser, orderId, intent, drumsLine, keysLine } = await paidOrder();

    const answer = await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [keysLine] },
    });
    expect(answer.status).toBe(201);
    expect(standIn.refunds).toEqual([
      expect.objectContaining({
        amount: 1079,
        payment_intent: intent,
        metadata: { orderId, orderItemIds: keysLine },
      }),
    ]);
    const stripeRefund = standIn.refunds[0]!;
    expect(answer.body).toMatchObject({
      refund: { id: stripeRefund.id, amountCents: 1079, orderItemIds: [keysLine] },
      order: { status: 'COMPLETED', refundedCents: 1079 },
    });
    expect(await purchasedProducts(browser)).toEqual([drums.id]);

    // Stripe then tells of the same refund, twice, and of the charge's running total.
    const told = refundEvent('evt_refund_created', { ...stripeRefund });
    expect((await webhook(told)).status).toBe(200);
    expect((await webhook(told)).status).toBe(200);
    expect(
      (await webhook(refundEvent('evt_refund_updated', stripeRefund, 'refund.updated'))).status,
    ).toBe(200);
    expect(
      (
        await webhook({
          id: 'evt_charge_refunded',
          object: 'event',
          type: 'charge.refunded',
          data: { object: { payment_intent: intent, amount_refunded: 1079, metadata: {} } },
        })
      ).status,
    ).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', refundedCents: 1079 });
    expect(await refundedLines(orderId)).toEqual([keysLine]);
    expect(await ctx.database.db.select().from(refunds)).toHaveLength(1);

    // The rest: Stripe refunds what is left, and the order ends.
    const rest = await admin.request(`/api/admin/orders/${orderId}/refunds`, { body: {} });
    expect(rest.status).toBe(201);
    expect(standIn.refunds[1]).toMatchObject({
      amount: 3239,
      metadata: { orderItemIds: drumsLine },
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'REFUNDED', refundedCents: 4318 });
    expect(await purchasedProducts(browser)).toEqual([]);
  });

  it('follows a refund Stripe tells of first: its lines end, and the owner cannot refund them again', async () => {
    const { browser, orderId, intent, keysLine } = await paidOrder();
    const event = refundEvent('evt_first', {
      id: 're_from_elsewhere',
      amount: 1079,
      payment_intent: intent,
      metadata: { orderId, orderItemIds: keysLine },
    });
    expect((await webhook(event)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', refundedCents: 1079 });
    expect(await purchasedProducts(browser)).toEqual([drums.id]);

    const again = await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [keysLine] },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      error: { message: adminOrderMessages.lineAlreadyRefunded },
    });
    expect(standIn.refunds).toEqual([]);
  });

  it('records a partial refund made in Stripe’s dashboard without ending any line', async () => {
    const { browser, orderId, intent } = await paidOrder();
    // No metadata: the dashboard names no lines, and the refund is found by its payment intent.
    await webhook(refundEvent('evt_dash', { id: 're_dash', amount: 500, payment_intent: intent }));
    await webhook({
      id: 'evt_dash_charge',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { payment_intent: intent, amount_refunded: 500, metadata: {} } },
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', refundedCents: 500 });
    expect(await refundedLines(orderId)).toEqual([]);
    expect((await purchasedProducts(browser)).sort()).toEqual([drums.id, keys.id].sort());
  });

  it('ignores a refund Stripe reports as failed', async () => {
    const { orderId, intent } = await paidOrder();
    const failed = refundEvent('evt_failed', {
      id: 're_failed',
      amount: 500,
      payment_intent: intent,
    });
    (failed.data.object as { status: string }).status = 'failed';
    expect((await webhook(failed)).status).toBe(200);
    expect((await orderRow(orderId)).refundedCents).toBe(0);
  });
});
