import { describe, expect } from 'vitest';
import { productBundleSchema, type ProductBundle } from '#shared/product-bundle';
import { productSchema, type Product } from '#shared/catalogue';
import { bundleItems, sales } from '#server/db/schema';
import { createCategory, createProduct } from '#tests/support/factories';
import { getJson } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('a bundle in the public catalogue', () => {
  it("lists a bundle's active members in order, each with its own preview, and what it saves", async ({
    app,
    db,
    admin,
  }) => {
    const category = await createCategory(db);
    const drums = await createProduct(db, {
      name: 'Dusty Drums',
      priceCents: 2000,
      categoryId: category.id,
      imageUrl: '/media/images/drums.svg',
      metadata: { audioPreview: '/media/previews/drums.mp3' },
      cardPeaks: 'AAAA',
    });
    const keys = await createProduct(db, { name: 'Velvet Keys', priceCents: 3000 });
    const bundle = await createProduct(db, { name: 'Producer Bundle', priceCents: 4000 });
    const saved = await admin.request(`/api/admin/products/${bundle.id}/bundle`, {
      method: 'PUT',
      body: { memberIds: [drums.id, keys.id] },
    });
    expect(saved.status).toBe(200);

    const res = await getJson<{ data: ProductBundle }>(app, `/api/products/${bundle.id}/bundle`);
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toContain('public');
    expect(productBundleSchema.parse(res.body)).toEqual(res.body);
    const { members, savings, includedIn } = res.body.data;
    expect(members.map((member) => member.name)).toEqual(['Dusty Drums', 'Velvet Keys']);
    expect(members[0]).toMatchObject({
      id: drums.id,
      priceCents: 2000,
      imageUrl: '/media/images/drums.svg',
      metadata: { audioPreview: '/media/previews/drums.mp3' },
      previewPeaks: 'AAAA',
      category: { id: category.id },
      isBundle: false,
    });
    expect(savings).toEqual({ cents: 1000, percent: 20, separateCents: 5000 });
    expect(includedIn).toEqual([]);

    // The bundle's own answer and the cards say it is a bundle; its members are not.
    const one = await getJson<{ data: Product }>(app, `/api/products/${bundle.id}`);
    expect(productSchema.parse(one.body.data).isBundle).toBe(true);
    const list = await getJson<{ data: Product[] }>(app, '/api/products?limit=100');
    const flags = Object.fromEntries(list.body.data.map((p) => [p.name, p.isBundle]));
    expect(flags).toMatchObject({ 'Producer Bundle': true, 'Dusty Drums': false });

    // A member names the bundles it is in.
    const member = await getJson<{ data: ProductBundle }>(app, `/api/products/${keys.id}/bundle`);
    expect(member.body.data).toEqual({
      members: [],
      savings: null,
      includedIn: [{ id: bundle.id, name: 'Producer Bundle', priceCents: 4000, imageUrl: null }],
    });
  });

  it('leaves out members that are not active, and says nothing when the bundle saves nothing', async ({
    app,
    db,
  }) => {
    const shown = await createProduct(db, { name: 'Shown Pack', priceCents: 1000 });
    const draft = await createProduct(db, { name: 'Draft Pack', status: 'draft', priceCents: 900 });
    const bundle = await createProduct(db, { name: 'Dear Bundle', priceCents: 1500 });
    await db.insert(bundleItems).values([
      { bundleId: bundle.id, memberId: draft.id, position: 1 },
      { bundleId: bundle.id, memberId: shown.id, position: 2 },
    ]);
    const res = await getJson<{ data: ProductBundle }>(app, `/api/products/${bundle.id}/bundle`);
    expect(res.body.data.members.map((m) => m.name)).toEqual(['Shown Pack']);
    expect(res.body.data.savings).toBeNull();
    // A draft's page is not shown, nor the bundles it is in.
    const hidden = await getJson(app, `/api/products/${draft.id}/bundle`);
    expect(hidden.status).toBe(404);
  });

  it("prices the bundle, its members and the bundles a product is in at a running sale's price", async ({
    app,
    db,
  }) => {
    const onSale = await createCategory(db);
    const other = await createCategory(db);
    const drums = await createProduct(db, { priceCents: 2000, categoryId: onSale.id });
    const keys = await createProduct(db, { priceCents: 3000, categoryId: other.id });
    const bundle = await createProduct(db, { priceCents: 4000, categoryId: onSale.id });
    await db.insert(bundleItems).values([
      { bundleId: bundle.id, memberId: drums.id, position: 1 },
      { bundleId: bundle.id, memberId: keys.id, position: 2 },
    ]);
    const hour = 60 * 60 * 1000;
    await db.insert(sales).values({
      name: 'Half off',
      percentOff: 50,
      categoryId: onSale.id,
      startsAt: new Date(Date.now() - hour),
      endsAt: new Date(Date.now() + hour),
    });
    const res = await getJson<{ data: ProductBundle }>(app, `/api/products/${bundle.id}/bundle`);
    // Only the category on sale is cut: its member, and the bundle itself.
    expect(res.body.data.members.map((m) => m.priceCents)).toEqual([1000, 3000]);
    expect(res.body.data.savings).toEqual({ cents: 2000, percent: 50, separateCents: 4000 });
    const member = await getJson<{ data: ProductBundle }>(app, `/api/products/${keys.id}/bundle`);
    expect(member.body.data.includedIn.map((b) => b.priceCents)).toEqual([2000]);
  });

  it('404s an unknown product', async ({ app }) => {
    expect((await getJson(app, `/api/products/${UNKNOWN}/bundle`)).status).toBe(404);
    expect((await getJson(app, '/api/products/not-an-id/bundle')).status).toBe(404);
  });
});
