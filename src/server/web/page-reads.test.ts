import { describe, expect } from 'vitest';
import { createProduct } from '#tests/support/factories';
import { it } from '#tests/support/fixtures';

describe("the server rendering's reads of the API", () => {
  it('answers as the API does, for a visitor who is signed out', async ({ app, customer, db }) => {
    const product = await createProduct(db, { name: 'Reader Pack' });
    const read = await app.app.pageReads.request(`/api/products/${product.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ data: { id: product.id, name: 'Reader Pack' } });

    const missing = await app.app.pageReads.request('/api/products/not-a-product');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    // A session cookie is not read: the page is drawn the same for everybody.
    const cookie = customer.cookieHeader();
    const mine = await app.app.pageReads.request('/api/cart', { headers: { cookie } });
    expect(mine.status).toBe(401);
  });

  it('refuses anything but a read', async ({ app }) => {
    const write = await app.app.pageReads.request('/api/cart/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'x', quantity: 1 }),
    });
    expect(write.status).toBe(404);
  });
});
