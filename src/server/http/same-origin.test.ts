import { describe, expect } from 'vitest';
import { cartItems, orders, type ProductRow } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import { CROSS_SITE_MESSAGE } from './same-origin';

let pack: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
});

const refused = { error: { code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE } };

describe('state-changing calls from another site', () => {
  it.for<[string, Record<string, string>]>([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['a look-alike Origin', { origin: 'http://store.test.evil.example' }],
    ['Sec-Fetch-Site cross-site, no Origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site, no Origin', { origin: '', 'sec-fetch-site': 'same-site' }],
  ])('are refused with 403 and change nothing: %s', async ([, headers], { app, db }) => {
    const { browser } = await signedInBrowser(app, 'victim@example.com');
    const attack = (path: string, init: { method?: string; body?: unknown }) =>
      browser.request(path, { ...init, headers });

    const writes = [
      await attack('/api/cart/items', { body: { productId: pack.id } }),
      await attack('/api/checkout/sessions', {
        body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
      }),
      await attack('/api/downloads', { body: { orderItemId: crypto.randomUUID() } }),
      await attack('/api/cart', { method: 'DELETE' }),
      await attack('/api/auth/sign-out', { body: {} }),
    ];
    for (const res of writes) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refused);
    }
    expect(await db.select().from(cartItems)).toEqual([]);
    expect(await db.select().from(orders)).toEqual([]);
    expect((await browser.request('/api/account')).status).toBe(200);
  });

  it("go through from the store's own pages, by Origin or by Sec-Fetch-Site", async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'buyer@example.com');
    const own = await browser.request('/api/cart/items', { body: { productId: pack.id } });
    expect(own.status).toBe(200);
    const sameOrigin = await browser.request('/api/cart/items', {
      body: { productId: pack.id },
      headers: { origin: '', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('leave reads alone, and let programs without browser headers through (webhooks, scripts)', async ({
    app,
  }) => {
    const visitor = new TestBrowser(app, { origin: 'https://evil.example' });
    expect((await visitor.request('/api/products')).status).toBe(200);
    const program = await app.request('/api/promo-codes/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'SAVE20' }),
    });
    expect(program.status).toBe(200);
  });
});
