import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  adminOrderListQuerySchema,
  adminOrderMessages,
  type AdminOrderDetail,
  type AdminOrderPage,
} from '#shared/admin-orders';
import { orderNumber } from '#shared/checkout';
import { adminAudit, orderItems, orders, promoCodes, type ProductRow } from '#server/db/schema';
import { latestEmailTo, signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';
import { listAdminOrders } from './admin-order-list';

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

let pack: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2000 });
});

const list = async (admin: TestBrowser, query: string) => {
  const answer = await admin.request(`/api/admin/orders?${query}`);
  expect(answer.status).toBe(200);
  return answer.body as AdminOrderPage;
};
const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

describe('GET /api/admin/orders', () => {
  it('filters by status, provider, promo code and days, finds by number or e-mail, and pages', async ({
    db,
    admin,
  }) => {
    const a = await createOrder(db, pack, {
      email: 'Ada@Example.com',
      status: 'COMPLETED',
      createdAt: day('2026-11-01'),
    });
    const b = await createOrder(db, pack, {
      email: 'bob@example.com',
      status: 'PENDING',
      provider: 'stripe',
      createdAt: day('2026-11-02'),
    });
    const c = await createOrder(db, pack, {
      email: 'carol_x@example.com',
      status: 'COMPLETED',
      promoCode: 'SAVE10',
      createdAt: day('2026-11-03'),
    });
    const ids = (page: AdminOrderPage) => page.data.map((o) => o.id);

    const all = await list(admin, 'unpaid=show');
    expect(ids(all)).toEqual([c.order.id, b.order.id, a.order.id]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.data[2]).toEqual({
      id: a.order.id,
      orderNumber: orderNumber(a.order.id),
      email: 'Ada@Example.com',
      customerDeleted: false,
      status: 'COMPLETED',
      provider: 'local',
      promoCode: null,
      totalCents: 2000,
      refundedCents: 0,
      itemCount: 1,
      createdAt: '2026-11-01T12:00:00.000Z',
    });

    expect(ids(await list(admin, 'status=COMPLETED'))).toEqual([c.order.id, a.order.id]);
    expect(ids(await list(admin, 'provider=stripe&unpaid=show'))).toEqual([b.order.id]);
    expect(ids(await list(admin, 'promo=save10'))).toEqual([c.order.id]);
    expect(ids(await list(admin, 'from=2026-11-02&to=2026-11-02&unpaid=show'))).toEqual([
      b.order.id,
    ]);
    expect(ids(await list(admin, 'from=2026-11-02&unpaid=show'))).toEqual([c.order.id, b.order.id]);
    expect(ids(await list(admin, `q=${orderNumber(a.order.id).toLowerCase()}`))).toEqual([
      a.order.id,
    ]);
    expect(ids(await list(admin, `q=${b.order.id}&unpaid=show`))).toEqual([b.order.id]);
    expect(ids(await list(admin, 'q=ADA@'))).toEqual([a.order.id]);
    // A LIKE wildcard in the search is a character, not a pattern.
    expect(ids(await list(admin, 'q=carol_'))).toEqual([c.order.id]);
    expect(ids(await list(admin, 'q=car%25'))).toEqual([]);

    const second = await list(admin, 'pageSize=25&page=2&unpaid=show');
    expect(second).toMatchObject({ data: [], total: 3, page: 2, totalIsEstimate: false });
  });

  it('leaves out orders never paid by default (abandoned, failed, cancelled), and shows them when asked', async ({
    db,
    admin,
  }) => {
    const made = {} as Record<string, string>;
    for (const [i, status] of (
      ['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED', 'REFUNDED'] as const
    ).entries()) {
      const { order } = await createOrder(db, pack, {
        status,
        refundedCents: status === 'REFUNDED' ? 2000 : 0,
        createdAt: day(`2026-11-0${i + 1}`),
      });
      made[status] = order.id;
    }
    const ids = (page: AdminOrderPage) => page.data.map((o) => o.id);

    const paid = await list(admin, '');
    expect(ids(paid)).toEqual([made.REFUNDED, made.COMPLETED]);
    expect(paid).toMatchObject({ total: 2, totalIsEstimate: false });
    const everything = await list(admin, 'unpaid=show');
    expect(ids(everything)).toEqual([
      made.REFUNDED,
      made.CANCELLED,
      made.FAILED,
      made.PENDING,
      made.COMPLETED,
    ]);
    expect(everything.total).toBe(5);
    // Asking for an unpaid status shows it: the filter is the owner's choice.
    expect(ids(await list(admin, 'status=PENDING'))).toEqual([made.PENDING]);
    expect(ids(await list(admin, 'status=CANCELLED'))).toEqual([made.CANCELLED]);
    expect((await admin.request('/api/admin/orders?unpaid=maybe')).status).toBe(400);
  });

  it('counts exactly up to its limit and estimates beyond it, never below what it counted', async ({
    db,
  }) => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await createOrder(db, pack, { email, status: 'COMPLETED' });
    }
    const query = adminOrderListQuerySchema.parse({});
    expect(await listAdminOrders(db, query, 3)).toMatchObject({ total: 3, totalIsEstimate: false });
    const estimated = await listAdminOrders(db, query, 2);
    expect(estimated.totalIsEstimate).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(3);
    expect(estimated.data).toHaveLength(3);
    // A filter is estimated with the same conditions: nothing matches, so it is counted exactly.
    const none = adminOrderListQuerySchema.parse({ status: 'REFUNDED' });
    expect(await listAdminOrders(db, none, 2)).toMatchObject({ total: 0, totalIsEstimate: false });
  });

  it('refuses a backwards date range and an unknown page size', async ({ admin }) => {
    const backwards = await admin.request('/api/admin/orders?from=2026-11-03&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { to: [adminOrderMessages.dateRange] } },
    });
    expect((await admin.request('/api/admin/orders?pageSize=7')).status).toBe(400);
    expect((await admin.request('/api/admin/orders?status=LOST')).status).toBe(400);
  });
});

/** A customer's paid order through the test processor, downloaded once. */
async function paidAndDownloaded(db: Db, app: TestContext) {
  const { browser } = await signedInBrowser(app, 'buyer@example.com');
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
    })
  ).body as { sessionId: string; orderId: string };
  await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
  return { browser, orderId: session.orderId, lineId: line!.id };
}

describe('GET /api/admin/orders/:id', () => {
  it('shows the lines with what each paid, the payment’s events and the refunds', async ({
    app,
    db,
    admin,
  }) => {
    const { orderId, lineId } = await paidAndDownloaded(db, app);
    await admin.request(`/api/admin/orders/${orderId}/refunds`, { body: {} });
    const answer = await admin.request(`/api/admin/orders/${orderId}`);
    expect(answer.status).toBe(200);
    const detail = (answer.body as { data: AdminOrderDetail }).data;
    expect(detail).toMatchObject({
      id: orderId,
      email: 'buyer@example.com',
      status: 'REFUNDED',
      provider: 'local',
      subtotalCents: 2000,
      taxCents: 160,
      totalCents: 2160,
      refundedCents: 2160,
      cardBrand: 'visa',
      cardLast4: '4242',
      items: [
        {
          id: lineId,
          name: 'Drum Pack',
          quantity: 1,
          paidCents: 2160,
          downloadsRemaining: 0,
          refundedAt: expect.any(String),
          downloads: [],
        },
      ],
      events: [
        expect.objectContaining({ type: 'completed', provider: 'local' }),
        expect.objectContaining({ type: 'refunded', provider: 'local' }),
      ],
      refunds: [{ id: expect.stringMatching(/^lre_/), amountCents: 2160, orderItemIds: [lineId] }],
    });
    expect(
      (await admin.request('/api/admin/orders/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
  });
});

describe('order actions', () => {
  it('resends a paid order’s receipt to its buyer', async ({ app, db, admin }) => {
    const { orderId } = await paidAndDownloaded(db, app);
    const first = await latestEmailTo(app, 'buyer@example.com');
    const answer = await admin.request(`/api/admin/orders/${orderId}/receipt`, { method: 'POST' });
    expect(answer.status).toBe(202);
    const again = await latestEmailTo(app, 'buyer@example.com');
    expect(again?.id).not.toBe(first?.id);
    expect(again?.subject).toBe(first?.subject);
    const pending = await createOrder(db, pack);
    const refused = await admin.request(`/api/admin/orders/${pending.order.id}/receipt`, {
      method: 'POST',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: adminOrderMessages.notPaid } });
  });

  it('gives a line extra downloads with a reason, in the audit log', async ({ app, db, admin }) => {
    const { browser, orderId, lineId } = await paidAndDownloaded(db, app);
    const path = `/api/admin/orders/${orderId}/items/${lineId}/downloads`;
    const answer = await admin.request(path, { body: { extra: 2, reason: 'Lost the files' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      orderItemId: lineId,
      downloadsRemaining: pack.downloadLimit + 2,
    });
    const purchases = (await browser.request('/api/purchases')).body as {
      data: { downloadsRemaining: number }[];
    };
    expect(purchases.data[0]?.downloadsRemaining).toBe(pack.downloadLimit + 2);
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.entityId, orderId));
    expect(entry).toMatchObject({
      action: 'extra-downloads',
      changes: {
        [`downloadsRemaining:${lineId}`]: [pack.downloadLimit, pack.downloadLimit + 2],
        reason: [null, 'Lost the files'],
      },
    });

    expect((await admin.request(path, { body: { extra: 0, reason: 'x' } })).status).toBe(400);
    expect((await admin.request(path, { body: { extra: 1, reason: ' ' } })).status).toBe(400);
    const otherLine = `/api/admin/orders/${orderId}/items/00000000-0000-4000-8000-000000000000/downloads`;
    expect((await admin.request(otherLine, { body: { extra: 1, reason: 'x' } })).status).toBe(404);
    await admin.request(`/api/admin/orders/${orderId}/refunds`, { body: {} });
    expect((await admin.request(path, { body: { extra: 1, reason: 'x' } })).status).toBe(409);
  });

  it('cancels a pending order and gives its promo code’s use back; a paid one stays', async ({
    db,
    admin,
  }) => {
    await db.insert(promoCodes).values({ code: 'HALF', percentOff: 50, redemptions: 1 });
    const pending = await createOrder(db, pack, { promoCode: 'HALF', promoHeld: true });
    const answer = await admin.request(`/api/admin/orders/${pending.order.id}/cancel`, {
      method: 'POST',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: pending.order.id, status: 'CANCELLED' });
    const [order] = await db.select().from(orders).where(eq(orders.id, pending.order.id));
    expect(order).toMatchObject({ status: 'CANCELLED', promoHeld: false });
    const [code] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'HALF'));
    expect(code?.redemptions).toBe(0);

    const again = await admin.request(`/api/admin/orders/${pending.order.id}/cancel`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: adminOrderMessages.notPending } });
    const paid = await createOrder(db, pack, { status: 'COMPLETED' });
    expect(
      (await admin.request(`/api/admin/orders/${paid.order.id}/cancel`, { method: 'POST' })).status,
    ).toBe(409);
  });
});
