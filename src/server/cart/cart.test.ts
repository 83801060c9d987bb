import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cartItems, type ProductRow } from '#server/db/schema';
import { PROMO_CODE_MAX_LENGTH, promoCodeSchema } from '#shared/promo';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

let pack: ProductRow;
let plugin: ProductRow;
let single: ProductRow;
test.beforeEach(async ({ db }) => {
  const category = await createCategory(db, { name: 'Plugins' });
  pack = await createProduct(db, {
    name: 'Drum Pack',
    priceCents: 2999,
    categoryId: category.id,
    metadata: { originalPrice: 3999, purchase_limit: '5' },
  });
  plugin = await createProduct(db, { name: 'Synth', priceCents: 4999 });
  single = await createProduct(db, {
    name: 'One Copy',
    priceCents: 999,
    metadata: { purchase_limit: '1' },
  });
});

type Items = { items: { productId: string; quantity: number; licenseType: string }[] };
const items = (body: unknown) => (body as Items).items;

describe('the signed-in cart', () => {
  it('answers 401 User not authenticated without a session, for every call', async ({ app }) => {
    const guest = new TestBrowser(app);
    const calls = [
      guest.request('/api/cart'),
      guest.request('/api/cart', { method: 'DELETE' }),
      guest.request('/api/cart/items', { body: { productId: pack.id } }),
      guest.request(`/api/cart/items/${pack.id}`, { method: 'PATCH', body: { quantity: 2 } }),
      guest.request(`/api/cart/items/${pack.id}`, { method: 'DELETE' }),
      guest.request('/api/cart/merge', { body: { items: [] } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'User not authenticated' },
      });
    }
  });

  it('adds, lists newest first at current prices, sets quantities, removes and clears', async ({
    app,
    db,
  }) => {
    const { browser } = await signedInBrowser(app, 'cart@example.com');
    await browser.request('/api/cart/items', { body: { productId: pack.id, quantity: 2 } });
    const added = await browser.request('/api/cart/items', { body: { productId: plugin.id } });
    expect(added.status).toBe(200);
    expect(items(added.body)).toEqual([
      expect.objectContaining({
        productId: plugin.id,
        quantity: 1,
        priceCents: 4999,
        licenseType: 'standard',
      }),
      expect.objectContaining({
        productId: pack.id,
        quantity: 2,
        priceCents: 2999,
        originalPriceCents: 3999,
        category: 'Plugins',
        purchaseLimit: 5,
      }),
    ]);

    const again = await browser.request('/api/cart/items', { body: { productId: pack.id } });
    expect(items(again.body).find((l) => l.productId === pack.id)?.quantity).toBe(3);

    const set = await browser.request(`/api/cart/items/${pack.id}`, {
      method: 'PATCH',
      body: { quantity: 4 },
    });
    expect(items(set.body).find((l) => l.productId === pack.id)?.quantity).toBe(4);

    const zero = await browser.request(`/api/cart/items/${pack.id}`, {
      method: 'PATCH',
      body: { quantity: 0 },
    });
    expect(items(zero.body).map((l) => l.productId)).toEqual([plugin.id]);

    const removed = await browser.request(`/api/cart/items/${plugin.id}`, { method: 'DELETE' });
    expect(items(removed.body)).toEqual([]);

    await browser.request('/api/cart/items', { body: { productId: plugin.id } });
    const cleared = await browser.request('/api/cart', { method: 'DELETE' });
    expect(items(cleared.body)).toEqual([]);
    expect(await db.select().from(cartItems)).toHaveLength(0);
  });

  it('keeps separate lines per licence type', async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'licence@example.com');
    await browser.request('/api/cart/items', { body: { productId: plugin.id } });
    const res = await browser.request('/api/cart/items', {
      body: { productId: plugin.id, licenseType: 'extended' },
    });
    expect(
      items(res.body)
        .map((l) => l.licenseType)
        .sort(),
    ).toEqual(['extended', 'standard']);
  });

  it('enforces the purchase limit on add and on quantity, with the texts the buyer reads', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'limits@example.com');
    expect(
      (await browser.request('/api/cart/items', { body: { productId: single.id } })).status,
    ).toBe(200);
    const second = await browser.request('/api/cart/items', { body: { productId: single.id } });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      error: {
        code: 'PURCHASE_LIMIT',
        message: 'Already in your cart',
      },
    });
    const forged = await browser.request('/api/cart/items', {
      body: { productId: pack.id, quantity: 6 },
    });
    expect(forged.body).toMatchObject({
      error: { message: 'Cannot add more than 5 of this item to your cart' },
    });
    await browser.request('/api/cart/items', { body: { productId: pack.id } });
    const tooMany = await browser.request(`/api/cart/items/${pack.id}`, {
      method: 'PATCH',
      body: { quantity: 6 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      error: { code: 'PURCHASE_LIMIT', message: 'Maximum quantity for this item is 5' },
    });
  });

  it('lets no burst of simultaneous adds pass the limit', async ({ app, db }) => {
    const { browser } = await signedInBrowser(app, 'burst@example.com');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        browser.request('/api/cart/items', { body: { productId: single.id } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const [row] = await db.select().from(cartItems).where(eq(cartItems.productId, single.id));
    expect(row?.quantity).toBe(1);
  });

  it('refuses unknown and inactive products, and bad input', async ({ app, db }) => {
    const { browser } = await signedInBrowser(app, 'unknown@example.com');
    const hidden = await createProduct(db, { status: 'archived' });
    for (const productId of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await browser.request('/api/cart/items', { body: { productId } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { code: 'PRODUCT_NOT_FOUND', message: 'This product is no longer available' },
      });
    }
    const bad = await browser.request('/api/cart/items', {
      body: { productId: 'nope', quantity: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('shows each user only their own cart, the same on every device', async ({ app }) => {
    const { browser: phone } = await signedInBrowser(app, 'one@example.com');
    const { browser: other } = await signedInBrowser(app, 'two@example.com');
    await phone.request('/api/cart/items', { body: { productId: pack.id } });
    expect(items((await other.request('/api/cart')).body)).toEqual([]);

    const laptop = new TestBrowser(app);
    await laptop.request('/api/auth/sign-in/email', {
      body: { email: 'one@example.com', password: 'correct-horse' },
    });
    expect(items((await laptop.request('/api/cart')).body).map((l) => l.productId)).toEqual([
      pack.id,
    ]);
  });

  it('merges a browser cart into the stored one: same product and licence add up, unknown ones are skipped', async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'merge@example.com');
    await browser.request('/api/cart/items', { body: { productId: pack.id, quantity: 1 } });
    await browser.request('/api/cart/items', { body: { productId: single.id } });
    const merged = await browser.request('/api/cart/merge', {
      body: {
        items: [
          { productId: pack.id, quantity: 2 },
          { productId: single.id, quantity: 1 },
          { productId: plugin.id, quantity: 1, licenseType: 'extended' },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    const byProduct = Object.fromEntries(items(merged.body).map((l) => [l.productId, l.quantity]));
    expect(byProduct).toEqual({ [pack.id]: 3, [single.id]: 1, [plugin.id]: 1 });
  });
});

describe('promo codes', () => {
  const validate = (app: TestContext, code: string, browser = new TestBrowser(app)) =>
    browser.request('/api/promo-codes/validate', { body: { code } });

  it.for<[string, string, number]>([
    ['save20', 'SAVE20', 20],
    ['  Welcome10 ', 'WELCOME10', 10],
    ['SPECIAL25', 'SPECIAL25', 25],
    ['launch', 'LAUNCH', 15],
  ])(
    '%s is matched case-insensitively and answered upper-case',
    async ([typed, code, percentOff], { app }) => {
      const res = await validate(app, typed);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code, percentOff, amountOffCents: null, productIds: null });
    },
  );

  it("refuses unknown, inactive and used-up codes as 'Invalid promo code', and says when a code has ended or not started", async ({
    app,
    db,
  }) => {
    const { promoCodes } = await import('#server/db/schema');
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60 * 60_000);
    await db.insert(promoCodes).values([
      { code: 'OFF', percentOff: 5, isActive: false },
      { code: 'OLD', percentOff: 5, expiresAt: past },
      { code: 'SOON', percentOff: 5, startsAt: future },
      { code: 'GONE', percentOff: 5, maxRedemptions: 1, redemptions: 1 },
    ]);
    const refusals = [];
    for (const code of ['NOPE', 'off', 'OLD', 'soon', 'GONE']) {
      const res = await validate(app, code);
      refusals.push([code, res.status, res.body]);
    }
    const refused = (message: string) => ({ error: { code: 'INVALID_PROMO_CODE', message } });
    expect(refusals).toEqual([
      ['NOPE', 400, refused('Invalid promo code')],
      ['off', 400, refused('Invalid promo code')],
      ['OLD', 400, refused('This promo code has expired')],
      ['soon', 400, refused('This promo code is not active yet')],
      ['GONE', 400, refused('Invalid promo code')],
    ]);
  });

  it.for<[string, string, string]>([
    ['a blank code', '  ', 'Please enter a promo code'],
    ['an over-long code', 'A'.repeat(PROMO_CODE_MAX_LENGTH + 1), 'Invalid promo code'],
  ])("refuses %s with the promo form's own message", async ([, code, message], { app }) => {
    expect(promoCodeSchema.safeParse(code).error?.issues.map((i) => i.message)).toEqual([message]);
    const res = await validate(app, code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Invalid code', fields: { code: [message] } },
    });
  });

  it('stops guessing after 30 tries a minute from one address', async ({ app }) => {
    const browser = new TestBrowser(app);
    for (let i = 0; i < 30; i++) await validate(app, `GUESS${i}`, browser);
    const res = await validate(app, 'SAVE20', browser);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
