import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  orders,
  outboxEmails,
  promoCodes,
  storeSettings,
  type ProductRow,
} from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
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

type Session = {
  orderId: string;
  sessionId: string;
  client_secret: string | null;
  url: string | null;
};

async function checkout(uiMode: 'embedded' | 'hosted' = 'embedded', promoCode?: string) {
  const res = await new TestBrowser(ctx).request('/api/checkout/sessions', {
    body: {
      customerEmail: 'buyer@example.com',
      uiMode,
      promoCode,
      items: [{ productId: pack.id, quantity: 2 }],
    },
  });
  expect(res.status).toBe(200);
  return res.body as unknown as Session;
}

const webhook = (event: object, secret?: string) => store.webhook(event, secret);

const sessionEvent = (
  id: string,
  type: string,
  { orderId, sessionId }: Pick<Session, 'orderId' | 'sessionId'>,
  paid = true,
) => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      payment_status: paid ? 'paid' : 'unpaid',
      payment_intent: 'pi_123',
      metadata: { orderId },
    },
  },
});

const statusOf = async (orderId: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
const receiptCount = async () => (await ctx.database.db.select().from(outboxEmails)).length;

describe('the Stripe provider', () => {
  it('creates an embedded Checkout Session priced from the order, with the order id and the email', async () => {
    const session = await checkout('embedded', 'SAVE20');
    expect(session.client_secret).toBe(`${session.sessionId}_secret_standin`);
    const params = standIn.sessions.get(session.sessionId)!.params;
    expect(params.get('ui_mode')).toBe('embedded_page');
    expect(params.get('mode')).toBe('payment');
    expect(params.get('customer_email')).toBe('buyer@example.com');
    expect(params.get('metadata[orderId]')).toBe(session.orderId);
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('2999');
    expect(params.get('line_items[0][quantity]')).toBe('2');
    // 59.98 − 20% (12.00) = 47.98; tax 8% = 3.84.
    expect(params.get('line_items[1][price_data][unit_amount]')).toBe('384');
    expect(params.get('line_items[1][price_data][product_data][name]')).toBe('Tax (8%)');
    expect(params.get('return_url')).toBe(
      'http://store.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
    );
    const coupon = standIn.requests.find((r) => r.path === '/v1/coupons');
    expect(coupon?.params.get('amount_off')).toBe('1200');
    expect(params.get('discounts[0][coupon]')).toMatch(/^coupon_/);
    const order = (
      await ctx.database.db.select().from(orders).where(eq(orders.id, session.orderId))
    )[0];
    expect(order).toMatchObject({
      provider: 'stripe',
      totalCents: 5182,
      providerSessionId: session.sessionId,
    });
  });

  it("names the tax line by the store's rule and adds none to tax-inclusive prices, so Stripe charges the order's total", async () => {
    const germanStore = { homeCountry: 'DE', fallback: 'none' };
    const configure = (value: object) =>
      ctx.database.db
        .insert(storeSettings)
        .values({ key: 'tax', value })
        .onConflictDoUpdate({ target: storeSettings.key, set: { value } });
    const checkoutFrom = async (country: string) => {
      const res = await new TestBrowser(ctx).request('/api/checkout/sessions', {
        body: {
          customerEmail: 'buyer@example.com',
          items: [{ productId: pack.id, quantity: 2 }],
          billingDetails: { firstName: 'Ada', lastName: 'Lovelace', country },
        },
      });
      expect(res.status).toBe(200);
      const { sessionId, orderId } = res.body as unknown as Session;
      const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
      return { params: standIn.sessions.get(sessionId)!.params, order: order! };
    };
    await configure(germanStore);
    const exclusive = await checkoutFrom('DE');
    // 59.98 × 19% = 11.3962 → 11.40; 59.98 + 11.40 = 71.38.
    expect(exclusive.params.get('line_items[1][price_data][product_data][name]')).toBe('VAT 19%');
    expect(exclusive.params.get('line_items[1][price_data][unit_amount]')).toBe('1140');
    expect(exclusive.order.totalCents).toBe(2999 * 2 + 1140);
    await configure({ ...germanStore, pricesIncludeTax: true });
    const inclusive = await checkoutFrom('DE');
    expect(inclusive.params.has('line_items[1][price_data][unit_amount]')).toBe(false);
    // 59.98 × 19/119 = 9.58 inside the price; Stripe charges the price.
    expect(inclusive.order).toMatchObject({
      totalCents: 5998,
      taxCents: 958,
      pricesIncludeTax: true,
    });
  });

  it('creates a hosted session with success and cancel URLs', async () => {
    const session = await checkout('hosted');
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
    const params = standIn.sessions.get(session.sessionId)!.params;
    expect(params.get('ui_mode')).toBe('hosted_page');
    expect(params.get('cancel_url')).toBe('http://store.test/payment/cancel');
  });

  it("ends every session after Stripe's shortest time, with a promo code or without, as the order's", async () => {
    await ctx.database.db
      .insert(promoCodes)
      .values({ code: 'CAPPED', percentOff: 10, maxRedemptions: 20 });
    const before = Math.floor(Date.now() / 1000);
    for (const session of [
      await checkout('embedded', 'CAPPED'),
      await checkout('embedded', 'SAVE20'),
      await checkout('embedded'),
      await checkout('hosted'),
    ]) {
      const expiresAt = Number(standIn.sessions.get(session.sessionId)!.params.get('expires_at'));
      // 30 minutes and a minute for clocks: Stripe refuses less than 30 (its default is 24 hours).
      expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60);
      expect(expiresAt - before).toBeLessThan(32 * 60);
      const [order] = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, session.orderId));
      expect(Math.abs(order!.expiresAt.getTime() / 1000 - (before + 30 * 60))).toBeLessThan(10);
    }
  });

  it('tells the browser which form to show', async () => {
    const res = await ctx.app.request('/api/payments/config');
    expect(await res.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
      testMode: true,
    });
  });
});

describe('the Stripe webhook', () => {
  it('completes the order once for a signed checkout.session.completed, however often it is replayed', async () => {
    const session = await checkout();
    const { orderId } = session;
    const event = sessionEvent('evt_1', 'checkout.session.completed', session);
    for (let i = 0; i < 5; i++) expect((await webhook(event)).status).toBe(200);
    expect(await statusOf(orderId)).toBe('COMPLETED');
    expect(await receiptCount()).toBe(1);
  });

  it('keeps the card Stripe charged, asked of Stripe with the payment method expanded; one it cannot tell costs the card, not the payment', async () => {
    const session = await checkout();
    standIn.pay(session.sessionId, { brand: 'mastercard', last4: '4444' });
    await webhook(sessionEvent('evt_card', 'checkout.session.completed', session));
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, session.orderId));
    expect(row).toMatchObject({ status: 'COMPLETED', cardBrand: 'mastercard', cardLast4: '4444' });
    const asked = standIn.requests.find(
      (r) => r.method === 'GET' && r.path.startsWith(`/v1/checkout/sessions/${session.sessionId}?`),
    );
    expect(new URL(asked!.path, 'http://x').searchParams.get('expand[0]')).toBe(
      'payment_intent.payment_method',
    );
    // A replay asks Stripe nothing more: the order is no longer waiting.
    const asks = standIn.requests.length;
    await webhook(sessionEvent('evt_card', 'checkout.session.completed', session));
    expect(standIn.requests.length).toBe(asks);

    const unknown = await checkout();
    standIn.sessions.delete(unknown.sessionId);
    await webhook(sessionEvent('evt_no_card', 'checkout.session.completed', unknown));
    const [paid] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, unknown.orderId));
    expect(paid).toMatchObject({ status: 'COMPLETED', cardBrand: null, cardLast4: null });
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const session = await checkout();
    const { orderId } = session;
    const res = await webhook(
      sessionEvent('evt_2', 'checkout.session.completed', session),
      'whsec_wrong',
    );
    expect(res.status).toBe(400);
    expect(await statusOf(orderId)).toBe('PENDING');
  });

  it('waits for an unpaid completed session; async success completes, async failure fails, expiry cancels', async () => {
    const a = await checkout();
    await webhook(sessionEvent('evt_3', 'checkout.session.completed', a, false));
    expect(await statusOf(a.orderId)).toBe('PENDING');
    await webhook(sessionEvent('evt_4', 'checkout.session.async_payment_succeeded', a));
    expect(await statusOf(a.orderId)).toBe('COMPLETED');

    const b = await checkout();
    await webhook(sessionEvent('evt_5', 'checkout.session.async_payment_failed', b, false));
    expect(await statusOf(b.orderId)).toBe('FAILED');

    const c = await checkout();
    await webhook(sessionEvent('evt_6', 'checkout.session.expired', c, false));
    expect(await statusOf(c.orderId)).toBe('CANCELLED');
  });

  it('marks a refunded charge REFUNDED through its payment intent, and ignores other events', async () => {
    const session = await checkout();
    const { orderId } = session;
    await webhook(sessionEvent('evt_7', 'checkout.session.completed', session));
    const refund = {
      id: 'evt_8',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          payment_intent: 'pi_123',
          amount_refunded: 6478,
          metadata: {},
        },
      },
    };
    await webhook(refund);
    expect(await statusOf(orderId)).toBe('REFUNDED');
    const other = await webhook({
      id: 'evt_9',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect(await other.json()).toEqual({ received: true, handled: false });
  });
});

describe('paying on the hosted page instead', () => {
  const moveToHosted = (sessionId: string) =>
    new TestBrowser(ctx).request(`/api/checkout/sessions/${sessionId}/hosted`, { method: 'POST' });

  it("moves the embedded session's order to a hosted session: one order, the embedded session expired and its expiry ignored", async () => {
    const embedded = await checkout('embedded', 'SAVE20');
    const res = await moveToHosted(embedded.sessionId);
    expect(res.status).toBe(200);
    const hosted = res.body as unknown as Session & { totalCents: number };
    expect(hosted.orderId).toBe(embedded.orderId);
    expect(hosted.sessionId).not.toBe(embedded.sessionId);
    expect(hosted.url).toBe(`https://checkout.stripe.test/c/pay/${hosted.sessionId}`);
    expect(hosted.totalCents).toBe(5182);
    expect(standIn.sessions.get(embedded.sessionId)!.status).toBe('expired');
    const params = standIn.sessions.get(hosted.sessionId)!.params;
    expect(params.get('ui_mode')).toBe('hosted_page');
    expect(params.get('metadata[orderId]')).toBe(embedded.orderId);
    expect(params.get('line_items[1][price_data][unit_amount]')).toBe('384');
    expect(params.get('line_items[1][price_data][product_data][name]')).toBe('Tax (8%)');
    expect(await ctx.database.db.select().from(orders)).toHaveLength(1);

    // Stripe tells us the embedded session expired: the order lives on in the hosted one.
    await webhook(sessionEvent('evt_old', 'checkout.session.expired', embedded, false));
    expect(await statusOf(embedded.orderId)).toBe('PENDING');
    await webhook(sessionEvent('evt_paid', 'checkout.session.completed', hosted));
    expect(await statusOf(embedded.orderId)).toBe('COMPLETED');
  });

  it('answers a hosted session with its own page, and an unknown session with 404', async () => {
    const hosted = await checkout('hosted');
    const res = await moveToHosted(hosted.sessionId);
    expect(res.body).toMatchObject({ sessionId: hosted.sessionId, url: hosted.url });
    expect(standIn.sessions.size).toBe(1);
    expect((await moveToHosted('cs_test_unknown')).status).toBe(404);
  });
});

describe('the success page', () => {
  it('answers 404 for a session that is not ours without asking Stripe (whose error would be a 500)', async () => {
    const res = await new TestBrowser(ctx).request('/api/checkout/sessions/cs_test_not_ours');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Invalid checkout session. Please try again.' },
    });
    expect(standIn.requests.filter((r) => r.path.includes('cs_test_not_ours'))).toEqual([]);
  });

  it('completes a paid session by asking Stripe, and a later webhook sends no second receipt', async () => {
    const session = await checkout();
    const { orderId, sessionId } = session;
    const early = await new TestBrowser(ctx).request(`/api/checkout/sessions/${sessionId}`);
    expect(early.body).toMatchObject({ status: 'PENDING' });

    standIn.pay(sessionId);
    const paid = await new TestBrowser(ctx).request(`/api/checkout/sessions/${sessionId}`);
    expect(paid.body).toMatchObject({
      status: 'COMPLETED',
      id: orderId,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    await webhook(sessionEvent('evt_10', 'checkout.session.completed', session));
    expect(await receiptCount()).toBe(1);
  });
});
