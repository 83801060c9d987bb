import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { orders, promoCodes, type ProductRow } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { expireStaleLocalSessions } from '#server/payments/session-expiry';
import { signEvent } from '#server/payments/signed-event';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

const card = (cardNumber: string) => ({
  cardNumber,
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada',
});
const GOOD = '4242 4242 4242 4242';
const MINUTE = 60_000;
const DECLINED = '4000 0000 0000 0002';

type Session = { orderId: string; sessionId: string };

let pack: ProductRow;
let shopper = 0;
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
});

/** A guest checkout of one pack, each from an address of its own. */
async function checkout(app: TestContext, promoCode?: string) {
  const browser = new TestBrowser(app, { 'x-forwarded-for': `203.0.113.${++shopper % 250}` });
  return browser.request('/api/checkout/sessions', {
    body: {
      customerEmail: `shopper${shopper}@example.com`,
      promoCode,
      items: [{ productId: pack.id, quantity: 1 }],
    },
  });
}
const session = async (app: TestContext, promoCode?: string) => {
  const res = await checkout(app, promoCode);
  expect(res.status).toBe(200);
  return res.body as unknown as Session;
};
const pay = (app: TestContext, sessionId: string, cardNumber: string) =>
  new TestBrowser(app).request(`/api/payments/local/sessions/${sessionId}/pay`, {
    body: card(cardNumber),
  });
const orderRow = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const redemptions = async (db: Db, code: string) =>
  (await db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]?.redemptions;
const addCode = (db: Db, code: string, maxRedemptions: number | null) =>
  db.insert(promoCodes).values({ code, percentOff: 10, maxRedemptions });

describe('how long an unpaid order holds a promo code', () => {
  it('ends every unpaid session after 30 minutes: with a capped code, an uncapped one or none', async ({
    app,
    db,
  }) => {
    await addCode(db, 'CAPPED', 20);
    const capped = await orderRow(db, (await session(app, 'CAPPED')).orderId);
    const plain = await orderRow(db, (await session(app)).orderId);
    const uncapped = await orderRow(db, (await session(app, 'SAVE20')).orderId);
    const lasts = (order: typeof capped) => order.expiresAt.getTime() - order.createdAt.getTime();
    for (const order of [capped, plain, uncapped])
      expect(Math.abs(lasts(order) - 30 * MINUTE)).toBeLessThan(5_000);
  });

  it('the sweep of 30 minutes later cancels abandoned checkouts and gives a capped code’s uses back; 29 minutes later it leaves them', async ({
    app,
    db,
  }) => {
    await addCode(db, 'TWENTY', 20);
    const started = Date.now();
    const abandoned = [];
    for (let i = 0; i < 20; i++) abandoned.push(await session(app, 'TWENTY'));
    const plain = await session(app);
    expect(await redemptions(db, 'TWENTY')).toBe(20);
    expect((await checkout(app, 'TWENTY')).status).toBe(400);

    const logger = createLogger('silent');
    expect(await expireStaleLocalSessions(db, logger, new Date(started + 29 * MINUTE))).toBe(0);
    expect(await redemptions(db, 'TWENTY')).toBe(20);

    const later = new Date(Date.now() + 30 * MINUTE + 1_000);
    expect(await expireStaleLocalSessions(db, logger, later)).toBe(21);
    expect(await redemptions(db, 'TWENTY')).toBe(0);
    for (const { orderId } of [...abandoned, plain])
      expect(await orderRow(db, orderId)).toMatchObject({ status: 'CANCELLED', promoHeld: false });
    const customer = await checkout(app, 'TWENTY');
    expect(customer.status).toBe(200);
    expect(await redemptions(db, 'TWENTY')).toBe(1);
  });

  it('gives the uses of 20 abandoned checkouts of a cap-20 code back once their 30 minutes pass, without waiting for a sweep', async ({
    app,
    db,
  }) => {
    await addCode(db, 'TWENTY', 20);
    const abandoned = [];
    for (let i = 0; i < 20; i++) abandoned.push(await session(app, 'TWENTY'));
    const locked = await checkout(app, 'TWENTY');
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ error: { message: 'Invalid or expired promo code' } });

    // 30 minutes later (the sessions' end moved into the past), no sweep has run yet.
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(
        inArray(
          orders.id,
          abandoned.map((s) => s.orderId),
        ),
      );
    const customer = await checkout(app, 'TWENTY');
    expect(customer.status).toBe(200);
    expect(await redemptions(db, 'TWENTY')).toBe(1);
    for (const { orderId } of abandoned)
      expect((await orderRow(db, orderId)).status).toBe('CANCELLED');
    const late = await pay(app, abandoned[0]!.sessionId, GOOD);
    expect(late.status).toBe(409);
  });

  it('the sweep ends a capped session after its 30 minutes and gives the use back', async ({
    app,
    db,
  }) => {
    await addCode(db, 'ONCE', 1);
    const held = await session(app, 'ONCE');
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, held.orderId));
    expect(await expireStaleLocalSessions(db, createLogger('silent'))).toBe(1);
    expect(await redemptions(db, 'ONCE')).toBe(0);
  });
});

describe('a declined card', () => {
  it('gives the use back at once; the order stays payable and takes the use again with a good card', async ({
    app,
    db,
  }) => {
    await addCode(db, 'ONCE', 1);
    const first = await session(app, 'ONCE');
    expect(await redemptions(db, 'ONCE')).toBe(1);
    const declined = await pay(app, first.sessionId, DECLINED);
    expect(declined.status).toBe(402);
    expect(await redemptions(db, 'ONCE')).toBe(0);
    expect(await orderRow(db, first.orderId)).toMatchObject({
      status: 'PENDING',
      promoHeld: false,
    });

    const paid = await pay(app, first.sessionId, GOOD);
    expect(paid.status).toBe(200);
    expect(await orderRow(db, first.orderId)).toMatchObject({
      status: 'COMPLETED',
      promoHeld: true,
    });
    expect(await redemptions(db, 'ONCE')).toBe(1);
    expect((await checkout(app, 'ONCE')).status).toBe(400);
  });

  it('lets another buyer take the freed use; the declined order then cannot be paid with the code', async ({
    app,
    db,
  }) => {
    await addCode(db, 'ONCE', 1);
    const first = await session(app, 'ONCE');
    expect((await pay(app, first.sessionId, DECLINED)).status).toBe(402);
    const second = await session(app, 'ONCE');

    const retry = await pay(app, first.sessionId, GOOD);
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual({
      error: { code: 'INVALID_PROMO_CODE', message: 'Invalid or expired promo code' },
    });
    expect((await orderRow(db, first.orderId)).status).toBe('PENDING');
    expect((await pay(app, second.sessionId, GOOD)).status).toBe(200);
    expect(await redemptions(db, 'ONCE')).toBe(1);
  });
});

it('gives a failed order’s use back once, however many events end it', async ({ app, db }) => {
  await addCode(db, 'FIVE', 5);
  const failing = await session(app, 'FIVE');
  await session(app, 'FIVE');
  expect(await redemptions(db, 'FIVE')).toBe(2);
  for (const [id, outcome] of [
    ['evt_fail', 'failed'],
    ['evt_expire', 'expired'],
  ]) {
    const { payload, signature } = signEvent(TEST_SIGNING_KEYS, {
      id: id!,
      provider: 'local',
      outcome: outcome as 'failed' | 'expired',
      orderId: failing.orderId,
    });
    await app.request('/api/payments/local/webhook', {
      method: 'POST',
      headers: { 'loopmarket-signature': signature, 'content-type': 'application/json' },
      body: payload,
    });
  }
  expect((await orderRow(db, failing.orderId)).status).toBe('CANCELLED');
  expect(await redemptions(db, 'FIVE')).toBe(1);
});
