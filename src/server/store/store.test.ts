import { describe, expect } from 'vitest';
import { getJson, TEST_PUBLIC_URL } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';
import { createOrder, createProduct } from '#tests/support/factories';
import { storeSettings } from '#server/db/schema';
import type { StoreInfo } from '#shared/store';
import { TAX_SETTINGS_KEY, taxSettingsSchema } from '#shared/tax-settings';

test.override('appOptions', {
  config: { storeName: 'Tape Hiss Supply', supportEmail: 'help@tapehiss.test' },
});

describe('GET /api/store', () => {
  it('answers the configured name, support address and public address', async ({ app }) => {
    const { status, body } = await getJson(app, '/api/store');
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Tape Hiss Supply',
      supportEmail: 'help@tapehiss.test',
      publicUrl: TEST_PUBLIC_URL,
      signInProviders: [],
      // A store nobody set tax up for: the spec's flat estimate everywhere.
      tax: {
        pricesIncludeTax: false,
        homeCountry: null,
        homeRegion: null,
        registrations: [],
        fallback: 'flat',
        rateOverrides: {},
        requireFullAddress: false,
        euDestinationRates: false,
      },
      checkout: { requireFullAddress: false, asksVatNumber: false, offersCartReminder: false },
      // The look and links of a store whose owner saved none (settings/store-brand.test.ts).
      brand: expect.objectContaining({ logoUrl: null, accentColor: null, accentCss: null }),
    });
  });
});

describe('GET /api/store: the tax settings the cart estimates with', () => {
  it('answers the public settings, never a tax number, and whether EU buyers pay their own rate', async ({
    app,
  }) => {
    const value = taxSettingsSchema.parse({
      homeCountry: 'DE',
      homeTaxNumber: 'DE123456789',
      registrations: [{ country: 'GB', region: null, taxNumber: 'GB999999973' }],
      ossThresholdCents: 0,
    });
    await app.database.db.insert(storeSettings).values({ key: TAX_SETTINGS_KEY, value });
    await createOrder(app.database.db, await createProduct(app.database.db), {
      status: 'COMPLETED',
      country: 'FR',
      completedAt: new Date(),
    });
    const { body } = await getJson<StoreInfo>(app, '/api/store');
    expect(body.tax).toMatchObject({
      homeCountry: 'DE',
      registrations: [{ country: 'GB', region: null }],
      euDestinationRates: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/DE123456789|GB999999973/);
    await app.database.db.delete(storeSettings);
  });
});
