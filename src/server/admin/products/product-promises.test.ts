import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AdminCategory } from '#shared/admin-categories';
import type { AdminProduct } from '#shared/admin-products-api';
import type { Product } from '#shared/catalogue';
import { promiseMessages as m } from '#shared/promises';
import { adminAudit, products, storeSettings } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { getJson, type TestContext } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';

/**
 * What a product promises, end to end through the API: the owner's feature points (and a
 * category's defaults for a new product), the store's promises and a product's own, and the
 * product answer a shopper's page reads.
 */

test.beforeEach(async ({ db }) => {
  await db.delete(storeSettings);
});

const createProductAs = (admin: TestBrowser, body: Record<string, unknown>) =>
  admin.request('/api/admin/products', { body: { price: '19.00', status: 'active', ...body } });
const patch = (admin: TestBrowser, id: string, body: unknown) =>
  admin.request(`/api/admin/products/${id}`, { method: 'PATCH', body });
const savePromises = (admin: TestBrowser, body: unknown) =>
  admin.request('/api/admin/settings/promises', { method: 'PUT', body });
const editorOf = (res: { body: unknown }) => (res.body as { data: AdminProduct }).data;
const errorOf = (res: { body: unknown }) =>
  (res.body as { error: { code: string; fields: Record<string, string[]> } }).error;

async function shopperView(app: TestContext, id: string): Promise<Product> {
  const { status, body } = await getJson<{ data: Product }>(app, `/api/products/${id}`);
  expect(status).toBe(200);
  return body.data;
}

describe("a product's feature points", () => {
  it('are saved as the owner orders them and served in that order', async ({ app, admin }) => {
    const created = await createProductAs(admin, {
      name: 'Orbit Synth',
      features: [' Wavetable and FM synthesis ', 'VST3, AU and AAX for macOS and Windows'],
    });
    expect(created.status).toBe(201);
    const product = editorOf(created);
    expect(product.editor.features).toEqual([
      'Wavetable and FM synthesis',
      'VST3, AU and AAX for macOS and Windows',
    ]);

    // Reordered, one edited, one added, one removed.
    const edited = await patch(admin, product.id, {
      features: ['VST3, AU and AAX', '400 presets', 'Wavetable and FM synthesis'],
    });
    expect(edited.status).toBe(200);
    expect((await shopperView(app, product.id)).features).toEqual([
      'VST3, AU and AAX',
      '400 presets',
      'Wavetable and FM synthesis',
    ]);

    // A PATCH that leaves them out keeps them.
    await patch(admin, product.id, { name: 'Orbit Synth 2' });
    expect((await shopperView(app, product.id)).features).toHaveLength(3);
  });

  it.for([
    {
      name: 'thirteen points',
      features: Array.from({ length: 13 }, (_, i) => `Point ${i + 1}`),
      field: 'features',
      message: m.tooManyFeatures,
    },
    { name: 'an empty point', features: ['Fine', '  '], field: 'features.1', message: m.feature },
    {
      name: 'a point of 121 characters',
      features: ['x'.repeat(121)],
      field: 'features.0',
      message: m.feature,
    },
  ])('refuses $name with the field and its message', async (bad, { db, admin }) => {
    const before = await createProduct(db, { features: ['Kept'] });
    for (const res of [
      await createProductAs(admin, { name: 'Refused', features: bad.features }),
      await patch(admin, before.id, { features: bad.features }),
    ]) {
      expect(res.status).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      expect(errorOf(res).fields[bad.field]).toEqual([bad.message]);
    }
    const [row] = await db.select().from(products).where(eq(products.id, before.id));
    expect(row?.features).toEqual(['Kept']);
  });

  it("start as the category's defaults on a new product that sends none", async ({ admin }) => {
    const category = await admin.request('/api/admin/categories', {
      body: {
        name: 'Synth Plugins',
        slug: 'synth-plugins-promises',
        defaultFeatures: ['VST3 and AU plugin', 'Presets included'],
      },
    });
    expect(category.status).toBe(201);
    const { id: categoryId, defaultFeatures } = (category.body as { data: AdminCategory }).data;
    expect(defaultFeatures).toEqual(['VST3 and AU plugin', 'Presets included']);

    const fromDefaults = editorOf(await createProductAs(admin, { name: 'Pad Synth', categoryId }));
    expect(fromDefaults.editor.features).toEqual(['VST3 and AU plugin', 'Presets included']);
    // Points the editor sends, even none, are the product's own.
    const own = editorOf(
      await createProductAs(admin, { name: 'Bass Synth', categoryId, features: ['Sub bass'] }),
    );
    expect(own.editor.features).toEqual(['Sub bass']);
    const none = editorOf(
      await createProductAs(admin, { name: 'Lead Synth', categoryId, features: [] }),
    );
    expect(none.editor.features).toEqual([]);
    // A product without a category starts with none.
    const loose = editorOf(await createProductAs(admin, { name: 'Loose' }));
    expect(loose.editor.features).toEqual([]);
  });

  it("a category's defaults are edited, checked and audited; products made earlier keep theirs", async ({
    db,
    admin,
  }) => {
    const category = await createCategory(db, { defaultFeatures: ['Old default'] });
    const earlier = editorOf(
      await createProductAs(admin, { name: 'Earlier', categoryId: category.id }),
    );
    const path = `/api/admin/categories/${category.id}`;

    const refused = await admin.request(path, { method: 'PATCH', body: { defaultFeatures: [''] } });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields['defaultFeatures.0']).toEqual([m.feature]);

    const saved = await admin.request(path, {
      method: 'PATCH',
      body: { defaultFeatures: ['24-bit WAV loops', 'MIDI files'] },
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { data: AdminCategory }).data.defaultFeatures).toEqual([
      '24-bit WAV loops',
      'MIDI files',
    ]);
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'category'), eq(adminAudit.entityId, category.id)));
    expect(entry?.changes.defaultFeatures).toEqual([
      ['Old default'],
      ['24-bit WAV loops', 'MIDI files'],
    ]);

    const later = editorOf(
      await createProductAs(admin, { name: 'Later', categoryId: category.id }),
    );
    expect(later.editor.features).toEqual(['24-bit WAV loops', 'MIDI files']);
    const [kept] = await db.select().from(products).where(eq(products.id, earlier.id));
    expect(kept?.features).toEqual(['Old default']);
  });
});

describe('the money-back and update promises', () => {
  it("promise nothing in a store that never set them, and follow the store's once set", async ({
    app,
    db,
    admin,
  }) => {
    const product = await createProduct(db);
    const untouched = await admin.request('/api/admin/settings/promises');
    expect(untouched.status).toBe(200);
    expect(untouched.body).toEqual({ refundDays: 0, freeUpdates: false });
    expect((await shopperView(app, product.id)).promises).toEqual({
      refundDays: null,
      freeUpdates: false,
    });

    const saved = await savePromises(admin, { refundDays: 14, freeUpdates: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ refundDays: 14, freeUpdates: true });
    expect((await admin.request('/api/admin/settings/promises')).body).toEqual(saved.body);
    expect((await shopperView(app, product.id)).promises).toEqual({
      refundDays: 14,
      freeUpdates: true,
    });
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'settings'), eq(adminAudit.entityId, 'promises')));
    expect(entry).toMatchObject({ action: 'update', actorId: admin.user.id });
    expect(entry?.changes.refundDays).toEqual([0, 14]);
  });

  it("a product's own promises win: 0 days gives no guarantee under the store's", async ({
    app,
    admin,
  }) => {
    await savePromises(admin, { refundDays: 30, freeUpdates: true });
    const own = editorOf(
      await createProductAs(admin, { name: 'No refunds', refundDays: 0, freeUpdates: false }),
    );
    expect(own.editor).toMatchObject({ refundDays: 0, freeUpdates: false });
    expect((await shopperView(app, own.id)).promises).toEqual({
      refundDays: null,
      freeUpdates: false,
    });

    // Back to the store's setting.
    await patch(admin, own.id, { refundDays: null, freeUpdates: null });
    expect((await shopperView(app, own.id)).promises).toEqual({
      refundDays: 30,
      freeUpdates: true,
    });
    await patch(admin, own.id, { refundDays: 60 });
    expect((await shopperView(app, own.id)).promises?.refundDays).toBe(60);
  });

  it.for([
    { body: { refundDays: 366, freeUpdates: false }, field: 'refundDays', message: m.refundDays },
    { body: { refundDays: -1, freeUpdates: false }, field: 'refundDays', message: m.refundDays },
    { body: { refundDays: 14, freeUpdates: 'yes' }, field: 'freeUpdates', message: m.freeUpdates },
  ])('refuses the store setting $body', async ({ body, field, message }, { admin }) => {
    const res = await savePromises(admin, body);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(errorOf(res).fields[field]).toEqual([message]);
  });

  it("refuses a product's money-back window over 365 days", async ({ admin }) => {
    const res = await createProductAs(admin, { name: 'Too long', refundDays: 400 });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields.refundDays).toEqual([m.refundDays]);
  });

  it('lets only the admin read or change the promises', async ({ app, customer }) => {
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { refundDays: 30, freeUpdates: true } : undefined;
      const path = '/api/admin/settings/promises';
      expect((await new TestBrowser(app).request(path, { method, body })).status).toBe(401);
      expect((await customer.request(path, { method, body })).status).toBe(403);
    }
  });
});
