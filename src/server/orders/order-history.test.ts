import { describe, expect } from 'vitest';
import type { OrderView } from '#shared/orders';
import type { ProductRow } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { expireStaleLocalSessions } from '#server/payments/session-expiry';
import { createOrder, createProduct, minutesAgo } from '#tests/support/factories';
import { test, test as it } from '#tests/support/fixtures';
import type { TestBrowser } from '#tests/support/auth-client';

const MINUTE = 60_000;
const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

let pack: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2000 });
});

const history = async (browser: TestBrowser) => {
  const answer = await browser.request('/api/orders');
  expect(answer.status).toBe(200);
  return (answer.body as { data: OrderView[] }).data;
};
const startCheckout = async (browser: TestBrowser) => {
  const answer = await browser.request('/api/checkout/sessions', {
    body: { checkoutType: 'direct', items: [{ productId: pack.id, quantity: 1 }] },
  });
  expect(answer.status).toBe(200);
  return answer.body as { orderId: string; sessionId: string };
};

describe("a buyer's order history and unpaid orders", () => {
  it('lists a checkout left unpaid with its session to finish paying, and drops it once the session has ended', async ({
    db,
    customer,
  }) => {
    const paid = await startCheckout(customer);
    await customer.request(`/api/payments/local/sessions/${paid.sessionId}/pay`, {
      body: goodCard,
    });
    const started = Date.now();
    const left = await startCheckout(customer);

    const live = await history(customer);
    expect(live.map((o) => [o.id, o.status])).toEqual([
      [left.orderId, 'PENDING'],
      [paid.orderId, 'COMPLETED'],
    ]);
    expect(live[0]!.unpaidSession?.sessionId).toBe(left.sessionId);
    expect(new Date(live[0]!.unpaidSession!.expiresAt).getTime() - started).toBeLessThanOrEqual(
      30 * MINUTE + 1_000,
    );
    expect(live[1]!.unpaidSession).toBeNull();
    // The session listed is the one the checkout resumes: its hosted page, same order.
    const resumed = await customer.request(`/api/checkout/sessions/${left.sessionId}/hosted`, {
      method: 'POST',
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      orderId: left.orderId,
      url: `http://store.test/checkout/hosted?session_id=${left.sessionId}`,
    });

    // Half an hour on, the sweep cancels the abandoned checkout: it is no longer listed.
    const later = new Date(Date.now() + 30 * MINUTE + 1_000);
    expect(await expireStaleLocalSessions(db, createLogger('silent'), later)).toBe(1);
    expect((await history(customer)).map((o) => o.id)).toEqual([paid.orderId]);
  });

  it('never lists an order that was not paid: past its session (before any sweep), failed or cancelled', async ({
    db,
    customer,
  }) => {
    const userId = customer.user.id;
    const refunded = await createOrder(db, pack, {
      userId,
      status: 'REFUNDED',
      refundedCents: 2000,
      createdAt: minutesAgo(50),
    });
    for (const [status, minutes] of [
      ['FAILED', 40],
      ['CANCELLED', 30],
    ] as const)
      await createOrder(db, pack, { userId, status, createdAt: minutesAgo(minutes) });
    await createOrder(db, pack, {
      userId,
      status: 'PENDING',
      providerSessionId: `lcs_ended_${userId}`,
      createdAt: minutesAgo(35),
      expiresAt: minutesAgo(5),
    });
    expect((await history(customer)).map((o) => [o.id, o.status])).toEqual([
      [refunded.order.id, 'REFUNDED'],
    ]);
    const asked = await customer.request('/api/orders?status=CANCELLED');
    expect(asked.body).toMatchObject({ data: [], hasMore: false });
  });
});
