import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, type ProductRow } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { stripeTestStore } from '#tests/support/stripe-store';
import { createTestContext, type TestContext } from '#tests/support/test-app';

const card = (cardNumber: string, countryConfirmed?: boolean) => ({
  cardNumber,
  expiry: '12/34',
  cvc: '123',
  nameOnCard: 'Camille Martin',
  ...(countryConfirmed === undefined ? {} : { countryConfirmed }),
});
const GERMAN_CARD = '4000 0027 6000 0016';
const FRENCH_CARD = '4000 0025 0000 0003';

const orderRow = async (ctx: TestContext, id: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/**
 * A guest's open checkout billed to `country`. The checkout stores the billing country it is
 * given (orders.country); it is written here so this test does not depend on how it is asked.
 */
async function checkoutIn(ctx: TestContext, product: ProductRow, country: string | null) {
  const browser = new TestBrowser(ctx);
  const res = await browser.request('/api/checkout/sessions', {
    body: { customerEmail: 'camille@example.com', items: [{ productId: product.id, quantity: 1 }] },
  });
  expect(res.status).toBe(200);
  const session = res.body as { sessionId: string; orderId: string };
  await ctx.database.db.update(orders).set({ country }).where(eq(orders.id, session.orderId));
  const pay = (body: object) =>
    browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, { body });
  return { ...session, pay };
}

describe('location evidence with the test processor', () => {
  let ctx: TestContext;
  let product: ProductRow;
  beforeAll(async () => {
    ctx = await createTestContext();
    product = await createProduct(ctx.database.db, { name: 'Tape Loops', priceCents: 1800 });
  });
  afterAll(() => ctx.close());

  it("pays a card issued in the billing country at once, and keeps the card's country", async () => {
    const { orderId, pay } = await checkoutIn(ctx, product, 'FR');
    expect((await pay(card(FRENCH_CARD))).status).toBe(200);
    expect(await orderRow(ctx, orderId)).toMatchObject({
      status: 'COMPLETED',
      country: 'FR',
      cardCountry: 'FR',
      cardLast4: '0003',
      countryConfirmedAt: null,
    });
  });

  it('reports 4242 4242 4242 4242 as a US card', async () => {
    const { orderId, pay } = await checkoutIn(ctx, product, 'US');
    expect((await pay(card('4242 4242 4242 4242'))).status).toBe(200);
    expect(await orderRow(ctx, orderId)).toMatchObject({ cardCountry: 'US' });
  });

  it('refuses a card of another country until the buyer confirms their billing country', async () => {
    const { orderId, pay } = await checkoutIn(ctx, product, 'FR');
    const message =
      'Your card was issued in Germany, but your billing country is France. Confirm that you are in France to continue.';
    for (const unconfirmed of [card(GERMAN_CARD), card(GERMAN_CARD, false)]) {
      const refused = await pay(unconfirmed);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: { code: 'VALIDATION_FAILED', message, fields: { countryConfirmed: [message] } },
      });
    }
    expect(await orderRow(ctx, orderId)).toMatchObject({
      status: 'PENDING',
      cardCountry: null,
      countryConfirmedAt: null,
    });
  });

  it('pays a card of another country once the buyer confirms, and records when they did', async () => {
    const { orderId, pay } = await checkoutIn(ctx, product, 'FR');
    const before = Date.now();
    expect((await pay(card(GERMAN_CARD, true))).status).toBe(200);
    const row = await orderRow(ctx, orderId);
    expect(row).toMatchObject({ status: 'COMPLETED', country: 'FR', cardCountry: 'DE' });
    expect(row.countryConfirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('asks nothing of an order without a billing country', async () => {
    const { orderId, pay } = await checkoutIn(ctx, product, null);
    expect((await pay(card(GERMAN_CARD))).status).toBe(200);
    expect(await orderRow(ctx, orderId)).toMatchObject({
      cardCountry: 'DE',
      countryConfirmedAt: null,
    });
  });
});

describe('location evidence with Stripe', () => {
  let store: Awaited<ReturnType<typeof stripeTestStore>>;
  let product: ProductRow;
  beforeEach(async () => {
    store = await stripeTestStore();
    product = await createProduct(store.ctx.database.db, { name: 'Tape Loops', priceCents: 1800 });
  });
  afterEach(() => store.close());

  it('keeps the country of the card Stripe charged beside the billing country, a disagreement recorded, not refused', async () => {
    const { ctx, standIn } = store;
    const { orderId, sessionId } = await checkoutIn(ctx, product, 'FR');
    standIn.pay(sessionId, { brand: 'visa', last4: '0016', country: 'DE' });
    const paid = await new TestBrowser(ctx).request(`/api/checkout/sessions/${sessionId}`);
    expect(paid.body).toMatchObject({ status: 'COMPLETED' });
    expect(await orderRow(ctx, orderId)).toMatchObject({
      country: 'FR',
      cardBrand: 'visa',
      cardLast4: '0016',
      cardCountry: 'DE',
      countryConfirmedAt: null,
    });
  });

  it("keeps the card's country when the webhook completes the order", async () => {
    const { ctx, standIn } = store;
    const { orderId, sessionId } = await checkoutIn(ctx, product, 'DE');
    standIn.pay(sessionId, { brand: 'visa', last4: '0016', country: 'DE' });
    const res = await store.webhook({
      id: 'evt_country',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: `pi_${sessionId}`,
          metadata: { orderId },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(await orderRow(ctx, orderId)).toMatchObject({ status: 'COMPLETED', cardCountry: 'DE' });
  });
});
