import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  orderItems,
  orders,
  promoCodeCategories,
  promoCodeProducts,
  promoCodes,
  type ProductRow,
} from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';

/**
 * The owner's terms of a code hold where the store applies it: the cart's preview
 * (POST /api/promo-codes/validate) and the checkout (POST /api/checkout/sessions).
 */
let drums: ProductRow;
let bass: ProductRow;
let address = 0;
// Addresses come from the proxy header, so each request has its own promo-guess allowance.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });
test.beforeAll(async ({ db }) => {
  const kits = await createCategory(db, { name: 'Drum Kits', slug: 'drum-kits' });
  drums = await createProduct(db, {
    name: 'Drum Pack',
    priceCents: 2000,
    categoryId: kits.id,
  });
  bass = await createProduct(db, { name: 'Bass Pack', priceCents: 3000 });
  await db
    .insert(promoCodes)
    .values({ code: 'KITS', percentOff: 50 })
    .then(() => db.insert(promoCodeCategories).values({ code: 'KITS', categoryId: kits.id }));
});

const fresh = (app: TestContext) =>
  new TestBrowser(app, { 'x-forwarded-for': `203.0.113.${++address}` });
const checkout = (
  app: TestContext,
  promoCode: string,
  products: ProductRow[],
  { browser = fresh(app), email = 'guest@example.com' } = {},
) =>
  browser.request('/api/checkout/sessions', {
    body: {
      checkoutType: 'direct',
      customerEmail: email,
      promoCode,
      items: products.map((p) => ({ productId: p.id, quantity: 1 })),
    },
  });
const preview = (app: TestContext, code: string, products?: ProductRow[], browser = fresh(app)) =>
  browser.request('/api/promo-codes/validate', {
    body: { code, productIds: products?.map((p) => p.id) },
  });
const refused = (message: string) => ({
  status: 400,
  body: { error: { code: 'INVALID_PROMO_CODE', message } },
});
const lineDiscounts = async (db: Db, orderId: string) =>
  Object.fromEntries(
    (await db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).map((line) => [
      line.productId,
      line.discountCents,
    ]),
  );
const ordersWith = async (db: Db, code: string) =>
  db.select().from(orders).where(eq(orders.promoCode, code));

describe('the start and end of a code', () => {
  it('refuses a code before its start, in the cart and at checkout, and writes no order', async ({
    app,
    db,
  }) => {
    await db
      .insert(promoCodes)
      .values({ code: 'LATER', percentOff: 10, startsAt: new Date(Date.now() + 3_600_000) });
    expect(await preview(app, 'later', [drums])).toMatchObject(
      refused('This promo code is not active yet'),
    );
    expect(await checkout(app, 'LATER', [drums])).toMatchObject(
      refused('This promo code is not active yet'),
    );
    expect(await ordersWith(db, 'LATER')).toHaveLength(0);
  });

  it("refuses a code past its end: 'This promo code has expired' in the cart, the checkout's wording there", async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({
      code: 'BYGONE',
      percentOff: 10,
      startsAt: new Date(Date.now() - 7_200_000),
      expiresAt: new Date(Date.now() - 60_000),
    });
    expect(await preview(app, 'BYGONE', [drums])).toMatchObject(
      refused('This promo code has expired'),
    );
    expect(await checkout(app, 'bygone', [drums])).toMatchObject(
      refused('Invalid or expired promo code'),
    );
    expect(await ordersWith(db, 'BYGONE')).toHaveLength(0);
  });

  it('takes a code inside its window', async ({ app, db }) => {
    await db.insert(promoCodes).values({
      code: 'NOWISH',
      percentOff: 10,
      startsAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await checkout(app, 'NOWISH', [drums])).status).toBe(200);
    expect(await ordersWith(db, 'NOWISH')).toMatchObject([{ discountCents: 200 }]);
  });
});

describe('a code limited to products or categories', () => {
  it('discounts only its product in a mixed cart, and refuses a cart without it, naming the product', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'BASSONLY', percentOff: 20 });
    await db.insert(promoCodeProducts).values({ code: 'BASSONLY', productId: bass.id });
    expect(await preview(app, 'BASSONLY', [bass, drums])).toMatchObject({
      status: 200,
      body: { code: 'BASSONLY', percentOff: 20, amountOffCents: null, productIds: [bass.id] },
    });
    expect(await preview(app, 'BASSONLY', [drums])).toMatchObject(
      refused('This promo code does not apply to Drum Pack'),
    );
    expect(await checkout(app, 'BASSONLY', [drums])).toMatchObject(
      refused('This promo code does not apply to Drum Pack'),
    );
    expect((await checkout(app, 'BASSONLY', [bass, drums])).status).toBe(200);
    const [order] = await ordersWith(db, 'BASSONLY');
    expect(order).toMatchObject({ subtotalCents: 5000, discountCents: 600 });
    expect(await lineDiscounts(db, order!.id)).toEqual({ [bass.id]: 600, [drums.id]: 0 });
  });

  it('applies a category-limited code to the products in it only', async ({ app, db }) => {
    expect(await checkout(app, 'KITS', [bass])).toMatchObject(
      refused('This promo code does not apply to Bass Pack'),
    );
    expect((await checkout(app, 'kits', [drums])).status).toBe(200);
    expect(await ordersWith(db, 'KITS')).toMatchObject([{ discountCents: 1000 }]);
  });

  it('answers a bare code check (no cart sent) with the code, leaving the products to checkout', async ({
    app,
  }) => {
    expect(await preview(app, 'KITS')).toMatchObject({ status: 200, body: { percentOff: 50 } });
  });
});

describe('a fixed-amount code', () => {
  it('takes its amount off the whole order, shared over the lines in whole cents', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'FIVER', amountOffCents: 500 });
    expect(await preview(app, 'fiver', [drums, bass])).toMatchObject({
      status: 200,
      body: { code: 'FIVER', percentOff: null, amountOffCents: 500, productIds: null },
    });
    expect((await checkout(app, 'FIVER', [drums, bass])).status).toBe(200);
    const [order] = await ordersWith(db, 'FIVER');
    // 8% estimate on 4500.
    expect(order).toMatchObject({
      subtotalCents: 5000,
      discountCents: 500,
      taxCents: 360,
      totalCents: 4860,
    });
    expect(await lineDiscounts(db, order!.id)).toEqual({ [drums.id]: 200, [bass.id]: 300 });
  });

  it('scoped: takes off at most what its lines cost, never the other lines', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'KITS40', amountOffCents: 4000 });
    const [kits] = await db
      .select()
      .from(promoCodeCategories)
      .where(eq(promoCodeCategories.code, 'KITS'));
    await db.insert(promoCodeCategories).values({ code: 'KITS40', categoryId: kits!.categoryId });
    expect((await checkout(app, 'KITS40', [bass, drums])).status).toBe(200);
    const [order] = await ordersWith(db, 'KITS40');
    expect(order).toMatchObject({ subtotalCents: 5000, discountCents: 2000, totalCents: 3240 });
    expect(await lineDiscounts(db, order!.id)).toEqual({ [drums.id]: 2000, [bass.id]: 0 });
    expect(await checkout(app, 'KITS40', [bass])).toMatchObject(
      refused('This promo code does not apply to Bass Pack'),
    );
  });
});

describe('one use per customer', () => {
  it("refuses a guest's second order with the code, by email in any case; another guest may use it", async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'FIRSTBUY', percentOff: 15, oncePerCustomer: true });
    expect((await checkout(app, 'FIRSTBUY', [drums], { email: 'ada@example.com' })).status).toBe(
      200,
    );
    expect(await checkout(app, 'FIRSTBUY', [bass], { email: 'ADA@Example.com' })).toMatchObject(
      refused('You have already used this promo code'),
    );
    expect((await checkout(app, 'FIRSTBUY', [bass], { email: 'grace@example.com' })).status).toBe(
      200,
    );
    expect((await ordersWith(db, 'FIRSTBUY')).map((o) => o.email).sort()).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('refuses a signed-in customer who used it, in the cart and at checkout', async ({
    app,
    db,
  }) => {
    await db.insert(promoCodes).values({ code: 'ONCEMORE', percentOff: 15, oncePerCustomer: true });
    const { browser } = await signedInBrowser(app, 'lin@example.com');
    expect((await preview(app, 'ONCEMORE', [drums], browser)).status).toBe(200);
    expect((await checkout(app, 'ONCEMORE', [drums], { browser })).status).toBe(200);
    const message = 'You have already used this promo code';
    expect(await preview(app, 'ONCEMORE', [bass], browser)).toMatchObject(refused(message));
    expect(await checkout(app, 'ONCEMORE', [bass], { browser })).toMatchObject(refused(message));
    expect(await ordersWith(db, 'ONCEMORE')).toHaveLength(1);
  });

  it('gives the code back to a customer whose order with it was abandoned', async ({ app, db }) => {
    await db.insert(promoCodes).values({ code: 'RETRY', percentOff: 15, oncePerCustomer: true });
    const first = await checkout(app, 'RETRY', [drums], { email: 'mo@example.com' });
    const { orderId } = first.body as { orderId: string };
    const { abandonOrder } = await import('#server/checkout/checkout.service');
    await abandonOrder(db, orderId);
    expect((await checkout(app, 'RETRY', [drums], { email: 'mo@example.com' })).status).toBe(200);
  });

  it('lets one of two simultaneous checkouts by one customer have it', async ({ app, db }) => {
    await db.insert(promoCodes).values({ code: 'RACE', percentOff: 15, oncePerCustomer: true });
    const results = await Promise.all(
      [drums, bass].map((p) => checkout(app, 'RACE', [p], { email: 'twin@example.com' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await ordersWith(db, 'RACE')).toHaveLength(1);
  });
});
