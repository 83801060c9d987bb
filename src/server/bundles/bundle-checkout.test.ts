import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { bundleMessages } from '#shared/bundle-credit';
import { TAX_SETTINGS_KEY, taxSettingsSchema } from '#shared/tax-settings';
import type { Db } from '#server/db/client';
import {
  invoiceDocuments,
  licenses,
  orderItems,
  orders,
  promoCodes,
  storeSettings,
  type ProductRow,
} from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createBundle, linkUpgrade } from '#tests/support/bundles';
import { createProduct } from '#tests/support/factories';
import { test as it, test, testInFreshStore } from '#tests/support/fixtures';

// Many buyers and checkouts from one test address.
const limits = { config: { authAttemptsPerMinute: 1000, checkoutSessionsPerMinute: 1000 } };
test.override('appOptions', limits);
testInFreshStore.override('appOptions', limits);

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

/** A checkout session for `productIds` (direct unless the cart is meant), not paid yet. */
async function startCheckout(
  browser: TestBrowser,
  productIds: string[],
  extra: Record<string, unknown> = {},
) {
  const res = await browser.request('/api/checkout/sessions', {
    body: {
      checkoutType: 'direct',
      items: productIds.map((productId) => ({ productId, quantity: 1 })),
      ...extra,
    },
  });
  return res;
}

/** Bought through the test processor: the session created, paid with a good card. */
async function buy(
  browser: TestBrowser,
  productIds: string[],
  extra: Record<string, unknown> = {},
  card = goodCard,
) {
  const res = await startCheckout(browser, productIds, extra);
  expect(res.body).toHaveProperty('orderId');
  const { orderId, sessionId } = res.body as { orderId: string; sessionId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${sessionId}/pay`, {
    body: card,
  });
  expect(paid.status).toBe(200);
  return orderId;
}

const orderOf = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.unitPriceCents));
const hub = async (browser: TestBrowser) =>
  (
    (await browser.request('/api/purchases')).body as {
      data: { productId: string; downloadsRemaining: number }[];
    }
  ).data;

/** A member trio at $20, $30 and $50 (the last licensed), bundled at $80. */
async function trio(db: Db, bundleFields: Partial<ProductRow> = {}) {
  const a = await createProduct(db, { name: 'Analog Drums', priceCents: 2000 });
  const b = await createProduct(db, { name: 'Bass Loops', priceCents: 3000 });
  const c = await createProduct(db, {
    name: 'Chord Synth',
    priceCents: 5000,
    licenseKeys: true,
    activationLimit: 2,
  });
  const bundle = await createBundle(db, [a, b, c], {
    name: 'Producer Bundle',
    priceCents: 8000,
    ...bundleFields,
  });
  return { a, b, c, bundle };
}

async function promo(db: Db, percentOff: number) {
  const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.insert(promoCodes).values({ code, percentOff });
  return code;
}

describe('upgrade pricing', () => {
  it('charges the list price to a buyer who owns nothing, the difference to an owner, and takes the promo after the credit', async ({
    db,
    customer,
  }) => {
    const orbit = await createProduct(db, { name: 'Orbit Delay', priceCents: 4000 });
    const pro = await createProduct(db, { name: 'Orbit Delay Pro', priceCents: 10000 });
    await linkUpgrade(db, orbit, pro);

    // Nothing owned: the list price, no credit.
    const start = await startCheckout(customer, [pro.id]);
    const fresh = await linesOf(db, (start.body as { orderId: string }).orderId);
    expect(fresh).toMatchObject([{ productId: pro.id, unitPriceCents: 10000, creditCents: 0 }]);

    await buy(customer, [orbit.id]);
    const code = await promo(db, 10);
    const orderId = await buy(customer, [pro.id], { promoCode: code });
    // $100 − $40 paid = $60; 10% off = $54; 8% estimate = $4.32.
    expect(await orderOf(db, orderId)).toMatchObject({
      subtotalCents: 6000,
      discountCents: 600,
      taxCents: 432,
      totalCents: 5832,
    });
    expect(await linesOf(db, orderId)).toMatchObject([
      { productId: pro.id, unitPriceCents: 6000, creditCents: 4000, discountCents: 600 },
    ]);
    const view = (await customer.request(`/api/orders/${orderId}`)).body as { items: object[] };
    expect(view.items[0]).toMatchObject({ unitPriceCents: 6000, creditCents: 4000, bundle: null });
  });

  it('charges the floor when what the buyer owns covers the whole price', async ({
    db,
    customer,
  }) => {
    const lite = await createProduct(db, { name: 'Lite', priceCents: 4000 });
    const full = await createProduct(db, {
      name: 'Full',
      priceCents: 5000,
      priceFloorCents: 2500,
    });
    await linkUpgrade(db, lite, full);
    await buy(customer, [lite.id]);
    await customer.request('/api/cart/items', { body: { productId: full.id } });
    const cart = (await customer.request('/api/cart')).body as { items: object[] };
    expect(cart.items[0]).toMatchObject({
      priceCents: 2500,
      credit: { kind: 'upgrade', listPriceCents: 5000, creditCents: 2500 },
    });
    const orderId = await buy(customer, [full.id]);
    expect(await linesOf(db, orderId)).toMatchObject([{ unitPriceCents: 2500, creditCents: 2500 }]);
  });
});

describe('bundles', () => {
  it('prices a bundle less the owned member in the cart and at checkout, grants each other member with its own allowance and keys', async ({
    db,
    customer,
  }) => {
    const { a, b, c, bundle } = await trio(db);
    await buy(customer, [a.id]);

    await customer.request('/api/cart/items', { body: { productId: bundle.id } });
    const cart = (await customer.request('/api/cart')).body as { items: object[] };
    expect(cart.items).toMatchObject([
      {
        productId: bundle.id,
        priceCents: 6000,
        credit: {
          kind: 'bundle',
          listPriceCents: 8000,
          creditCents: 2000,
          ownedCount: 1,
          memberCount: 3,
        },
      },
    ]);

    const orderId = await buy(customer, [], { checkoutType: 'cart' });
    // $60 shared by the unowned members' prices ($30 : $50), the $20 credit the same way.
    expect(await linesOf(db, orderId)).toMatchObject([
      { productId: b.id, bundleProductId: bundle.id, unitPriceCents: 2250, creditCents: 750 },
      { productId: c.id, bundleProductId: bundle.id, unitPriceCents: 3750, creditCents: 1250 },
    ]);
    expect(await orderOf(db, orderId)).toMatchObject({
      status: 'COMPLETED',
      subtotalCents: 6000,
      taxCents: 480,
      totalCents: 6480,
    });

    // Each member its own hub entry with its own allowance; the licensed one has its key.
    const entries = await hub(customer);
    expect(entries.map((e) => e.productId).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(entries.every((e) => e.downloadsRemaining === 3)).toBe(true);
    const keys = await db.select().from(licenses).where(eq(licenses.orderId, orderId));
    expect(keys).toMatchObject([{ productId: c.id, seats: 2 }]);

    // The order page groups the members under the bundle's name.
    const view = (await customer.request(`/api/orders/${orderId}`)).body as {
      items: { bundle: unknown }[];
    };
    expect(view.items.map((item) => item.bundle)).toEqual([
      { id: bundle.id, name: 'Producer Bundle' },
      { id: bundle.id, name: 'Producer Bundle' },
    ]);
  });

  it('refunds one member line: its money back, its access ended, the other members kept', async ({
    db,
    customer,
    admin,
  }) => {
    const { a, b, c, bundle } = await trio(db);
    const orderId = await buy(customer, [bundle.id]);
    const lines = await linesOf(db, orderId);
    // $80 over $20 : $30 : $50, + 8% = $86.40.
    expect(lines.map((l) => l.unitPriceCents)).toEqual([2000, 3000, 5000].map((x) => x * 0.8));
    const cLine = lines.find((l) => l.productId === c.id)!;

    const refund = await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [cLine.id] },
    });
    expect(refund.status).toBe(201);
    // C's part of $86.40: $40.00 + 8% = $43.20.
    expect(refund.body).toMatchObject({ refund: { amountCents: 4320 } });
    expect((await hub(customer)).map((e) => e.productId).sort()).toEqual([a.id, b.id].sort());
    const [key] = await db.select().from(licenses).where(eq(licenses.orderItemId, cLine.id));
    expect(key!.revokedAt).not.toBeNull();

    // The invoice lists each member under the bundle's name; the credit note only the refunded one.
    const documents = await db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.orderId, orderId))
      .orderBy(asc(invoiceDocuments.kind));
    const described = (data: unknown) =>
      (data as { lines: { description: string; netCents: number }[] }).lines
        .map((line) => [line.description, line.netCents])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(documents.map((d) => d.kind)).toEqual(['credit_note', 'invoice']);
    expect(described(documents[1]!.data)).toEqual(
      [
        ['Producer Bundle: Analog Drums', 1600],
        ['Producer Bundle: Bass Loops', 2400],
        ['Producer Bundle: Chord Synth', 4000],
      ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
    );
    expect(described(documents[0]!.data)).toEqual([['Producer Bundle: Chord Synth', -4000]]);
  });

  it('credits only what a partly refunded purchase still paid for', async ({
    db,
    customer,
    admin,
  }) => {
    const { a, b, bundle } = await trio(db);
    const first = await buy(customer, [a.id, b.id]);
    const bLine = (await linesOf(db, first)).find((l) => l.productId === b.id)!;
    await admin.request(`/api/admin/orders/${first}/refunds`, {
      body: { orderItemIds: [bLine.id] },
    });

    await customer.request('/api/cart/items', { body: { productId: bundle.id } });
    const cart = (await customer.request('/api/cart')).body as { items: object[] };
    expect(cart.items[0]).toMatchObject({
      priceCents: 6000,
      credit: { creditCents: 2000, ownedCount: 1, memberCount: 3 },
    });
  });

  it('gives a guest no credit and sells every member', async ({ app, db }) => {
    const { bundle } = await trio(db);
    const guest = new TestBrowser(app);
    const res = await startCheckout(guest, [bundle.id], { customerEmail: 'guest@example.com' });
    expect(res.status).toBe(200);
    const lines = await linesOf(db, (res.body as { orderId: string }).orderId);
    expect(lines.map((l) => [l.unitPriceCents, l.creditCents])).toEqual([
      [1600, 0],
      [2400, 0],
      [4000, 0],
    ]);
  });

  it('refuses a bundle whose every member the buyer owns', async ({ db, customer }) => {
    const { a, b, c, bundle } = await trio(db);
    await buy(customer, [a.id, b.id, c.id]);
    const add = await customer.request('/api/cart/items', { body: { productId: bundle.id } });
    expect(add.status).toBe(409);
    expect(add.body).toEqual({ error: { code: 'CONFLICT', message: bundleMessages.ownsAll } });
    const direct = await startCheckout(customer, [bundle.id]);
    expect(direct.status).toBe(409);
    expect(direct.body).toEqual({ error: { code: 'CONFLICT', message: bundleMessages.ownsAll } });
  });

  it('ignores any price the client sends', async ({ db, customer }) => {
    const { a, bundle } = await trio(db);
    await buy(customer, [a.id]);
    const res = await customer.request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        items: [{ productId: bundle.id, quantity: 1, priceCents: 1, unitPriceCents: 1 }],
        totalCents: 1,
        creditCents: 8000,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCents: 6480 });
  });
});

describe('credit is decided at order creation, from completed orders only', () => {
  it('recomputes the credit when the order is created, not when the bundle went into the cart', async ({
    db,
    customer,
  }) => {
    const { a, bundle } = await trio(db);
    await customer.request('/api/cart/items', { body: { productId: bundle.id } });
    expect(
      ((await customer.request('/api/cart')).body as { items: object[] }).items[0],
    ).toMatchObject({ priceCents: 8000, credit: null });
    await buy(customer, [a.id]);
    const orderId = await buy(customer, [], { checkoutType: 'cart' });
    expect((await orderOf(db, orderId)).subtotalCents).toBe(6000);
  });

  it('gives no credit for a pending order, and two checkouts at once each get only the completed credit', async ({
    db,
    customer,
  }) => {
    const { a, b, c, bundle } = await trio(db);
    const pending = await startCheckout(customer, [a.id]);
    expect(pending.status).toBe(200);
    const unpaid = await startCheckout(customer, [bundle.id]);
    expect((unpaid.body as { totalCents: number }).totalCents).toBe(8640);

    await buy(customer, [b.id]);
    const both = await Promise.all([
      startCheckout(customer, [bundle.id]),
      startCheckout(customer, [bundle.id]),
    ]);
    for (const res of both) {
      expect(res.status).toBe(200);
      const lines = await linesOf(db, (res.body as { orderId: string }).orderId);
      // $80 − $30 for B = $50, over A and C ($20 : $50).
      expect(lines.map((l) => [l.productId, l.unitPriceCents, l.creditCents])).toEqual([
        [a.id, 1429, 857],
        [c.id, 3571, 2143],
      ]);
    }
  });
});

describe('tax per member line', () => {
  // Its own store: the tax settings it writes are not any other test's.
  testInFreshStore('rounds the tax on each member line', async ({ db, customer }) => {
    const value = taxSettingsSchema.parse({
      homeCountry: 'DE',
      homeTaxNumber: 'DE123456789',
      fallback: 'none',
    });
    await db.insert(storeSettings).values({ key: TAX_SETTINGS_KEY, value }).onConflictDoUpdate({
      target: storeSettings.key,
      set: { value },
    });
    const billingDetails = { firstName: 'Ada', lastName: 'Lovelace', country: 'DE' };
    const germanCard = { ...goodCard, cardNumber: '4000002760000016' };
    const { a, bundle } = await trio(db);
    await buy(customer, [a.id], { billingDetails }, germanCard);
    const orderId = await buy(customer, [bundle.id], { billingDetails }, germanCard);
    // 19% of $22.50 = 4.275 → $4.28; of $37.50 = 7.125 → $7.13 (one line of $60 would be $11.40).
    expect((await linesOf(db, orderId)).map((l) => [l.taxRate, l.taxCents])).toEqual([
      [19000, 428],
      [19000, 713],
    ]);
    expect(await orderOf(db, orderId)).toMatchObject({ taxCents: 1141, totalCents: 7141 });
  });
});
