import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, outboxEmails, type ProductRow } from '#server/db/schema';
import { signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { stripeTestStore } from '#tests/support/stripe-store';
import type { TestContext } from '#tests/support/test-app';

let ctx: TestContext;
let store: Awaited<ReturnType<typeof stripeTestStore>>;
let standIn: typeof store.standIn;
let pack: ProductRow;
beforeEach(async () => {
  store = await stripeTestStore();
  ({ ctx, standIn } = store);
  pack = await createProduct(ctx.database.db, { name: 'Drum Pack', priceCents: 2999 });
});
afterEach(() => store.close());

const webhook = (event: object) => store.webhook(event);

const refunded = (id: string, amountRefunded: number, paymentIntent: string) => ({
  id,
  object: 'event',
  type: 'charge.refunded',
  data: {
    object: {
      id: 'ch_1',
      object: 'charge',
      payment_intent: paymentIntent,
      amount: 3239,
      amount_refunded: amountRefunded,
      metadata: {},
    },
  },
});

/** A signed-in buyer's paid Stripe order of one pack ($29.99 + 8% = $32.39). */
async function paidOrder(): Promise<{ browser: TestBrowser; orderId: string; intent: string }> {
  const { browser } = await signedInBrowser(ctx, 'refunds@example.com');
  const created = await browser.request('/api/checkout/sessions', {
    body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
  });
  const { orderId, sessionId } = created.body as { orderId: string; sessionId: string };
  standIn.pay(sessionId);
  // The success page asks Stripe, which says paid: the order completes.
  await browser.request(`/api/checkout/sessions/${sessionId}`);
  return { browser, orderId, intent: `pi_${sessionId}` };
}

const downloadsLeft = async (orderId: string) =>
  (await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]
    ?.downloadsRemaining;
const orderRow = async (orderId: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('refunds', () => {
  it('keeps access after a partial refund and shows it on the order; a whole refund ends access', async () => {
    const { browser, orderId, intent } = await paidOrder();
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', refundedCents: 0 });

    expect((await webhook(refunded('evt_part', 1000, intent))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', refundedCents: 1000 });
    expect(await downloadsLeft(orderId)).toBe(3);
    expect((await browser.request('/api/purchases')).body).toMatchObject({
      data: [{ productId: pack.id }],
    });
    expect((await browser.request(`/api/orders/${orderId}`)).body).toMatchObject({
      status: 'COMPLETED',
      totalCents: 3239,
      refundedCents: 1000,
    });

    // A replay, and an older running total arriving late, change nothing.
    await webhook(refunded('evt_part', 1000, intent));
    await webhook(refunded('evt_older', 500, intent));
    expect((await orderRow(orderId)).refundedCents).toBe(1000);

    // The buyer heard of the $10.00 once, however often Stripe said it.
    const notices = async () =>
      (await ctx.database.db.select().from(outboxEmails))
        .filter((mail) => mail.subject.startsWith('Your refund'))
        .map((mail) => mail.text);
    expect(await notices()).toEqual([expect.stringContaining('We refunded $10.00 of your order')]);

    await webhook(refunded('evt_whole', 3239, intent));
    expect((await notices())[1]).toContain('We refunded $22.39 of your order');
    expect(await orderRow(orderId)).toMatchObject({ status: 'REFUNDED', refundedCents: 3239 });
    expect(await downloadsLeft(orderId)).toBe(0);
    expect((await browser.request('/api/purchases')).body).toEqual({ data: [] });
    expect((await browser.request(`/api/orders/${orderId}`)).body).toMatchObject({
      status: 'REFUNDED',
      refundedCents: 3239,
    });
  });

  it('counts a refund above the total as the whole total', async () => {
    const { orderId, intent } = await paidOrder();
    await webhook(refunded('evt_over', 999_999, intent));
    expect(await orderRow(orderId)).toMatchObject({ status: 'REFUNDED', refundedCents: 3239 });
  });
});
