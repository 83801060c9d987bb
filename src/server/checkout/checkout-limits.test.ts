import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { orders, promoCodes, type ProductRow } from '#server/db/schema';
import { TOO_MANY_REQUESTS } from '#server/http/rate-limit';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';

let pack: ProductRow;
// Addresses come from the proxy header here, so each test can speak from several.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
});

const from = (app: TestContext, address: string) =>
  new TestBrowser(app, { 'x-forwarded-for': address });
const checkout = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.request('/api/checkout/sessions', {
    body: { customerEmail: 'buyer@example.com', ...body },
  });
const onePack = (body: Record<string, unknown> = {}) => ({
  items: [{ productId: pack.id, quantity: 1 }],
  ...body,
});
const orderCount = async (db: Db) => (await db.select().from(orders)).length;
const errorOf = (res: { body: Record<string, unknown> | null }) =>
  (res.body as { error: { code: string; message: string } }).error;

describe('checkout rate limits', () => {
  it('refuses the 21st checkout session from one address in a minute with 429 and Retry-After; another address goes on', async ({
    app,
    db,
  }) => {
    const shopper = from(app, '203.0.113.10');
    for (let i = 0; i < 20; i++) expect((await checkout(shopper, onePack())).status).toBe(200);
    const refused = await checkout(shopper, onePack());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS } });
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await orderCount(db)).toBe(20);
    expect((await checkout(from(app, '203.0.113.11'), onePack())).status).toBe(200);
  });

  it('counts promo codes tried at checkout and at validation against one limit of 30 a minute', async ({
    app,
    db,
  }) => {
    const guesser = from(app, '198.51.100.7');
    for (let i = 0; i < 15; i++) {
      const res = await guesser.request('/api/promo-codes/validate', { body: { code: `G${i}` } });
      expect(res.status).toBe(400);
    }
    for (let i = 15; i < 30; i++) {
      const res = await checkout(guesser, onePack({ promoCode: `G${i}` }));
      expect(errorOf(res).message).toBe('Invalid or expired promo code');
    }
    // The 31st try is refused through either door, even with a real code.
    const atCheckout = await checkout(guesser, onePack({ promoCode: 'SAVE20' }));
    expect(atCheckout.status).toBe(429);
    expect(errorOf(atCheckout).code).toBe('RATE_LIMITED');
    expect(atCheckout.response.headers.get('retry-after')).toMatch(/^\d+$/);
    const atValidation = await guesser.request('/api/promo-codes/validate', {
      body: { code: 'SAVE20' },
    });
    expect(atValidation.status).toBe(429);
    expect(await orderCount(db)).toBe(0);

    // A checkout without a code is no guess; another address guesses on.
    expect((await checkout(guesser, onePack())).status).toBe(200);
    expect(
      (await checkout(from(app, '198.51.100.8'), onePack({ promoCode: 'SAVE20' }))).status,
    ).toBe(200);
  });
});

describe('what one order may hold', () => {
  it('refuses a licence the product is not sold under, and a quantity past its purchase limit', async ({
    app,
    db,
  }) => {
    const single = await createProduct(db, {
      name: 'One Copy Plugin',
      metadata: { purchase_limit: '1', product_type: 'digital_download' },
    });
    const fivePer = await createProduct(db, { metadata: { purchase_limit: '5' } });
    const cases: [unknown[], string, string][] = [
      [
        [{ productId: single.id, quantity: 1000, licenseType: 'exclusive' }],
        'VALIDATION_FAILED',
        'The exclusive license is not offered for this product',
      ],
      [
        [{ productId: single.id, quantity: 1000 }],
        'PURCHASE_LIMIT',
        'Maximum quantity for this item is 1',
      ],
      // The limit counts every line of the product.
      [
        [
          { productId: single.id, quantity: 1 },
          { productId: single.id, quantity: 1 },
        ],
        'PURCHASE_LIMIT',
        'Maximum quantity for this item is 1',
      ],
      [
        [
          { productId: fivePer.id, quantity: 3 },
          { productId: fivePer.id, quantity: 3 },
        ],
        'PURCHASE_LIMIT',
        'Maximum quantity for this item is 5',
      ],
    ];
    for (const [items, code, message] of cases) {
      for (const checkoutType of ['cart', 'direct']) {
        const res = await checkout(from(app, '192.0.2.50'), { checkoutType, items });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: { code, message } });
      }
    }
    expect(await orderCount(db)).toBe(0);
    const allowed = await checkout(from(app, '192.0.2.99'), {
      items: [
        { productId: fivePer.id, quantity: 2 },
        { productId: fivePer.id, quantity: 3, licenseType: 'standard' },
      ],
    });
    expect(allowed.status).toBe(200);
  });

  it("refuses a signed-in buyer's stored cart line in a licence the product is not sold under", async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'licence@example.com');
    await browser.request('/api/cart/items', {
      body: { productId: pack.id, quantity: 1, licenseType: 'extended' },
    });
    const res = await browser.request('/api/checkout/sessions', { body: { checkoutType: 'cart' } });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe('The extended license is not offered for this product');
  });

  it('refuses more than 50 lines, and a total above $100,000, with 400 instead of overflowing', async ({
    app,
    db,
  }) => {
    const studio = await createProduct(db, { name: 'Studio', priceCents: 999_900 });
    const lines = Array.from({ length: 51 }, () => ({ productId: pack.id, quantity: 1 }));
    const tooMany = await checkout(from(app, '192.0.2.1'), { items: lines });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(tooMany.body).toMatchObject({
      error: { fields: { items: ['An order can hold at most 50 different items'] } },
    });

    // 3 lines × 1000 of a $9,999 product: $29,997,000, past the 32-bit money columns.
    const huge = await checkout(from(app, '192.0.2.2'), {
      items: Array.from({ length: 3 }, () => ({ productId: studio.id, quantity: 1000 })),
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message:
          'An order cannot total more than $100,000.00. Please split it into smaller orders.',
      },
    });
    // Refused after the promo code was taken: the transaction gives the use back.
    const withCode = await checkout(from(app, '192.0.2.3'), {
      promoCode: 'SAVE20',
      items: [{ productId: studio.id, quantity: 20 }],
    });
    expect(withCode.status).toBe(400);
    expect(await orderCount(db)).toBe(0);
    const [save20] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'SAVE20'));
    expect(save20?.redemptions).toBe(0);

    // 9 × $9,999 with 8% tax is $97,190.28: allowed.
    const large = await checkout(from(app, '192.0.2.4'), {
      items: [{ productId: studio.id, quantity: 9 }],
    });
    expect(large.status).toBe(200);
    expect((large.body as { totalCents: number }).totalCents).toBe(9_719_028);
  });
});
