import { describe, expect } from 'vitest';
import { signedInAdmin } from '#tests/support/auth-client';
import { createCategory, createOrder, createProduct } from '#tests/support/factories';
import { it } from '#tests/support/fixtures';

describe('GET /api/admin/summary', () => {
  it("counts the catalogue and the paid orders' revenue net of refunds", async ({ app, db }) => {
    const category = await createCategory(db);
    await createCategory(db);
    const pack = await createProduct(db, { categoryId: category.id, priceCents: 2500 });
    await createProduct(db, { status: 'archived' });
    await createProduct(db);
    await createOrder(db, pack, { status: 'COMPLETED' });
    await createOrder(db, pack, { status: 'COMPLETED', refundedCents: 500 });
    await createOrder(db, pack, { status: 'PENDING' });
    await createOrder(db, pack, { status: 'REFUNDED', refundedCents: 2500 });

    const { browser } = await signedInAdmin(app, 'owner@example.com');
    const answer = await browser.request('/api/admin/summary');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      products: { active: 2, inactive: 1 },
      categories: 2,
      paidOrders: 2,
      revenueCents: 2500 + 2000,
    });
    expect(answer.response.headers.get('Cache-Control')).toBe('no-store');
  });
});
