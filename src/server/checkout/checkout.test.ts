import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cartMessages } from '#shared/cart';
import {
  cartItems,
  orderItems,
  orders,
  outboxEmails,
  products,
  promoCodes,
  type ProductRow,
} from '#server/db/schema';
import { createLogger } from '#server/logger';
import { expireStaleLocalSessions } from '#server/payments/session-expiry';
import { signEvent } from '#server/payments/signed-event';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

const goodCard = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada',
};

let pack: ProductRow;
let plugin: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, {
    name: 'Drum Pack',
    priceCents: 2999,
    downloadLimit: 5,
  });
  plugin = await createProduct(db, { name: 'Synth', priceCents: 4999 });
});

type Session = {
  orderId: string;
  sessionId: string;
  client_secret: string | null;
  url: string | null;
  totalCents: number;
};

async function guestCheckout(
  app: TestContext,
  body: Record<string, unknown>,
  browser = new TestBrowser(app),
) {
  return browser.request('/api/checkout/sessions', { body });
}
const orderRow = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const receipts = (db: Db) => db.select().from(outboxEmails);
const silent = createLogger('silent');

describe('checkout sessions', () => {
  it('prices a guest cart from the database: forged prices are ignored, SAVE20 and 8% tax applied', async ({
    app,
    db,
  }) => {
    const res = await guestCheckout(app, {
      checkoutType: 'cart',
      customerEmail: 'guest@example.com',
      promoCode: 'save20',
      items: [
        { productId: pack.id, quantity: 2, priceCents: 1, price: 0.01 },
        { productId: plugin.id, quantity: 1, licenseType: 'standard' },
      ],
      totalCents: 1,
    });
    expect(res.status).toBe(200);
    const session = res.body as unknown as Session;
    expect(session.client_secret).toMatch(/^lcs_[0-9a-f]{32}_secret_/);
    // 2 × 29.99 + 49.99 = 109.97; −20% = 21.99 → 87.98; tax 8% = 7.04; total 95.02.
    expect(session.totalCents).toBe(9502);
    const order = await orderRow(db, session.orderId);
    expect(order).toMatchObject({
      status: 'PENDING',
      userId: null,
      email: 'guest@example.com',
      subtotalCents: 10997,
      discountCents: 2199,
      taxCents: 704,
      totalCents: 9502,
      promoCode: 'SAVE20',
      providerSessionId: session.sessionId,
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(
      items
        .map((i) => [
          i.productId,
          i.quantity,
          i.unitPriceCents,
          i.downloadsRemaining,
          i.licenseType,
        ])
        .sort(),
    ).toEqual(
      [
        [pack.id, 2, 2999, 10, 'standard'],
        [plugin.id, 1, 4999, 3, 'standard'],
      ].sort(),
    );
  });

  it("takes a signed-in buyer's stored cart, not the request's items", async ({ app, db }) => {
    const { browser, user } = await signedInBrowser(app, 'buyer@example.com');
    await browser.request('/api/cart/items', { body: { productId: plugin.id } });
    const res = await guestCheckout(
      app,
      { checkoutType: 'cart', items: [{ productId: pack.id, quantity: 9 }] },
      browser,
    );
    const order = await orderRow(db, (res.body as unknown as Session).orderId);
    expect(order).toMatchObject({
      userId: user.id,
      email: 'buyer@example.com',
      subtotalCents: 4999,
    });
  });

  it('refuses a signed-in buyer a download they own, and asks nothing of a guest', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'owner@example.com');
    const download = await createProduct(db, {
      name: 'Loop Pack',
      metadata: { product_type: 'digital_download' },
    });
    await createOrder(db, download, { userId: user.id, status: 'COMPLETED' });
    const owned = { error: { code: 'CONFLICT', message: cartMessages.owned } };

    const direct = await guestCheckout(
      app,
      { checkoutType: 'direct', items: [{ productId: download.id, quantity: 1 }] },
      browser,
    );
    expect(direct.status).toBe(409);
    expect(direct.body).toMatchObject(owned);
    await browser.request('/api/cart/items', { body: { productId: plugin.id } });
    await db.insert(cartItems).values({ userId: user.id, productId: download.id, quantity: 1 });
    const cart = await guestCheckout(app, { checkoutType: 'cart', items: [] }, browser);
    expect(cart.status).toBe(409);
    expect(cart.body).toMatchObject(owned);
    // Taken off sale since: still theirs, so still refused as owned rather than as unknown.
    await db.update(products).set({ status: 'archived' }).where(eq(products.id, download.id));
    const withdrawn = await guestCheckout(
      app,
      { checkoutType: 'direct', items: [{ productId: download.id, quantity: 1 }] },
      browser,
    );
    expect(withdrawn.body).toMatchObject(owned);
    await db.update(products).set({ status: 'active' }).where(eq(products.id, download.id));

    // A guest's checkout with the same address is not asked: its orders are not an account's.
    const guest = await guestCheckout(app, {
      checkoutType: 'direct',
      customerEmail: 'owner@example.com',
      items: [{ productId: download.id, quantity: 1 }],
    });
    expect(guest.status).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it.for([
    [
      { checkoutType: 'cart', items: [{ productId: 'PACK', quantity: 1 }] },
      400,
      'VALIDATION_FAILED',
      'Either userId or customerEmail is required',
    ],
    [
      { checkoutType: 'cart', customerEmail: 'g@example.com', items: [] },
      400,
      'VALIDATION_FAILED',
      'Cart is empty',
    ],
    [
      { checkoutType: 'direct', customerEmail: 'g@example.com', items: [] },
      400,
      'VALIDATION_FAILED',
      'Items are required for direct checkout',
    ],
    [
      {
        checkoutType: 'cart',
        customerEmail: 'g@example.com',
        items: [{ productId: 'GONE', quantity: 1 }],
      },
      400,
      'VALIDATION_FAILED',
      'Some products are invalid',
    ],
    [
      {
        checkoutType: 'direct',
        customerEmail: 'g@example.com',
        items: [{ productId: 'GONE', quantity: 1 }],
      },
      404,
      'PRODUCT_NOT_FOUND',
      'Product not found',
    ],
    [
      {
        checkoutType: 'cart',
        customerEmail: 'g@example.com',
        promoCode: 'FREE100',
        items: [{ productId: 'PACK', quantity: 1 }],
      },
      400,
      'INVALID_PROMO_CODE',
      'Invalid or expired promo code',
    ],
  ])('%o → %i %s: %s', async ([body, status, code, message], { app, db }) => {
    const hidden = await createProduct(db, { status: 'archived' });
    const json = JSON.parse(
      JSON.stringify(body).replaceAll('PACK', pack.id).replaceAll('GONE', hidden.id),
    );
    const res = await guestCheckout(app, json);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code, message } });
    expect(await db.select().from(orders)).toHaveLength(0);
  });

  it('gives a capped promo code to exactly one of 20 simultaneous checkouts', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'ONCE', percentOff: 50, maxRedemptions: 1 });
    const results = await Promise.all(
      // 20: as many as one address may open a minute.
      Array.from({ length: 20 }, (_, i) =>
        guestCheckout(app, {
          customerEmail: `racer${i}@example.com`,
          promoCode: 'once',
          items: [{ productId: pack.id, quantity: 1 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refusals = results.filter((r) => r.status !== 200);
    expect(refusals.map((r) => [r.status, r.body])).toEqual(
      Array.from({ length: 19 }, () => [
        400,
        { error: { code: 'INVALID_PROMO_CODE', message: 'Invalid or expired promo code' } },
      ]),
    );
    const discounted = await db.select().from(orders).where(eq(orders.promoCode, 'ONCE'));
    expect(discounted).toHaveLength(1);
    const [code] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCE'));
    expect(code?.redemptions).toBe(1);
  });
});

describe('the local test processor and fulfilment', () => {
  async function pendingSession(app: TestContext, email = 'payer@example.com') {
    const res = await guestCheckout(app, {
      customerEmail: email,
      items: [{ productId: pack.id, quantity: 1 }],
    });
    return res.body as unknown as Session;
  }
  const pay = (app: TestContext, sessionId: string, card = goodCard) =>
    new TestBrowser(app).request(`/api/payments/local/sessions/${sessionId}/pay`, { body: card });
  const sendEvent = (app: TestContext, event: object, keys = TEST_SIGNING_KEYS, now?: number) => {
    const { payload, signature } = signEvent(keys, event as never, now);
    return app.request('/api/payments/local/webhook', {
      method: 'POST',
      headers: { 'loopmarket-signature': signature, 'content-type': 'application/json' },
      body: payload,
    });
  };

  it('completes the order with 4242…, sends one receipt, and says so on the success page', async ({
    app,
    db,
  }) => {
    const session = await pendingSession(app);
    const res = await pay(app, session.sessionId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'succeeded',
      redirectUrl: `http://store.test/payment/success?session_id=${session.sessionId}`,
    });
    expect((await orderRow(db, session.orderId)).status).toBe('COMPLETED');
    const mails = await receipts(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Your Loopmarket order [0-9A-F]{8}$/);
    expect(mails[0]?.text).toContain('/downloads/guest?token=');
    const success = await new TestBrowser(app).request(
      `/api/checkout/sessions/${session.sessionId}`,
    );
    expect(success.body).toMatchObject({
      status: 'COMPLETED',
      totalCents: 3239,
      email: 'payer@example.com',
    });
  });

  it("keeps the card's brand and last four digits on the order, never its number, and the order answers them", async ({
    app,
    db,
  }) => {
    const session = await pendingSession(app);
    expect((await pay(app, session.sessionId)).status).toBe(200);
    const row = await orderRow(db, session.orderId);
    expect(row).toMatchObject({ status: 'COMPLETED', cardBrand: 'visa', cardLast4: '4242' });
    const everything = JSON.stringify(await db.select().from(orders));
    expect(everything).not.toContain('42424242');
    const view = await new TestBrowser(app).request(`/api/checkout/sessions/${session.sessionId}`);
    expect(view.body).toMatchObject({
      status: 'COMPLETED',
      cardBrand: 'visa',
      cardLast4: '4242',
    });

    // A completion that names no card (an order from before cards were kept) keeps none.
    const older = await pendingSession(app);
    await sendEvent(app, {
      id: 'evt_no_card',
      provider: 'local',
      outcome: 'completed',
      orderId: older.orderId,
    });
    expect(await orderRow(db, older.orderId)).toMatchObject({
      status: 'COMPLETED',
      cardBrand: null,
      cardLast4: null,
    });
    const olderView = await new TestBrowser(app).request(
      `/api/checkout/sessions/${older.sessionId}`,
    );
    expect(olderView.body).toMatchObject({ cardBrand: null, cardLast4: null });
  });

  it('refuses to keep more than four digits of a card, whatever asks it to', async ({
    app,
    db,
  }) => {
    const session = await pendingSession(app);
    await expect(
      db
        .update(orders)
        .set({ cardLast4: '4242424242424242' })
        .where(eq(orders.id, session.orderId)),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('orders_card_last4') } });
    expect((await orderRow(db, session.orderId)).cardLast4).toBeNull();
  });

  it.for<[string, number, string, string]>([
    ['4000 0000 0000 0002', 402, 'PAYMENT_DECLINED', 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'PAYMENT_DECLINED', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 400, 'VALIDATION_FAILED', 'Your card number is invalid.'],
  ])(
    '%s is refused (%i %s: %s) and the order stays unpaid',
    async ([cardNumber, status, code, message], { app, db }) => {
      const session = await pendingSession(app);
      const res = await pay(app, session.sessionId, { ...goodCard, cardNumber });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: { code, message } });
      expect((await orderRow(db, session.orderId)).status).toBe('PENDING');
      expect(await receipts(db)).toHaveLength(0);
    },
  );

  it('completes once however often the same event arrives (50 at once)', async ({ app, db }) => {
    const session = await pendingSession(app);
    const event = {
      id: 'evt_replayed',
      provider: 'local',
      outcome: 'completed',
      orderId: session.orderId,
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => sendEvent(app, event)));
    const bodies = await Promise.all(results.map((r) => r.json() as Promise<{ changed: boolean }>));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((b) => b.changed)).toHaveLength(1);
    expect((await orderRow(db, session.orderId)).status).toBe('COMPLETED');
    expect(await receipts(db)).toHaveLength(1);
  });

  it('completes once when a payment and another completion event race', async ({ app, db }) => {
    const session = await pendingSession(app);
    await Promise.all([
      pay(app, session.sessionId),
      sendEvent(app, {
        id: 'evt_other',
        provider: 'local',
        outcome: 'completed',
        orderId: session.orderId,
      }),
      new TestBrowser(app).request(`/api/checkout/sessions/${session.sessionId}`),
    ]);
    expect((await orderRow(db, session.orderId)).status).toBe('COMPLETED');
    expect(await receipts(db)).toHaveLength(1);
  });

  it('refuses a forged or stale signature with 400 and changes nothing', async ({ app, db }) => {
    const session = await pendingSession(app);
    const event = {
      id: 'evt_forged',
      provider: 'local',
      outcome: 'completed',
      orderId: session.orderId,
    };
    const refusal = async (res: Response) => [res.status, await res.json()];
    const forgedOrStale = [
      400,
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'No signature matches the payload, or it is too old',
        },
      },
    ];
    const forged = await sendEvent(app, event, { current: 'not-the-secret', previous: [] });
    expect(await refusal(forged)).toEqual(forgedOrStale);
    const stale = await sendEvent(app, event, TEST_SIGNING_KEYS, Date.now() - 301_000);
    expect(await refusal(stale)).toEqual(forgedOrStale);
    const unsigned = await app.request('/api/payments/local/webhook', {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(await refusal(unsigned)).toEqual([
      400,
      { error: { code: 'BAD_REQUEST', message: 'No signature matches the payload' } },
    ]);
    expect((await orderRow(db, session.orderId)).status).toBe('PENDING');
  });

  it('moves failed orders to FAILED (giving the promo use back), expired to CANCELLED, refunded to REFUNDED with no downloads left', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'CAPPED', percentOff: 10, maxRedemptions: 5 });
    const failing = (
      await guestCheckout(app, {
        customerEmail: 'f@example.com',
        promoCode: 'CAPPED',
        items: [{ productId: pack.id, quantity: 1 }],
      })
    ).body as unknown as Session;
    await sendEvent(app, {
      id: 'evt_f',
      provider: 'local',
      outcome: 'failed',
      orderId: failing.orderId,
    });
    expect((await orderRow(db, failing.orderId)).status).toBe('FAILED');
    expect(
      (await db.select().from(promoCodes).where(eq(promoCodes.code, 'CAPPED')))[0]?.redemptions,
    ).toBe(0);

    const expiring = await pendingSession(app, 'e@example.com');
    await sendEvent(app, {
      id: 'evt_e',
      provider: 'local',
      outcome: 'expired',
      orderId: expiring.orderId,
    });
    expect((await orderRow(db, expiring.orderId)).status).toBe('CANCELLED');

    const paid = await pendingSession(app, 'r@example.com');
    await pay(app, paid.sessionId);
    await sendEvent(app, {
      id: 'evt_r',
      provider: 'local',
      outcome: 'refunded',
      orderId: paid.orderId,
    });
    expect((await orderRow(db, paid.orderId)).status).toBe('REFUNDED');
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, paid.orderId));
    expect(items.every((i) => i.downloadsRemaining === 0)).toBe(true);
  });

  it('expires a session unpaid past its time: CANCELLED, its promo use given back, paying refused', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'LASTONE', percentOff: 10, maxRedemptions: 1 });
    const abandoned = (
      await guestCheckout(app, {
        customerEmail: 'gone@example.com',
        promoCode: 'LASTONE',
        items: [{ productId: pack.id, quantity: 1 }],
      })
    ).body as unknown as Session;
    const fresh = await pendingSession(app, 'fresh@example.com');
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, abandoned.orderId));

    // The sweep main.ts runs every 15 minutes; run twice, it changes the order once.
    expect(await expireStaleLocalSessions(db, silent)).toBe(1);
    expect(await expireStaleLocalSessions(db, silent)).toBe(0);
    expect((await orderRow(db, abandoned.orderId)).status).toBe('CANCELLED');
    expect((await orderRow(db, fresh.orderId)).status).toBe('PENDING');
    const [code] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'LASTONE'));
    expect(code?.redemptions).toBe(0);

    const refused = await pay(app, abandoned.sessionId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'CONFLICT', message: 'Checkout session has expired. Please start over.' },
    });
  });

  it('refuses to charge a session past its time that no sweep has reached yet, and cancels it', async ({
    app,
    db,
  }) => {
    const late = await pendingSession(app, 'late@example.com');
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.orderId));
    const refused = await pay(app, late.sessionId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'CONFLICT', message: 'Checkout session has expired. Please start over.' },
    });
    expect((await orderRow(db, late.orderId)).status).toBe('CANCELLED');
    expect(await receipts(db)).toEqual([]);
  });

  it('clears a signed-in buyer’s cart once paid, and links the receipt to the download hub', async ({
    app,
    db,
  }) => {
    const { browser } = await signedInBrowser(app, 'cartpay@example.com');
    await browser.request('/api/cart/items', { body: { productId: pack.id } });
    const session = (
      await browser.request('/api/checkout/sessions', { body: { checkoutType: 'cart' } })
    ).body as unknown as Session;
    await pay(app, session.sessionId);
    expect((await browser.request('/api/cart')).body).toEqual({ items: [] });
    const mail = (await receipts(db)).find(
      (m) => m.to === 'cartpay@example.com' && m.subject.startsWith('Your Loopmarket order'),
    );
    expect(mail?.text).toContain('http://store.test/download-hub');
  });
});

describe('order history', () => {
  it("lists only the caller's orders, newest first, by status and page; another's order is 404", async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'history@example.com');
    const { browser: other } = await signedInBrowser(app, 'other@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await browser.request('/api/checkout/sessions', {
        body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
      });
      ids.push((res.body as unknown as Session).orderId);
    }
    const page = await browser.request('/api/orders?limit=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ limit: 2, offset: 0, hasMore: true });
    expect((page.body as { data: { id: string }[] }).data.map((o) => o.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    const rest = await browser.request('/api/orders?limit=2&offset=2');
    expect(rest.body).toMatchObject({
      hasMore: false,
      data: [{ id: ids[0], status: 'PENDING', orderNumber: ids[0]!.slice(-8).toUpperCase() }],
    });
    expect((await browser.request('/api/orders?status=COMPLETED')).body).toMatchObject({
      data: [],
    });

    expect((await other.request('/api/orders')).body).toMatchObject({ data: [] });
    const stolen = await other.request(`/api/orders/${ids[0]}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
    // A malformed id answers as an unknown one: nothing tells the two apart.
    const malformed = await other.request('/api/orders/not-an-id');
    expect(malformed).toMatchObject({ status: 404, body: stolen.body });
    const anonymous = await new TestBrowser(app).request('/api/orders');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'User not authenticated' },
    });
  });
});
