import { describe, expect } from 'vitest';
import type { AdminDashboard } from '#shared/admin-dashboard-rules';
import { refunds } from '#server/db/schema';
import { createOrder, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';

/** The dashboard's revenue is net of tax, tax-inclusive or not, and tax is shown apart. */
const todayStart = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);
const daysAgo = (n: number) => new Date(todayStart - n * 86_400_000 + 3_600_000);

test.beforeAll(async ({ db }) => {
  const pack = await createProduct(db, { name: 'Taxed Pack', priceCents: 10000 });
  // Yesterday: a German consumer, €100 + 19% (tax-exclusive); half refunded today.
  const german = await createOrder(db, pack, {
    status: 'COMPLETED',
    completedAt: daysAgo(1),
    subtotalCents: 10000,
    taxCents: 1900,
    totalCents: 11900,
    refundedCents: 5950,
    country: 'DE',
  });
  await db.insert(refunds).values({
    id: 'lre_half',
    orderId: german.order.id,
    provider: 'local',
    amountCents: 5950,
    createdAt: daysAgo(0),
  });
  // Yesterday: a UK buyer, £12 tax-inclusive (2 of it VAT).
  await createOrder(db, pack, {
    status: 'COMPLETED',
    completedAt: daysAgo(1),
    subtotalCents: 1200,
    taxCents: 200,
    totalCents: 1200,
    pricesIncludeTax: true,
    country: 'GB',
  });
});

describe('the dashboard with tax', () => {
  it('counts revenue net of tax and the tax collected apart, refunds taking back their tax share', async ({
    admin,
  }) => {
    const answer = await admin.request('/api/admin/dashboard?days=7');
    const week = answer.body as unknown as AdminDashboard;
    expect(week.series.at(-2)).toMatchObject({
      grossCents: 10000 + 1000,
      refundsCents: 0,
      netCents: 11000,
      taxCents: 1900 + 200,
      orders: 2,
    });
    // Half of €119 refunded: €50 of revenue and €9.50 of tax.
    expect(week.series.at(-1)).toMatchObject({
      grossCents: 0,
      refundsCents: 5000,
      netCents: -5000,
      taxCents: -950,
    });
    expect(week.totals).toEqual({
      grossCents: 11000,
      refundsCents: 5000,
      netCents: 6000,
      taxCents: 1150,
      orders: 2,
      newCustomers: 0,
    });
  });
});
