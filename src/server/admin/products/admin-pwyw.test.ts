import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { products } from '#server/db/schema';
import type { AdminProduct } from '#shared/admin-products-api';
import { pwywMessages as m } from '#shared/pay-what-you-want';
import type { Product } from '#shared/catalogue';
import type { TestBrowser } from '#tests/support/auth-client';
import { it } from '#tests/support/fixtures';

const create = (admin: TestBrowser, body: Record<string, unknown>) =>
  admin.request('/api/admin/products', {
    body: { name: 'Tape Loops', price: '15.00', status: 'active', ...body },
  });
const patch = (admin: TestBrowser, id: string, body: unknown) =>
  admin.request(`/api/admin/products/${id}`, { method: 'PATCH', body });
const dataOf = (res: { body: unknown }) => (res.body as { data: AdminProduct }).data;

describe("the owner's pay-what-you-want terms", () => {
  it('stores the minimum and the confirm amount, and the store shows them', async ({
    app,
    db,
    admin,
  }) => {
    const res = await create(admin, {
      payWhatYouWant: true,
      minimumPrice: '5',
      confirmAbove: '100.00',
    });
    expect(res.status).toBe(201);
    const product = dataOf(res);
    expect(product.editor).toMatchObject({
      payWhatYouWant: true,
      minimumPrice: '5.00',
      confirmAbove: '100.00',
    });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({
      priceCents: 1500,
      pwywMinimumCents: 500,
      pwywConfirmAboveCents: 10_000,
    });
    const shown = await app.app.request(`/api/products/${product.id}`);
    expect(((await shown.json()) as { data: Product }).data.payWhatYouWant).toEqual({
      minimumCents: 500,
      confirmAboveCents: 10_000,
    });

    // Switched off, the terms go and the product sells at its price.
    const off = await patch(admin, product.id, { payWhatYouWant: false });
    expect(dataOf(off).editor).toMatchObject({ payWhatYouWant: false, minimumPrice: '' });
    const plain = await app.app.request(`/api/products/${product.id}`);
    expect(((await plain.json()) as { data: Product }).data.payWhatYouWant).toBeNull();
  });

  it.for([
    [{ payWhatYouWant: true, minimumPrice: '' }, 'minimumPrice', m.minimumRequired],
    [{ payWhatYouWant: true, minimumPrice: 'five' }, 'minimumPrice', m.minimumFormat],
    [{ payWhatYouWant: true, minimumPrice: '15.01' }, 'minimumPrice', m.minimumAbovePrice],
    [
      { payWhatYouWant: true, minimumPrice: '0', confirmAbove: '14.99' },
      'confirmAbove',
      m.confirmBelowPrice,
    ],
    [
      { payWhatYouWant: true, minimumPrice: '0', confirmAbove: '10000' },
      'confirmAbove',
      m.confirmAboveMaximum,
    ],
  ] as const)('refuses %o on %s', async ([body, field, message], { admin }) => {
    const res = await create(admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { [field]: [message] } } });
  });

  it('refuses lowering the price below the minimum', async ({ admin }) => {
    const product = dataOf(await create(admin, { payWhatYouWant: true, minimumPrice: '5' }));
    const res = await patch(admin, product.id, { price: '4.00' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { minimumPrice: [m.minimumAbovePrice] } } });
  });
});
