import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { stripeTestStore } from '#tests/support/stripe-store';

let store: Awaited<ReturnType<typeof stripeTestStore>>;
afterEach(() => store.close());

/** A store with Stripe (and Stripe Tax when asked), and a buyer's session for two drum packs. */
async function checkout(
  automaticTax: boolean,
  uiMode: 'embedded' | 'hosted' = 'hosted',
  promoCode?: string,
) {
  store = await stripeTestStore({ automaticTax });
  const pack = await createProduct(store.ctx.database.db, { name: 'Drum Pack', priceCents: 2999 });
  const res = await new TestBrowser(store.ctx).request('/api/checkout/sessions', {
    body: {
      customerEmail: 'buyer@example.com',
      uiMode,
      promoCode,
      items: [{ productId: pack.id, quantity: 2 }],
    },
  });
  expect(res.status).toBe(200);
  const session = res.body as { sessionId: string; orderId: string };
  return { ...session, params: store.standIn.sessions.get(session.sessionId)!.params };
}

const orderRow = async (id: string) =>
  (await store.ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('Stripe Tax (STRIPE_TAX=true)', () => {
  it.each(['hosted', 'embedded'] as const)(
    "asks Stripe's automatic tax for the %s Checkout Session instead of sending the store's tax",
    async (uiMode) => {
      const { params } = await checkout(true, uiMode);
      expect(params.get('automatic_tax[enabled]')).toBe('true');
      expect(params.get('billing_address_collection')).toBe('required');
      expect(params.get('line_items[0][price_data][unit_amount]')).toBe('2999');
      expect(params.get('line_items[0][price_data][tax_behavior]')).toBe('exclusive');
      expect(params.get('line_items[0][price_data][product_data][tax_code]')).toBe('txcd_10000000');
      // No line of the store's own tax: Stripe adds what it decides.
      expect(params.has('line_items[1][quantity]')).toBe(false);
    },
  );

  it('keeps the amounts Stripe decided when the buyer returns from a paid session', async () => {
    const { sessionId, orderId } = await checkout(true, 'hosted', 'SAVE20');
    // A German buyer: 19% on $59.98 − 20% ($12.00) = $47.98 → $9.12.
    store.standIn.pay(sessionId, { brand: 'visa', last4: '0016', country: 'DE' }, 19);
    const paid = await new TestBrowser(store.ctx).request(`/api/checkout/sessions/${sessionId}`);
    expect(paid.body).toMatchObject({
      status: 'COMPLETED',
      subtotalCents: 5998,
      discountCents: 1200,
      taxCents: 912,
      totalCents: 5710,
    });
    expect(await orderRow(orderId)).toMatchObject({
      taxBasis: 'stripe',
      subtotalCents: 5998,
      discountCents: 1200,
      taxCents: 912,
      totalCents: 5710,
      cardCountry: 'DE',
    });
  });

  it("keeps the amounts of the webhook's completed session", async () => {
    const { sessionId, orderId } = await checkout(true, 'embedded');
    const res = await store.webhook({
      id: 'evt_taxed',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_taxed',
          metadata: { orderId },
          automatic_tax: { enabled: true, status: 'complete' },
          amount_subtotal: 5998,
          amount_total: 7138,
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 1140 },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'COMPLETED',
      taxBasis: 'stripe',
      subtotalCents: 5998,
      taxCents: 1140,
      totalCents: 7138,
    });
  });

  it("keeps the store's amounts when Stripe's figures do not add up, and still fulfils", async () => {
    const { sessionId, orderId } = await checkout(true);
    const before = await orderRow(orderId);
    await store.webhook({
      id: 'evt_odd',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_odd',
          metadata: { orderId },
          automatic_tax: { enabled: true, status: 'complete' },
          amount_subtotal: 5998,
          amount_total: 1,
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 1140 },
        },
      },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'COMPLETED',
      taxBasis: before.taxBasis,
      totalCents: before.totalCents,
    });
  });
});

describe('without Stripe Tax', () => {
  it("sends the store's own tax as a line and leaves Stripe's automatic tax off", async () => {
    const { params, sessionId, orderId } = await checkout(false);
    expect(params.has('automatic_tax[enabled]')).toBe(false);
    expect(params.has('line_items[0][price_data][tax_behavior]')).toBe(false);
    expect(params.get('line_items[1][price_data][product_data][name]')).toMatch(/^Tax/);
    const before = await orderRow(orderId);
    store.standIn.pay(sessionId);
    await new TestBrowser(store.ctx).request(`/api/checkout/sessions/${sessionId}`);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'COMPLETED',
      taxBasis: before.taxBasis,
      taxCents: before.taxCents,
      totalCents: before.totalCents,
    });
  });
});
