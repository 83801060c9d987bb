import { asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { checkoutSessionRequestSchema } from '#shared/checkout';
import { taxNotes } from '#shared/tax';
import type { TaxSettings } from '#shared/tax-settings';
import { TAX_SETTINGS_KEY, taxSettingsSchema } from '#shared/tax-settings';
import type { Db } from '#server/db/client';
import { orderItems, orders, storeSettings, type ProductRow } from '#server/db/schema';
import { toOrderViews } from '#server/orders/order-view';
import { createLocalProvider } from '#server/payments/local-provider';
import { TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { test as it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import { createCheckoutSession } from './checkout.service';
import type { VatCheckResult } from './tax-context';

let pack: ProductRow;
let plugin: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
  plugin = await createProduct(db, { name: 'Synth', priceCents: 4999 });
});

async function configureTax(db: Db, fields: Partial<TaxSettings>) {
  const value = taxSettingsSchema.parse(fields);
  await db
    .insert(storeSettings)
    .values({ key: TAX_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value } });
}

/** $29.99 × 2 and $49.99 with SAVE20: $109.97 less $21.99, shared $11.99 and $10.00. */
const body = (billingDetails: Record<string, string>) => ({
  checkoutType: 'cart',
  customerEmail: 'buyer@example.com',
  promoCode: 'SAVE20',
  items: [
    { productId: pack.id, quantity: 2 },
    { productId: plugin.id, quantity: 1 },
  ],
  billingDetails: { firstName: 'Ada', lastName: 'Lovelace', ...billingDetails },
});

async function checkout(app: TestContext, billingDetails: Record<string, string>) {
  const res = await new TestBrowser(app).request('/api/checkout/sessions', {
    body: body(billingDetails),
  });
  expect(res.status).toBe(200);
  const { orderId } = res.body as { orderId: string };
  const [order] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await app.database.db
    .select({
      unitPriceCents: orderItems.unitPriceCents,
      discountCents: orderItems.discountCents,
      taxRate: orderItems.taxRate,
      taxCents: orderItems.taxCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.unitPriceCents));
  return { order: order!, lines };
}

const germanStore = { homeCountry: 'DE', homeTaxNumber: 'DE123456789', fallback: 'none' as const };

describe('checkout prices tax by the store settings and where the buyer is', () => {
  it('keeps the unconfigured store at the spec 8% estimate', async ({ app, db }) => {
    await db.delete(storeSettings).where(eq(storeSettings.key, TAX_SETTINGS_KEY));
    const { order, lines } = await checkout(app, { country: 'United States', state: 'Texas' });
    // 109.97 − 21.99 = 87.98; 8% = 7.04 (shared 3.84 and 3.20 by largest remainder).
    expect(order).toMatchObject({
      subtotalCents: 10997,
      discountCents: 2199,
      taxCents: 704,
      totalCents: 9502,
      country: 'US',
      taxBasis: 'estimate',
      taxNote: null,
      pricesIncludeTax: false,
    });
    expect(lines.reduce((sum, line) => sum + line.taxCents, 0)).toBe(704);
    expect(lines.every((line) => line.taxRate === 8000)).toBe(true);
  });

  it('charges a German consumer 19% per line of a German store', async ({ app, db }) => {
    await configureTax(db, germanStore);
    const { order, lines } = await checkout(app, { country: 'DE' });
    // Lines less their discount shares: 59.98 − 11.99 = 47.99 → 9.12; 49.99 − 10.00 = 39.99 → 7.60.
    expect(lines).toEqual([
      { unitPriceCents: 2999, discountCents: 1199, taxRate: 19000, taxCents: 912 },
      { unitPriceCents: 4999, discountCents: 1000, taxRate: 19000, taxCents: 760 },
    ]);
    expect(order).toMatchObject({
      country: 'DE',
      taxBasis: 'home',
      taxCents: 1672,
      totalCents: 10470,
    });
  });

  it('charges a UK consumer 20% where the store is registered in the UK, none where not', async ({
    app,
    db,
  }) => {
    await configureTax(db, {
      ...germanStore,
      registrations: [{ country: 'GB', region: null, taxNumber: 'GB123456789' }],
    });
    expect((await checkout(app, { country: 'United Kingdom' })).order).toMatchObject({
      country: 'GB',
      taxBasis: 'destination',
      taxCents: 1760,
      totalCents: 10558,
    });
    await configureTax(db, germanStore);
    expect((await checkout(app, { country: 'GB' })).order).toMatchObject({
      taxBasis: 'not_registered',
      taxCents: 0,
      totalCents: 8798,
    });
  });

  it("charges a Texan the owner's Texas rate, and a Japanese buyer Japan's consumption tax", async ({
    app,
    db,
  }) => {
    await configureTax(db, {
      homeCountry: 'US',
      homeRegion: 'TX',
      rateOverrides: { 'US-TX': 6250 },
      registrations: [{ country: 'JP', region: null, taxNumber: 'T1234567890123' }],
      fallback: 'none',
    });
    const texan = await checkout(app, { country: 'US', state: 'TX' });
    expect(texan.order).toMatchObject({ region: 'TX', taxBasis: 'home', taxCents: 550 });
    expect(texan.lines.map((line) => line.taxCents)).toEqual([300, 250]);
    expect((await checkout(app, { country: 'JP' })).order).toMatchObject({
      country: 'JP',
      taxBasis: 'destination',
      taxCents: 880,
      totalCents: 9678,
    });
  });

  it('charges a French consumer German VAT under the OSS threshold and French VAT over it', async ({
    app,
    db,
  }) => {
    await configureTax(db, { ...germanStore, ossThresholdCents: 5000 });
    expect((await checkout(app, { country: 'FR' })).order).toMatchObject({
      taxBasis: 'home',
      taxCents: 1672,
    });
    // A completed Italian order of $60 net this year takes the store over $50.
    await createOrder(db, plugin, {
      status: 'COMPLETED',
      country: 'IT',
      subtotalCents: 6000,
      totalCents: 6000,
      completedAt: new Date(),
    });
    expect((await checkout(app, { country: 'FR' })).order).toMatchObject({
      taxBasis: 'destination',
      taxCents: 1760,
    });
  });

  it('reverse-charges a French business with a valid VAT number; charges VAT when VIES is down', async ({
    db,
  }) => {
    await configureTax(db, germanStore);
    const answers: Record<string, VatCheckResult['status']> = {
      FR40303265045: 'valid',
      FR00000000000: 'unavailable',
    };
    const deps = {
      db,
      provider: createLocalProvider({ secret: 'test', publicUrl: 'http://store.test' }),
      publicUrl: 'http://store.test',
      expireLapsedPromoHolds: async () => {},
      settleFree: () => Promise.reject(new Error('these orders cost money')),
      checkVat: async (_country: string, number: string): Promise<VatCheckResult> => ({
        status: answers[number] ?? 'invalid',
        checkedAt: '2026-11-27T00:00:00.000Z',
      }),
    };
    const request = (vatNumber: string) =>
      checkoutSessionRequestSchema.parse(body({ country: 'FR', vatNumber }));
    const valid = await createCheckoutSession(deps, null, request('FR 40 303 265 045'));
    const [business] = await db.select().from(orders).where(eq(orders.id, valid.orderId));
    expect(business).toMatchObject({
      taxBasis: 'reverse_charge',
      taxCents: 0,
      totalCents: 8798,
      taxNote: taxNotes.reverseCharge,
      vatNumber: 'FR40303265045',
      vatCheck: { status: 'valid' },
    });
    const down = await createCheckoutSession(deps, null, request('FR00000000000'));
    const [charged] = await db.select().from(orders).where(eq(orders.id, down.orderId));
    expect(charged).toMatchObject({
      taxBasis: 'home',
      taxCents: 1672,
      taxNote: 'VAT charged: the EU VAT number service (VIES) could not be reached',
      vatCheck: { status: 'unavailable' },
    });
  });

  it("answers the order with its country, basis and each line's tax", async ({ app, db }) => {
    await configureTax(db, germanStore);
    const { order } = await checkout(app, { country: 'DE' });
    const [view] = await toOrderViews(db, [order]);
    expect(view).toMatchObject({ country: 'DE', taxBasis: 'home', pricesIncludeTax: false });
    expect(view!.items.map((item) => [item.discountCents, item.taxRate, item.taxCents])).toEqual(
      expect.arrayContaining([
        [1199, 19000, 912],
        [1000, 19000, 760],
      ]),
    );
  });
});
