import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { DEFAULT_TAX_SETTINGS } from '#shared/tax-settings';
import type { Db } from '#server/db/client';
import { cartItems, orderItems, orders, promoCodes, type ProductRow } from '#server/db/schema';
import { latestEmailTo, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { test as it, test } from '#tests/support/fixtures';
import { priceOrder } from './order-pricing';

// Many checkouts from one test address.
test.override('appOptions', { config: { checkoutSessionsPerMinute: 1000 } });

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

/** A pack: pay at least $5, $15 suggested, confirm above $100. */
const pwywPack = (db: Db, fields: Partial<ProductRow> = {}) =>
  createProduct(db, {
    name: 'Tape Loops',
    priceCents: 1500,
    pwywMinimumCents: 500,
    pwywConfirmAboveCents: 10_000,
    ...fields,
  });

type Item = {
  productId: string;
  quantity?: number;
  amountCents?: number;
  amountConfirmed?: boolean;
};

const guestCheckout = (browser: TestBrowser, items: Item[], extra: Record<string, unknown> = {}) =>
  browser.request('/api/checkout/sessions', {
    body: {
      checkoutType: 'cart',
      customerEmail: 'buyer@example.com',
      items: items.map((item) => ({ quantity: 1, ...item })),
      ...extra,
    },
  });

const orderOf = async (db: Db, id: string) => {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { order: order!, lines };
};

const refusal = (message: string) => ({ error: { code: 'VALIDATION_FAILED', message } });

describe('PWYW bounds and tax at checkout', () => {
  it('charges the amount typed, taxes it, and the receipt and order show it', async ({
    app,
    db,
  }) => {
    const pack = await pwywPack(db);
    const browser = new TestBrowser(app);
    const email = `pwyw-${randomUUID().slice(0, 8)}@example.com`;
    const res = await guestCheckout(browser, [{ productId: pack.id, amountCents: 2500 }], {
      customerEmail: email,
    });
    expect(res.status).toBe(200);
    const { orderId, sessionId } = res.body as { orderId: string; sessionId: string };
    // $25.00 typed (not the $15.00 suggested); the 8% estimate on it: $2.00.
    const { order, lines } = await orderOf(db, orderId);
    expect(order).toMatchObject({ subtotalCents: 2500, taxCents: 200, totalCents: 2700 });
    expect(lines).toMatchObject([{ productId: pack.id, unitPriceCents: 2500, taxCents: 200 }]);

    const paid = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
      body: goodCard,
    });
    expect(paid.status).toBe(200);
    const receipt = await latestEmailTo(app, email);
    expect(receipt?.text).toContain('Tape Loops');
    expect(receipt?.text).toContain('$25.00');
    expect(receipt?.text).toContain('$27.00');
  });

  it('charges the suggested price when no amount is given', async ({ app, db }) => {
    const pack = await pwywPack(db);
    const res = await guestCheckout(new TestBrowser(app), [{ productId: pack.id }]);
    const { order } = await orderOf(db, (res.body as { orderId: string }).orderId);
    expect(order).toMatchObject({ subtotalCents: 1500, taxCents: 120, totalCents: 1620 });
  });

  it('refuses an amount below the minimum, above the ceiling, or above the confirm amount unconfirmed', async ({
    app,
    db,
  }) => {
    const pack = await pwywPack(db);
    const browser = new TestBrowser(app);
    const below = await guestCheckout(browser, [{ productId: pack.id, amountCents: 499 }]);
    expect(below.status).toBe(400);
    expect(below.body).toEqual(refusal('The least you can pay for Tape Loops is $5.00'));

    const huge = { productId: pack.id, amountCents: 1_000_001, amountConfirmed: true };
    const above = await guestCheckout(browser, [huge]);
    expect(above.status).toBe(400);
    expect(above.body).toEqual(refusal('The most you can pay for Tape Loops is $10,000.00'));

    const unconfirmed = await guestCheckout(browser, [{ productId: pack.id, amountCents: 20_000 }]);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toEqual(
      refusal('Please confirm you want to pay $200.00 for Tape Loops'),
    );

    const confirmed = await guestCheckout(browser, [
      { productId: pack.id, amountCents: 20_000, amountConfirmed: true },
    ]);
    expect(confirmed.status).toBe(200);
    const { lines } = await orderOf(db, (confirmed.body as { orderId: string }).orderId);
    expect(lines).toMatchObject([{ unitPriceCents: 20_000 }]);
  });

  it('takes a promo code off the amount paid, then taxes what is left', async ({ app, db }) => {
    const pack = await pwywPack(db);
    const code = `PW${randomUUID().slice(0, 6).toUpperCase()}`;
    await db.insert(promoCodes).values({ code, percentOff: 10 });
    const res = await guestCheckout(
      new TestBrowser(app),
      [{ productId: pack.id, amountCents: 2500 }],
      {
        promoCode: code,
      },
    );
    expect(res.status).toBe(200);
    // $25.00 − 10% = $22.50; 8% = $1.80.
    const { order } = await orderOf(db, (res.body as { orderId: string }).orderId);
    expect(order).toMatchObject({
      subtotalCents: 2500,
      discountCents: 250,
      taxCents: 180,
      totalCents: 2430,
    });
  });

  it('ignores an amount for a product sold at its price', async ({ app, db }) => {
    const fixed = await createProduct(db, { name: 'Fixed Pack', priceCents: 1500 });
    const res = await guestCheckout(new TestBrowser(app), [
      { productId: fixed.id, amountCents: 1 },
    ]);
    const { order } = await orderOf(db, (res.body as { orderId: string }).orderId);
    expect(order.subtotalCents).toBe(1500);
  });

  it('prices a $0 amount on a $0 minimum as a $0 line', async ({ db }) => {
    const pack = await pwywPack(db, { pwywMinimumCents: 0 });
    const priced = await db.transaction((tx) =>
      priceOrder(
        tx,
        {
          checkoutType: 'cart',
          items: [
            {
              productId: pack.id,
              quantity: 1,
              licenseType: 'standard',
              amountCents: 0,
              amountConfirmed: false,
            },
          ],
        },
        { userId: null, email: 'buyer@example.com' },
        {
          settings: DEFAULT_TAX_SETTINGS,
          buyer: { country: 'US', region: null, vat: null },
          euCrossBorderSalesCents: 0,
        },
      ),
    );
    expect(priced.lines).toMatchObject([{ unitPriceCents: 0, taxCents: 0, discountCents: 0 }]);
    expect(priced.totals).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('the database refuses a minimum above the price or a confirm amount below it', async ({
    db,
  }) => {
    await expect(createProduct(db, { priceCents: 1000, pwywMinimumCents: 1001 })).rejects.toThrow();
    await expect(createProduct(db, { priceCents: 1000, pwywMinimumCents: -1 })).rejects.toThrow();
    await expect(
      createProduct(db, { priceCents: 1000, pwywMinimumCents: 0, pwywConfirmAboveCents: 999 }),
    ).rejects.toThrow();
    await expect(
      createProduct(db, { priceCents: 1000, pwywConfirmAboveCents: 5000 }),
    ).rejects.toThrow();
  });
});

type CartBody = {
  items: { productId: string; priceCents: number; amountCents: number | null }[];
};

describe('the amount in the stored cart', () => {
  it('keeps the amount chosen, changes it, refuses a bad one, and checks out at it', async ({
    db,
    customer,
  }) => {
    const pack = await pwywPack(db);
    const added = await customer.request('/api/cart/items', {
      body: { productId: pack.id, amountCents: 1200 },
    });
    expect(added.status).toBe(200);
    expect((added.body as CartBody).items).toMatchObject([
      {
        productId: pack.id,
        priceCents: 1200,
        amountCents: 1200,
        payWhatYouWant: { minimumCents: 500, suggestedCents: 1500, confirmAboveCents: 10_000 },
      },
    ]);
    const [row] = await db.select().from(cartItems).where(eq(cartItems.productId, pack.id));
    expect(row).toMatchObject({ amountCents: 1200, amountConfirmed: false });

    const low = await customer.request(`/api/cart/items/${pack.id}/amount`, {
      method: 'PATCH',
      body: { amountCents: 100 },
    });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject(refusal('The least you can pay for Tape Loops is $5.00'));
    const high = await customer.request(`/api/cart/items/${pack.id}/amount`, {
      method: 'PATCH',
      body: { amountCents: 15_000 },
    });
    expect(high.body).toMatchObject(
      refusal('Please confirm you want to pay $150.00 for Tape Loops'),
    );

    const changed = await customer.request(`/api/cart/items/${pack.id}/amount`, {
      method: 'PATCH',
      body: { amountCents: 15_000, amountConfirmed: true },
    });
    expect(changed.status).toBe(200);
    expect((changed.body as CartBody).items).toMatchObject([{ priceCents: 15_000 }]);
    const listed = await customer.request('/api/cart');
    expect((listed.body as CartBody).items).toMatchObject([{ amountCents: 15_000 }]);

    const res = await customer.request('/api/checkout/sessions', {
      body: { checkoutType: 'cart', items: [] },
    });
    expect(res.status).toBe(200);
    const { order, lines } = await orderOf(db, (res.body as { orderId: string }).orderId);
    expect(lines).toMatchObject([{ unitPriceCents: 15_000 }]);
    expect(order).toMatchObject({ subtotalCents: 15_000, taxCents: 1200 });
  });

  it('refuses adding below the minimum and keeps a guest amount when the cart merges', async ({
    db,
    customer,
  }) => {
    const pack = await pwywPack(db);
    const refused = await customer.request('/api/cart/items', {
      body: { productId: pack.id, amountCents: 499 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(refusal('The least you can pay for Tape Loops is $5.00'));

    const merged = await customer.request('/api/cart/merge', {
      body: { items: [{ productId: pack.id, quantity: 1, amountCents: 900 }] },
    });
    expect((merged.body as CartBody).items).toMatchObject([{ priceCents: 900, amountCents: 900 }]);
  });

  it('a guest amount the rule refuses merges as the suggested price', async ({ db, customer }) => {
    const pack = await pwywPack(db);
    const merged = await customer.request('/api/cart/merge', {
      body: { items: [{ productId: pack.id, quantity: 1, amountCents: 100 }] },
    });
    expect((merged.body as CartBody).items).toMatchObject([
      { priceCents: 1500, amountCents: null },
    ]);
  });
});
