import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { adminTaxSettingsMessages } from '#shared/admin-tax-settings';
import { DEFAULT_SELLER_SETTINGS, DEFAULT_TAX_SETTINGS } from '#shared/tax-settings';
import { adminAudit, storeSettings } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { it, test } from '#tests/support/fixtures';

test.beforeEach(async ({ db }) => {
  await db.delete(storeSettings);
  await db.delete(adminAudit);
});

const saveTax = (admin: TestBrowser, body: Record<string, unknown>) =>
  admin.request('/api/admin/settings/tax', { method: 'PUT', body });
const fieldsOf = (body: unknown) =>
  (body as { error: { code: string; fields: Record<string, string[]> } }).error;

const germany = {
  pricesIncludeTax: true,
  homeCountry: 'de',
  homeRegion: null,
  homeTaxNumber: 'DE123456789',
  registrations: [{ country: 'GB', region: null, taxNumber: 'GB123456789' }],
  fallback: 'none',
  ossThresholdCents: 1_000_000,
  rateOverrides: { DE: 19000, 'US-TX': 6250 },
  requireFullAddress: true,
};

describe('the tax settings', () => {
  it('reads the defaults of a store nobody configured: the flat 8% estimate', async ({ admin }) => {
    const answer = await admin.request('/api/admin/settings/tax');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(DEFAULT_TAX_SETTINGS);
    expect(answer.body).toMatchObject({ fallback: 'flat', homeCountry: null });
  });

  it('saves a German store with a UK registration, reads it back and records who changed it', async ({
    db,
    admin,
  }) => {
    const saved = await saveTax(admin, germany);
    expect(saved.status).toBe(200);
    const expected = { ...germany, homeCountry: 'DE' };
    expect(saved.body).toEqual(expected);
    expect((await admin.request('/api/admin/settings/tax')).body).toEqual(expected);
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'settings'), eq(adminAudit.entityId, 'tax')));
    expect(entry).toMatchObject({ action: 'update', actorId: admin.user.id });
    expect(entry?.changes.homeCountry).toEqual([null, 'DE']);
  });

  it.for([
    {
      name: 'a country that does not exist',
      body: { ...germany, homeCountry: 'XX' },
      field: 'homeCountry',
      message: adminTaxSettingsMessages.unknownCountry,
    },
    {
      name: 'a registration in a country that does not exist',
      body: { ...germany, registrations: [{ country: 'QQ', region: null, taxNumber: '' }] },
      field: 'registrations.0.country',
      message: adminTaxSettingsMessages.unknownCountry,
    },
    {
      name: 'an EU one-stop shop for a store at home in the EU',
      body: { ...germany, registrations: [{ country: 'EU', region: null, taxNumber: '' }] },
      field: 'registrations.0.country',
      message: adminTaxSettingsMessages.euHomeOss,
    },
    {
      name: 'a region for a German home',
      body: { ...germany, homeRegion: 'BY' },
      field: 'homeRegion',
      message: adminTaxSettingsMessages.regionWhere,
    },
    {
      name: 'a region for a UK registration',
      body: { ...germany, registrations: [{ country: 'GB', region: 'ENG', taxNumber: '' }] },
      field: 'registrations.0.region',
      message: adminTaxSettingsMessages.regionWhere,
    },
    {
      name: 'a rate override for a country that does not exist',
      body: { ...germany, rateOverrides: { XX: 1000 } },
      field: 'rateOverrides.XX',
      message: adminTaxSettingsMessages.unknownCountry,
    },
  ])('refuses $name with 400 naming the field, and saves nothing', async (row, { db, admin }) => {
    const answer = await saveTax(admin, row.body);
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [row.field]: [row.message] },
    });
    expect(await db.select().from(storeSettings)).toEqual([]);
  });

  it('takes a US store in Texas registered in California with an EU one-stop shop', async ({
    admin,
  }) => {
    const body = {
      ...germany,
      homeCountry: 'US',
      homeRegion: 'TX',
      registrations: [
        { country: 'US', region: 'CA', taxNumber: '' },
        { country: 'EU', region: null, taxNumber: 'EU372000041' },
      ],
    };
    const answer = await saveTax(admin, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ homeRegion: 'TX', registrations: body.registrations });
  });

  it('refuses a rate above 100% by the shape (thousandths of a percent)', async ({ admin }) => {
    const answer = await saveTax(admin, { ...germany, rateOverrides: { DE: 100_001 } });
    expect(answer.status).toBe(400);
    expect(Object.keys(fieldsOf(answer.body).fields)).toEqual(['rateOverrides.DE']);
  });
});

describe('the seller details', () => {
  it('reads empty details, then saves and reads back what invoices print', async ({ admin }) => {
    expect((await admin.request('/api/admin/settings/seller')).body).toEqual(
      DEFAULT_SELLER_SETTINGS,
    );
    const body = {
      legalName: 'Loop Audio GmbH',
      address: 'Musterstraße 1\n10115 Berlin\nGermany',
      email: 'billing@loop.example',
      invoiceFooter: 'Registered in Berlin, HRB 12345',
    };
    const saved = await admin.request('/api/admin/settings/seller', { method: 'PUT', body });
    expect(saved.status).toBe(200);
    expect((await admin.request('/api/admin/settings/seller')).body).toEqual(body);
  });

  it('refuses an e-mail that is not one, naming the field', async ({ admin }) => {
    const answer = await admin.request('/api/admin/settings/seller', {
      method: 'PUT',
      body: { ...DEFAULT_SELLER_SETTINGS, email: 'billing at loop' },
    });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body).fields).toEqual({ email: [adminTaxSettingsMessages.email] });
  });
});

describe('who may', () => {
  it('is the admin only: 401 for a visitor, 403 for a customer, reading or saving', async ({
    app,
    customer,
  }) => {
    const visitor = new TestBrowser(app);
    for (const path of ['/api/admin/settings/tax', '/api/admin/settings/seller']) {
      expect((await visitor.request(path)).status).toBe(401);
      expect((await customer.request(path)).status).toBe(403);
      expect((await customer.request(path, { method: 'PUT', body: {} })).status).toBe(403);
    }
  });
});
