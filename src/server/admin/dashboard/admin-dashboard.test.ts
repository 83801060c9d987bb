import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { dashboardMessages, type AdminDashboard } from '#shared/admin-dashboard-rules';
import { downloads, orderItems, refunds, users } from '#server/db/schema';
import type { TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';

/**
 * A store with known totals over the last 7, 30 and 90 UTC days: sales, partial and whole
 * refunds (rows and Stripe running totals), unpaid orders that must not count, downloads, promo
 * codes and new customers, each placed on a day counted back from today (UTC).
 */
const todayStart = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);
/** One hour into the UTC day `n` days ago, and that day as YYYY-MM-DD. */
const daysAgo = (n: number) => new Date(todayStart - n * 86_400_000 + 3_600_000);
const dayName = (n: number) => daysAgo(n).toISOString().slice(0, 10);

test.beforeAll(async ({ db }) => {
  const alpha = await createProduct(db, { name: 'Alpha Drum Kit', priceCents: 2500 });
  const beta = await createProduct(db, { name: 'Beta Loops', priceCents: 1000 });

  // Paid yesterday with SPRING (10 % off): gross 2250.
  await createOrder(db, alpha, {
    status: 'COMPLETED',
    completedAt: daysAgo(1),
    promoCode: 'SPRING',
    discountCents: 250,
    totalCents: 2250,
  });
  // Paid yesterday, 500 refunded today (a refunds row).
  const partly = await createOrder(db, alpha, {
    status: 'COMPLETED',
    completedAt: daysAgo(1),
    refundedCents: 500,
  });
  await db.insert(refunds).values({
    id: 'lre_partly',
    orderId: partly.order.id,
    provider: 'local',
    amountCents: 500,
    createdAt: daysAgo(0),
  });
  // Paid 3 days ago; Stripe reported 300 refunded (no row) on the order 2 days ago.
  const stripe = await createOrder(db, beta, {
    status: 'COMPLETED',
    provider: 'stripe',
    completedAt: daysAgo(3),
    refundedCents: 300,
    updatedAt: daysAgo(2),
  });
  // Paid 5 days ago with WINTER, wholly refunded: 400 by a row 4 days ago, the other 600 by
  // Stripe's running total 3 days ago. Its line was refunded: no product revenue.
  const whole = await createOrder(db, beta, {
    status: 'REFUNDED',
    provider: 'stripe',
    completedAt: daysAgo(5),
    promoCode: 'WINTER',
    refundedCents: 1000,
    updatedAt: daysAgo(3),
  });
  await db
    .update(orderItems)
    .set({ refundedAt: daysAgo(3) })
    .where(eq(orderItems.id, whole.item.id));
  await db.insert(refunds).values({
    id: 're_whole',
    orderId: whole.order.id,
    provider: 'stripe',
    amountCents: 400,
    createdAt: daysAgo(4),
  });
  // Paid 10 days ago (in 30 days, not 7); 200 of it refunded yesterday.
  const older = await createOrder(db, alpha, {
    status: 'COMPLETED',
    completedAt: daysAgo(10),
    refundedCents: 200,
  });
  await db.insert(refunds).values({
    id: 'lre_older',
    orderId: older.order.id,
    provider: 'local',
    amountCents: 200,
    createdAt: daysAgo(1),
  });
  // Never paid: none of these count, whatever their dates and codes say.
  await createOrder(db, alpha, { status: 'PENDING', promoCode: 'SPRING' });
  await createOrder(db, beta, { status: 'FAILED', completedAt: daysAgo(1), promoCode: 'SPRING' });
  await createOrder(db, alpha, { status: 'CANCELLED', completedAt: daysAgo(2) });

  // Downloads: Beta 3 times this week and once 20 days ago, Alpha once this week.
  const download = (item: typeof stripe.item, createdAt: Date) => ({
    productId: item.productId,
    orderItemId: item.id,
    createdAt,
  });
  await db
    .insert(downloads)
    .values([
      download(stripe.item, daysAgo(3)),
      download(stripe.item, daysAgo(2)),
      download(stripe.item, daysAgo(0)),
      download(stripe.item, daysAgo(20)),
      download(partly.item, daysAgo(1)),
    ]);

  // Customers: two joined 2 days ago, one 40 days ago; the admin (today) is not a customer.
  await db.insert(users).values([
    { email: 'new1@example.com', createdAt: daysAgo(2) },
    { email: 'new2@example.com', createdAt: daysAgo(2) },
    { email: 'old@example.com', createdAt: daysAgo(40) },
  ]);
});

async function dashboard(admin: TestBrowser, query = ''): Promise<AdminDashboard> {
  const answer = await admin.request(`/api/admin/dashboard${query}`);
  expect(answer.status).toBe(200);
  expect(answer.response.headers.get('Cache-Control')).toBe('no-store');
  return answer.body as unknown as AdminDashboard;
}

const day = (n: number, fields: Partial<AdminDashboard['series'][number]> = {}) => ({
  day: dayName(n),
  grossCents: 0,
  refundsCents: 0,
  netCents: 0,
  taxCents: 0,
  orders: 0,
  newCustomers: 0,
  ...fields,
});

describe('GET /api/admin/dashboard', () => {
  it('counts the last 7 UTC days: every day, gross by payment, refunds by when they happened', async ({
    admin,
  }) => {
    const week = await dashboard(admin, '?days=7');
    expect(week).toMatchObject({ days: 7, from: dayName(6), to: dayName(0) });
    expect(week.series).toEqual([
      day(6),
      day(5, { grossCents: 1000, netCents: 1000, orders: 1 }),
      day(4, { refundsCents: 400, netCents: -400 }),
      day(3, { grossCents: 1000, refundsCents: 600, netCents: 400, orders: 1 }),
      day(2, { refundsCents: 300, netCents: -300, newCustomers: 2 }),
      day(1, { grossCents: 4750, refundsCents: 200, netCents: 4550, orders: 2 }),
      day(0, { refundsCents: 500, netCents: -500 }),
    ]);
    expect(week.totals).toEqual({
      grossCents: 6750,
      refundsCents: 2000,
      netCents: 4750,
      taxCents: 0,
      orders: 4,
      newCustomers: 2,
    });
    expect(week.topByRevenue).toEqual([
      { productId: expect.any(String), name: 'Alpha Drum Kit', revenueCents: 5000, units: 2 },
      { productId: expect.any(String), name: 'Beta Loops', revenueCents: 1000, units: 1 },
    ]);
    expect(week.topByDownloads).toEqual([
      { productId: expect.any(String), name: 'Beta Loops', downloads: 3 },
      { productId: expect.any(String), name: 'Alpha Drum Kit', downloads: 1 },
    ]);
    expect(week.promoCodes).toEqual([
      { code: 'SPRING', uses: 1, discountCents: 250, grossCents: 2250 },
      { code: 'WINTER', uses: 1, discountCents: 0, grossCents: 1000 },
    ]);
  });

  it('is 7 days when not told, and reaches older sales over 30 and 90 days', async ({ admin }) => {
    expect((await dashboard(admin)).totals).toEqual((await dashboard(admin, '?days=7')).totals);

    const month = await dashboard(admin, '?days=30');
    expect(month.series).toHaveLength(30);
    expect(month.series[0]!.day).toBe(dayName(29));
    expect(month.series.find((d) => d.day === dayName(10))).toEqual(
      day(10, { grossCents: 2500, netCents: 2500, orders: 1 }),
    );
    expect(month.totals).toEqual({
      grossCents: 9250,
      refundsCents: 2000,
      netCents: 7250,
      taxCents: 0,
      orders: 5,
      newCustomers: 2,
    });
    expect(month.topByRevenue[0]).toMatchObject({ name: 'Alpha Drum Kit', revenueCents: 7500 });
    expect(month.topByDownloads[0]).toMatchObject({ name: 'Beta Loops', downloads: 4 });

    const quarter = await dashboard(admin, '?days=90');
    expect(quarter.series).toHaveLength(90);
    expect(quarter.totals.newCustomers).toBe(3);
    expect(quarter.totals.netCents).toBe(7250);
  });

  it('refuses any other period with a field message', async ({ admin }) => {
    for (const days of ['14', '0', 'abc', '7.5']) {
      const answer = await admin.request(`/api/admin/dashboard?days=${days}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { days: [dashboardMessages.period] } },
      });
    }
  });
});
