import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  promoCodeCategories,
  promoCodeProducts,
  promoCodes,
  type ProductRow,
} from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { createTestContext, type TestContext } from '#tests/support/test-app';

/**
 * The owner's terms of a code (issue 18.5) hold where the store applies it: the cart's preview
 * (POST /api/promo-codes/validate) and the checkout (POST /api/checkout/sessions).
 */
let ctx: TestContext;
let drums: ProductRow;
let bass: ProductRow;
let address = 0;
beforeAll(async () => {
  // Addresses come from the proxy header, so each request has its own promo-guess allowance.
  ctx = await createTestContext({ config: { trustedProxyHeader: 'x-forwarded-for' } });
  const kits = await createCategory(ctx.database.db, { name: 'Drum Kits', slug: 'drum-kits' });
  drums = await createProduct(ctx.database.db, {
    name: 'Drum Pack',
    priceCents: 2000,
    categoryId: kits.id,
  });
  bass = await createProduct(ctx.database.db, { name: 'Bass Pack', priceCents: 3000 });
  await ctx.database.db
    .insert(promoCodes)
    .values({ code: 'KITS', percentOff: 50 })
    .then(() =>
      ctx.database.db.insert(promoCodeCategories).values({ code: 'KITS', categoryId: kits.id }),
    );
});
afterAll(() => ctx.close());

const fresh = () => new TestBrowser(ctx, { 'x-forwarded-for': `203.0.113.${++address}` });
const checkout = (
  promoCode: string,
  products: ProductRow[],
  { browser = fresh(), email = 'guest@example.com' } = {},
) =>
  browser.request('/api/checkout/sessions', {
    body: {
      checkoutType: 'direct',
      customerEmail: email,
      promoCode,
      items: products.map((p) => ({ productId: p.id, quantity: 1 })),
    },
  });
const preview = (code: string, products?: ProductRow[], browser = fresh()) =>
  browser.request('/api/promo-codes/validate', {
    body: { code, productIds: products?.map((p) => p.id) },
  });
const refused = (message: string) => ({
  status: 400,
  body: { error: { code: 'INVALID_PROMO_CODE', message } },
});
const ordersWith = async (code: string) =>
  ctx.database.db.select().from(orders).where(eq(orders.promoCode, code));

describe('the start and end of a code', () => {
  it('refuses a code before its start, in the cart and at checkout, and writes no order', async () => {
    await ctx.database.db
      .insert(promoCodes)
      .values({ code: 'LATER', percentOff: 10, startsAt: new Date(Date.now() + 3_600_000) });
    expect(await preview('later', [drums])).toMatchObject(
      refused('This promo code is not active yet'),
    );
    expect(await checkout('LATER', [drums])).toMatchObject(
      refused('This promo code is not active yet'),
    );
    expect(await ordersWith('LATER')).toHaveLength(0);
  });

  it("refuses a code past its end: 'This promo code has expired' in the cart, the spec's words at checkout", async () => {
    await ctx.database.db.insert(promoCodes).values({
      code: 'BYGONE',
      percentOff: 10,
      startsAt: new Date(Date.now() - 7_200_000),
      expiresAt: new Date(Date.now() - 60_000),
    });
    expect(await preview('BYGONE', [drums])).toMatchObject(refused('This promo code has expired'));
    expect(await checkout('bygone', [drums])).toMatchObject(
      refused('Invalid or expired promo code'),
    );
    expect(await ordersWith('BYGONE')).toHaveLength(0);
  });

  it('takes a code inside its window', async () => {
    await ctx.database.db.insert(promoCodes).values({
      code: 'NOWISH',
      percentOff: 10,
      startsAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await checkout('NOWISH', [drums])).status).toBe(200);
    expect(await ordersWith('NOWISH')).toMatchObject([{ discountCents: 200 }]);
  });
});

describe('a code limited to products or categories', () => {
  it('applies a product-limited code to that product and refuses an order holding another, naming it', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'BASSONLY', percentOff: 20 });
    await ctx.database.db
      .insert(promoCodeProducts)
      .values({ code: 'BASSONLY', productId: bass.id });
    const message = 'This promo code does not apply to Drum Pack';
    expect(await preview('BASSONLY', [bass, drums])).toMatchObject(refused(message));
    expect(await checkout('BASSONLY', [bass, drums])).toMatchObject(refused(message));
    expect(await preview('BASSONLY', [bass])).toMatchObject({
      status: 200,
      body: { code: 'BASSONLY', percentOff: 20 },
    });
    expect((await checkout('BASSONLY', [bass])).status).toBe(200);
    expect(await ordersWith('BASSONLY')).toMatchObject([
      { subtotalCents: 3000, discountCents: 600 },
    ]);
  });

  it('applies a category-limited code to the products in it only', async () => {
    expect(await checkout('KITS', [bass])).toMatchObject(
      refused('This promo code does not apply to Bass Pack'),
    );
    expect((await checkout('kits', [drums])).status).toBe(200);
    expect(await ordersWith('KITS')).toMatchObject([{ discountCents: 1000 }]);
  });

  it('answers a bare code check (no cart sent) with the code, leaving the products to checkout', async () => {
    expect(await preview('KITS')).toMatchObject({ status: 200, body: { percentOff: 50 } });
  });
});

describe('one use per customer', () => {
  it("refuses a guest's second order with the code, by email in any case; another guest may use it", async () => {
    await ctx.database.db
      .insert(promoCodes)
      .values({ code: 'FIRSTBUY', percentOff: 15, oncePerCustomer: true });
    expect((await checkout('FIRSTBUY', [drums], { email: 'ada@example.com' })).status).toBe(200);
    expect(await checkout('FIRSTBUY', [bass], { email: 'ADA@Example.com' })).toMatchObject(
      refused('You have already used this promo code'),
    );
    expect((await checkout('FIRSTBUY', [bass], { email: 'grace@example.com' })).status).toBe(200);
    expect((await ordersWith('FIRSTBUY')).map((o) => o.email).sort()).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('refuses a signed-in customer who used it, in the cart and at checkout', async () => {
    await ctx.database.db
      .insert(promoCodes)
      .values({ code: 'ONCEMORE', percentOff: 15, oncePerCustomer: true });
    const { browser } = await signedInBrowser(ctx, 'lin@example.com');
    expect((await preview('ONCEMORE', [drums], browser)).status).toBe(200);
    expect((await checkout('ONCEMORE', [drums], { browser })).status).toBe(200);
    const message = 'You have already used this promo code';
    expect(await preview('ONCEMORE', [bass], browser)).toMatchObject(refused(message));
    expect(await checkout('ONCEMORE', [bass], { browser })).toMatchObject(refused(message));
    expect(await ordersWith('ONCEMORE')).toHaveLength(1);
  });

  it('gives the code back to a customer whose order with it was abandoned', async () => {
    await ctx.database.db
      .insert(promoCodes)
      .values({ code: 'RETRY', percentOff: 15, oncePerCustomer: true });
    const first = await checkout('RETRY', [drums], { email: 'mo@example.com' });
    const { orderId } = first.body as { orderId: string };
    const { abandonOrder } = await import('#server/checkout/checkout.service');
    await abandonOrder(ctx.database.db, orderId);
    expect((await checkout('RETRY', [drums], { email: 'mo@example.com' })).status).toBe(200);
  });

  it('lets one of two simultaneous checkouts by one customer have it', async () => {
    await ctx.database.db
      .insert(promoCodes)
      .values({ code: 'RACE', percentOff: 15, oncePerCustomer: true });
    const results = await Promise.all(
      [drums, bass].map((p) => checkout('RACE', [p], { email: 'twin@example.com' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await ordersWith('RACE')).toHaveLength(1);
  });
});
