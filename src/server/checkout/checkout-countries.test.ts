import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { orders, storeSettings, type ProductRow } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { getJson, type TestContext } from '#tests/support/test-app';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';

let pack: ProductRow;
test.beforeEach(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
});

const buyer = { firstName: 'Ada', lastName: 'Lovelace' };

function checkout(app: TestContext, billingDetails?: Record<string, unknown>, extra = {}) {
  return new TestBrowser(app).request('/api/checkout/sessions', {
    body: {
      checkoutType: 'cart',
      customerEmail: 'buyer@example.com',
      items: [{ productId: pack.id, quantity: 1 }],
      ...(billingDetails ? { billingDetails } : {}),
      ...extra,
    },
  });
}

async function orderOf(db: Db, body: unknown) {
  const { orderId } = body as { orderId: string };
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

const requireFullAddress = (db: Db, value: Record<string, unknown>) =>
  db.insert(storeSettings).values({ key: 'tax', value });

describe('countries at checkout', () => {
  it.for<[Record<string, unknown>, string, string | null]>([
    [{ country: 'DE' }, 'DE', null],
    [{ country: 'jp' }, 'JP', null],
    [{ country: 'BR', state: 'São Paulo' }, 'BR', null],
    [{ country: 'United States', state: 'Texas' }, 'US', 'TX'],
    [{ country: 'US', region: 'ca' }, 'US', 'CA'],
    [{ country: 'Canada', region: 'QC' }, 'CA', 'QC'],
    [{ country: 'United Kingdom' }, 'GB', null],
    [{ country: 'Australia', state: 'Victoria' }, 'AU', 'VIC'],
  ])('takes %j and stores the order in %s / %s', async ([given, country, region], { app, db }) => {
    const res = await checkout(app, { ...buyer, ...given });
    expect(res.status).toBe(200);
    const order = await orderOf(db, res.body);
    expect(order).toMatchObject({ country, region });
    expect(order.billingDetails).toMatchObject({ ...buyer, country });
  });

  it('keeps the VAT number a business buyer gives with the billing details', async ({
    app,
    db,
  }) => {
    const res = await checkout(app, { ...buyer, country: 'DE', vatNumber: ' DE123456789 ' });
    expect(res.status).toBe(200);
    expect((await orderOf(db, res.body)).billingDetails).toMatchObject({
      vatNumber: 'DE123456789',
    });
  });

  it('places an order without billing details in the United States, as before', async ({
    app,
    db,
  }) => {
    const res = await checkout(app);
    expect(res.status).toBe(200);
    expect(await orderOf(db, res.body)).toMatchObject({ country: 'US', region: null });
  });

  it.for<[Record<string, unknown>, string, string]>([
    [
      { country: 'XX' },
      'billingDetails.country',
      'Unknown country "XX": use an ISO 3166-1 alpha-2 code such as DE',
    ],
    [
      { country: 'Germany' },
      'billingDetails.country',
      'Unknown country "Germany": use an ISO 3166-1 alpha-2 code such as DE',
    ],
    [
      { country: 'US', region: 'ZZ' },
      'billingDetails.region',
      'Unknown state or province "ZZ" for United States',
    ],
    [
      { country: 'CA', region: 'TX' },
      'billingDetails.region',
      'Unknown state or province "TX" for Canada',
    ],
    [{ country: 'US' }, 'billingDetails.region', 'Please choose a state for United States'],
    [{ country: 'CA' }, 'billingDetails.region', 'Please choose a province for Canada'],
    [{ country: 'AU' }, 'billingDetails.region', 'Please choose a state for Australia'],
  ])('answers %j with 400: %s', async ([given, field, message], { app, db }) => {
    const res = await checkout(app, { ...buyer, ...given });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'VALIDATION_FAILED', message, fields: { [field]: [message] } },
    });
    expect(await db.select().from(orders)).toHaveLength(0);
  });

  it('requires the buyer’s names on a cart checkout that sends billing details', async ({
    app,
  }) => {
    const res = await checkout(app, { country: 'DE', firstName: 'Ada' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'Please fill in all required fields' },
    });
  });

  it('requires the address, city, postal code and phone only when the owner requires the full address', async ({
    app,
    db,
  }) => {
    const address = {
      address: 'Unter den Linden 1',
      city: 'Berlin',
      postalCode: '10117',
      phone: '+49 30 1',
    };
    expect((await checkout(app, { ...buyer, country: 'DE' })).status).toBe(200);

    await requireFullAddress(db, { requireFullAddress: true });
    for (const field of Object.keys(address)) {
      const res = await checkout(app, { ...buyer, ...address, country: 'DE', [field]: '' });
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: { message: 'Please fill in all required fields' } });
    }
    expect((await checkout(app)).status).toBe(400);
    // Hong Kong has no postal codes, so none is asked there.
    const hongKong = await checkout(app, { ...buyer, ...address, country: 'HK', postalCode: '' });
    expect(hongKong.status).toBe(200);
    expect((await checkout(app, { ...buyer, ...address, country: 'DE' })).status).toBe(200);
  });
});

describe('what the checkout asks, on GET /api/store', () => {
  it.for<[Record<string, unknown>, Record<string, boolean>]>([
    [{}, { requireFullAddress: false, asksVatNumber: false }],
    [{ requireFullAddress: true }, { requireFullAddress: true, asksVatNumber: false }],
    [{ homeCountry: 'DE' }, { requireFullAddress: false, asksVatNumber: true }],
    [{ homeCountry: 'GB' }, { requireFullAddress: false, asksVatNumber: false }],
    [
      { homeCountry: 'US', registrations: [{ country: 'EU', taxNumber: 'EU372000041' }] },
      { requireFullAddress: false, asksVatNumber: true },
    ],
  ])('with tax settings %j answers %j', async ([settings, asks], { app, db }) => {
    if (Object.keys(settings).length > 0) await requireFullAddress(db, settings);
    const { status, body } = await getJson<{ checkout: unknown }>(app, '/api/store');
    expect(status).toBe(200);
    // Cart reminders are off in this store (cart-reminders.test.ts switches them on).
    expect(body.checkout).toEqual({ ...asks, offersCartReminder: false });
  });
});
