import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminProductMessages as m } from '#shared/admin-product';
import type { AdminProduct } from '#shared/admin-products-api';
import { categories, products } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { createCategory } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';

/** The category of that slug: the demo's, or one made for this store. */
async function categoryOf(db: Db, slug: string) {
  const [found] = await db.select().from(categories).where(eq(categories.slug, slug));
  return found ?? createCategory(db, { slug, name: slug });
}

const row = async (db: Db, id: string) =>
  (await db.select().from(products).where(eq(products.id, id)))[0]!;

describe('the product editor’s licence settings', () => {
  it('starts a new plugin or app with keys on and anything else with them off, unless the owner says', async ({
    admin,
    db,
  }) => {
    const plugins = await categoryOf(db, 'plugins');
    const apps = await categoryOf(db, 'apps');
    const packs = await createCategory(db, { slug: `packs-${randomUUID().slice(0, 6)}` });
    const made = async (body: object) => {
      const answer = await admin.request('/api/admin/products', {
        body: { name: 'Synth', price: '49.00', ...body },
      });
      expect(answer.status).toBe(201);
      return (answer.body as unknown as { data: AdminProduct }).data;
    };
    const cases = [
      [{ categoryId: plugins.id }, true],
      [{ categoryId: apps.id }, true],
      [{ categoryId: packs.id }, false],
      [{}, false],
      [{ categoryId: plugins.id, licenseKeys: false }, false],
      [{ categoryId: packs.id, licenseKeys: true }, true],
    ] as const;
    for (const [body, on] of cases) {
      const product = await made(body);
      expect(product.editor).toMatchObject({
        licenseKeys: on,
        activationLimit: 3,
        licenseDays: null,
      });
      expect((await row(db, product.id)).licenseKeys).toBe(on);
    }
  });

  it('saves machines per key and the licence length', async ({ admin, db }) => {
    const created = await admin.request('/api/admin/products', {
      body: { name: 'Team Board', price: '29.99', licenseKeys: true, activationLimit: 5 },
    });
    const { id } = (created.body as unknown as { data: AdminProduct }).data;
    const edited = await admin.request(`/api/admin/products/${id}`, {
      method: 'PATCH',
      body: { licenseDays: 365 },
    });
    expect(edited.status).toBe(200);
    expect((edited.body as unknown as { data: AdminProduct }).data.editor).toMatchObject({
      licenseKeys: true,
      activationLimit: 5,
      licenseDays: 365,
    });
    expect(await row(db, id)).toMatchObject({
      licenseKeys: true,
      activationLimit: 5,
      licenseDays: 365,
    });
    // Back to perpetual.
    await admin.request(`/api/admin/products/${id}`, {
      method: 'PATCH',
      body: { licenseDays: null },
    });
    expect((await row(db, id)).licenseDays).toBeNull();
  });

  it('answers 400 for an activation limit of 0 or a licence length that is not a whole number of days', async ({
    admin,
  }) => {
    const answer = await admin.request('/api/admin/products', {
      body: { name: 'Synth', price: '49.00', activationLimit: 0, licenseDays: 1.5 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { activationLimit: [m.activationLimit], licenseDays: [m.licenseDays] },
      },
    });
    const tooMany = await admin.request('/api/admin/products', {
      body: { name: 'Synth', price: '49.00', activationLimit: 1001, licenseDays: 0 },
    });
    expect(tooMany.body).toMatchObject({
      error: {
        fields: { activationLimit: [m.activationLimit], licenseDays: [m.licenseDays] },
      },
    });
  });
});
