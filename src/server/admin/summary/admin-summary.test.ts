import { describe, expect } from 'vitest';
import { signedInAdmin } from '#tests/support/auth-client';
import { createCategory, createOrder, createProduct } from '#tests/support/factories';
import { it } from '#tests/support/fixtures';

describe('GET /api/admin/summary', () => {
  it("counts the catalogue and the paid orders' revenue net of refunds and of tax", async ({
    app,
    db,
  }) => {
    const category = await createCategory(db);
    await createCategory(db);
    const pack = await createProduct(db, { categoryId: category.id, priceCents: 2500 });
    await createProduct(db, { status: 'archived' });
    await createProduct(db);
    await createOrder(db, pack, { status: 'COMPLETED' });
    await createOrder(db, pack, { status: 'COMPLETED', refundedCents: 500 });
    await createOrder(db, pack, { status: 'PENDING' });
    await createOrder(db, pack, { status: 'REFUNDED', refundedCents: 2500 });
    // €100 + 19% VAT, €59.50 of it refunded: €50 of revenue net of tax is left.
    await createOrder(db, pack, {
      status: 'COMPLETED',
      subtotalCents: 10000,
      taxCents: 1900,
      totalCents: 11900,
      refundedCents: 5950,
    });

    const { browser } = await signedInAdmin(app, 'owner@example.com');
    const answer = await browser.request('/api/admin/summary');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      products: { active: 2, inactive: 1 },
      categories: 2,
      paidOrders: 3,
      revenueCents: 2500 + 2000 + 5000,
    });
    expect(answer.response.headers.get('Cache-Control')).toBe('no-store');
  });
});
