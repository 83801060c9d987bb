import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { adminAudit, products, type CategoryRow } from '#server/db/schema';
import { adminProductMessages as m } from '#shared/admin-product';
import { musicMessages } from '#shared/music-schema';
import type { AdminProduct, AdminProductPage, AuditEntryView } from '#shared/admin-products-api';
import { TestBrowser } from '#tests/support/auth-client';
import { createCategory, createOrder, createProduct, minutesAgo } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';

let plugins: CategoryRow;
let packs: CategoryRow;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

test.beforeAll(async ({ db }) => {
  plugins = await createCategory(db, { name: 'Plugins', slug: 'plugins-admin' });
  packs = await createCategory(db, { name: 'Packs', slug: 'packs-admin' });
});

const create = (admin: TestBrowser, body: unknown) =>
  admin.request('/api/admin/products', { body });
const patch = (admin: TestBrowser, id: string, body: unknown) =>
  admin.request(`/api/admin/products/${id}`, { method: 'PATCH', body });
const list = async (admin: TestBrowser, query: string) => {
  const res = await admin.request(`/api/admin/products?${query}`);
  expect(res.status).toBe(200);
  return res.body as unknown as AdminProductPage;
};
const dataOf = (res: { body: unknown }) => (res.body as { data: AdminProduct }).data;

describe('who may call /api/admin/products', () => {
  it.for([
    ['GET', '/api/admin/products'],
    ['POST', '/api/admin/products'],
    ['POST', '/api/admin/products/bulk'],
    ['GET', `/api/admin/products/${UNKNOWN}`],
    ['PATCH', `/api/admin/products/${UNKNOWN}`],
    ['GET', `/api/admin/products/${UNKNOWN}/audit`],
  ] as const)(
    '%s %s: 401 for a visitor, 403 for a customer',
    async ([method, path], { app, customer }) => {
      const body = method === 'GET' ? undefined : { action: 'archive', ids: [UNKNOWN] };
      const anonymous = await new TestBrowser(app).request(path, { method, body });
      expect(anonymous.status).toBe(401);
      const refused = await customer.request(path, { method, body });
      expect(refused.status).toBe(403);
      expect((refused.body as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    },
  );
});

describe('POST /api/admin/products', () => {
  it('creates a draft from the form: money as text, stored in cents, a sale as the store reads it', async ({
    db,
    admin,
  }) => {
    const res = await create(admin, {
      name: 'Velvet Keys',
      description: 'Rhodes chords.',
      price: '39.99',
      salePrice: '29.99',
      categoryId: plugins.id,
      tags: ['keys', 'rhodes'],
      featured: true,
      purchaseLimit: 1,
      downloadLimit: 5,
      producer: { producer: 'Velvet Audio', format: 'ZIP: WAV and MIDI' },
      music: {
        bpmMin: 80,
        bpmMax: 95,
        key: 'Eb major',
        genres: ['soul', 'rnb'],
        instruments: ['keys'],
        formats: ['wav', 'midi'],
        daws: ['ableton-live'],
      },
      imageUrl: '/media/images/velvet.webp',
    });
    expect(res.status).toBe(201);
    const product = dataOf(res);
    expect(product).toMatchObject({
      name: 'Velvet Keys',
      status: 'draft',
      priceCents: 2999,
      originalPriceCents: 3999,
      onSale: true,
      salesCount: 0,
      category: { id: plugins.id, name: 'Plugins', slug: 'plugins-admin' },
      editor: { price: '39.99', salePrice: '29.99', status: 'draft', purchaseLimit: 1 },
    });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ priceCents: 2999, isActive: false, downloadLimit: 5 });
    expect(row?.metadata).toMatchObject({
      originalPrice: 3999,
      isOnSale: true,
      tags: ['keys', 'rhodes'],
      featured: true,
      purchase_limit: '1',
      product_type: 'digital_download',
      producer: 'Velvet Audio',
      format: 'ZIP: WAV and MIDI',
    });
    // The musical facts go to their columns, and the store's answer shows them.
    expect(row).toMatchObject({
      bpmMin: 80,
      bpmMax: 95,
      musicKey: 'Eb major',
      genres: ['soul', 'rnb'],
      instruments: ['keys'],
      formats: ['wav', 'midi'],
      systems: [],
      daws: ['ableton-live'],
    });
    expect(product.editor).toMatchObject({
      music: { bpmMin: 80, bpmMax: 95, key: 'Eb major', genres: ['soul', 'rnb'] },
    });
  });

  it('refuses musical facts out of their vocabularies and ranges, naming each field', async ({
    admin,
  }) => {
    const res = await create(admin, {
      name: 'Odd Facts',
      price: '10',
      music: {
        bpmMin: 1000,
        bpmMax: 200,
        key: 'H minor',
        genres: ['polka'],
        daws: ['reaper', 'reaper'],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: {
          'music.bpmMin': [musicMessages.bpm],
          'music.key': [musicMessages.key],
          'music.genres.0': [musicMessages.genres],
          'music.daws': [musicMessages.repeated],
        },
      },
    });
  });

  it('PATCH replaces the facts; one tempo alone sets the highest to it', async ({ db, admin }) => {
    const made = dataOf(
      await create(admin, {
        name: 'Tempo Kit',
        price: '10',
        music: { bpmMin: 90, bpmMax: 100, genres: ['trap'] },
      }),
    );
    const patched = await patch(admin, made.id, { music: { bpmMin: 128, key: 'A minor' } });
    expect(patched.status).toBe(200);
    const [row] = await db.select().from(products).where(eq(products.id, made.id));
    expect(row).toMatchObject({ bpmMin: 128, bpmMax: 128, musicKey: 'A minor', genres: [] });
  });

  it('answers 400 VALIDATION_FAILED naming each bad field with its message', async ({ admin }) => {
    const res = await create(admin, {
      name: ' ',
      price: '12.345',
      salePrice: 'soon',
      downloadLimit: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: {
          name: [m.nameRequired],
          price: [m.priceFormat],
          salePrice: [m.salePriceFormat],
          downloadLimit: [m.downloadLimit],
        },
      },
    });
  });

  it('refuses a sale price not below the price, a category that does not exist and an unknown upload', async ({
    admin,
  }) => {
    const sale = await create(admin, { name: 'X', price: '10', salePrice: '10.00' });
    expect(sale.body).toMatchObject({ error: { fields: { salePrice: [m.salePriceBelowPrice] } } });
    const category = await create(admin, { name: 'X', price: '10', categoryId: UNKNOWN });
    expect(category.status).toBe(400);
    expect(category.body).toMatchObject({ error: { fields: { categoryId: [m.category] } } });
    const upload = await create(admin, { name: 'X', price: '10', fileUploadId: UNKNOWN });
    expect(upload.body).toMatchObject({ error: { fields: { fileUploadId: [m.upload] } } });
  });
});

describe('GET and PATCH /api/admin/products/:id', () => {
  it('answers 404 Product not found for an unknown or malformed id', async ({ admin }) => {
    for (const id of [UNKNOWN, 'not-an-id']) {
      for (const method of ['GET', 'PATCH']) {
        const res = await admin.request(`/api/admin/products/${id}`, {
          method,
          body: method === 'PATCH' ? { name: 'x' } : undefined,
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Product not found' } });
      }
    }
    expect((await admin.request(`/api/admin/products/${UNKNOWN}/audit`)).status).toBe(404);
  });

  it('shows any status, with the values the editor fills in', async ({ db, admin }) => {
    const archived = await createProduct(db, {
      name: 'Old Pack',
      status: 'archived',
      priceCents: 1500,
      fileKey: 'products/old.zip',
      fileName: 'Old.zip',
      fileSize: 1234,
    });
    const res = await admin.request(`/api/admin/products/${archived.id}`);
    expect(res.status).toBe(200);
    expect(dataOf(res)).toMatchObject({
      status: 'archived',
      file: { name: 'Old.zip', size: 1234 },
      editor: { name: 'Old Pack', price: '15.00', salePrice: '', status: 'archived' },
    });
  });

  it('changes the fields sent, checks the product they make whole, and audits before and after', async ({
    admin,
  }) => {
    const made = dataOf(await create(admin, { name: 'Tape Hiss', price: '20.00', tags: ['lofi'] }));

    const tooHigh = await patch(admin, made.id, { salePrice: '25' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body).toMatchObject({
      error: { fields: { salePrice: [m.salePriceBelowPrice] } },
    });

    const saved = await patch(admin, made.id, { salePrice: '15', status: 'active' });
    expect(saved.status).toBe(200);
    expect(dataOf(saved)).toMatchObject({
      name: 'Tape Hiss',
      priceCents: 1500,
      originalPriceCents: 2000,
      status: 'active',
      editor: { tags: ['lofi'] },
    });
    await patch(admin, made.id, { name: 'Tape Hiss Vol. 2' });
    // Sending what is stored changes nothing and records nothing.
    await patch(admin, made.id, { name: 'Tape Hiss Vol. 2' });

    const audit = await admin.request(`/api/admin/products/${made.id}/audit`);
    expect(audit.status).toBe(200);
    const entries = (audit.body as { data: AuditEntryView[] }).data;
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.user.id, email: 'owner@example.com' },
      changes: { name: ['Tape Hiss', 'Tape Hiss Vol. 2'] },
    });
    expect(entries[1]?.changes).toEqual({
      salePrice: [null, 1500],
      status: ['draft', 'active'],
    });
    expect(entries[2]?.changes).toMatchObject({ name: [null, 'Tape Hiss'], price: [null, 2000] });
  });

  it('sets the download allowance: a number, or "Unlimited for account holders" keeping it for guest links', async ({
    db,
    admin,
  }) => {
    const made = dataOf(await create(admin, { name: 'Keep Forever', price: '9.00' }));
    expect(made.editor).toMatchObject({ downloadLimit: 3, unlimitedForAccounts: false });
    const saved = await patch(admin, made.id, { unlimitedForAccounts: true, downloadLimit: 5 });
    expect(saved.status).toBe(200);
    expect(dataOf(saved).editor).toMatchObject({ downloadLimit: 5, unlimitedForAccounts: true });
    const [row] = await db.select().from(products).where(eq(products.id, made.id));
    expect(row).toMatchObject({ downloadLimit: 5, unlimitedForAccounts: true });
    const bad = await patch(admin, made.id, { unlimitedForAccounts: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('error.fields.unlimitedForAccounts');
    const audit = await admin.request(`/api/admin/products/${made.id}/audit`);
    expect((audit.body as { data: AuditEntryView[] }).data[0]?.changes).toEqual({
      downloadLimit: [3, 5],
      unlimitedForAccounts: [false, true],
    });
  });

  it('writes the audit entry in the same transaction: a refused write leaves none', async ({
    db,
    admin,
  }) => {
    const made = dataOf(await create(admin, { name: 'Solo', price: '5' }));
    await patch(admin, made.id, { categoryId: UNKNOWN, name: 'Renamed' });
    const rows = await db.select().from(adminAudit).where(eq(adminAudit.entityId, made.id));
    expect(rows.map((r) => r.action)).toEqual(['create']);
    expect(dataOf(await admin.request(`/api/admin/products/${made.id}`)).name).toBe('Solo');
  });
});

describe('GET /api/admin/products', () => {
  let names: string[];
  test.beforeAll(async ({ db }) => {
    const specs = [
      { name: 'Zulu Bass', priceCents: 500, categoryId: packs.id, status: 'active' as const },
      { name: 'Alpha Drums', priceCents: 3000, categoryId: packs.id, status: 'draft' as const },
      {
        name: 'Mango Synth',
        priceCents: 1000,
        categoryId: packs.id,
        status: 'archived' as const,
        metadata: { originalPrice: 2000, isOnSale: true },
      },
      {
        name: 'Kilo Vocals',
        priceCents: 2000,
        categoryId: packs.id,
        status: 'active' as const,
        metadata: { originalPrice: 2500 },
      },
    ];
    names = [];
    for (const [i, spec] of specs.entries()) {
      const row = await createProduct(db, { ...spec, createdAt: minutesAgo(10 - i) });
      names.push(row.name);
      // Sales: Zulu twice, Kilo once; an unpaid order does not count.
      if (spec.name !== 'Alpha Drums' && spec.name !== 'Mango Synth') {
        await createOrder(db, row, { status: 'COMPLETED' });
      }
      if (spec.name === 'Zulu Bass') {
        await createOrder(db, row, { status: 'COMPLETED' });
        await createOrder(db, row, { status: 'PENDING' });
      }
    }
  });
  const inPacks = `category=${'{packs}'}`;
  const q = (admin: TestBrowser, query: string) => list(admin, query.replace('{packs}', packs.id));
  const namesOf = (page: AdminProductPage) => page.data.map((p) => p.name);

  it('sorts by name, price, creation and sales, either way', async ({ admin }) => {
    expect(namesOf(await q(admin, `${inPacks}&sort=name&order=asc`))).toEqual([
      'Alpha Drums',
      'Kilo Vocals',
      'Mango Synth',
      'Zulu Bass',
    ]);
    expect(namesOf(await q(admin, `${inPacks}&sort=price&order=desc`))).toEqual([
      'Alpha Drums',
      'Kilo Vocals',
      'Mango Synth',
      'Zulu Bass',
    ]);
    expect(namesOf(await q(admin, `${inPacks}&sort=created&order=asc`))).toEqual(names);
    const bySales = await q(admin, `${inPacks}&sort=sales&order=desc`);
    expect(bySales.data.slice(0, 2).map((p) => [p.name, p.salesCount])).toEqual([
      ['Zulu Bass', 2],
      ['Kilo Vocals', 1],
    ]);
  });

  it('filters by status, category and sale, with the total each matches', async ({ admin }) => {
    const active = await q(admin, `${inPacks}&status=active&sort=name&order=asc`);
    expect(namesOf(active)).toEqual(['Kilo Vocals', 'Zulu Bass']);
    expect(active.total).toBe(2);
    expect((await q(admin, `${inPacks}&status=draft`)).total).toBe(1);
    const onSale = await q(admin, `${inPacks}&onSale=true&sort=name&order=asc`);
    expect(namesOf(onSale)).toEqual(['Kilo Vocals', 'Mango Synth']);
    expect(onSale.total).toBe(2);
    expect(onSale.data[0]).toMatchObject({ priceCents: 2000, originalPriceCents: 2500 });
    const notOnSale = await q(admin, `${inPacks}&onSale=false`);
    expect(notOnSale.total).toBe(2);
    expect((await q(admin, `category=${plugins.id}&status=archived`)).total).toBe(0);
  });

  it('pages: page and pageSize, the total of all pages', async ({ admin }) => {
    const first = await q(admin, `${inPacks}&sort=name&order=asc&pageSize=3&page=1`);
    const second = await q(admin, `${inPacks}&sort=name&order=asc&pageSize=3&page=2`);
    expect([first.total, first.page, first.pageSize]).toEqual([4, 1, 3]);
    expect(namesOf(first)).toEqual(['Alpha Drums', 'Kilo Vocals', 'Mango Synth']);
    expect(namesOf(second)).toEqual(['Zulu Bass']);
  });

  it('searches with the store’s search, drafts and typos included', async ({ admin }) => {
    const found = await q(admin, 'q=drums');
    expect(namesOf(found)).toContain('Alpha Drums');
    expect(namesOf(await q(admin, 'q=vocls'))).toContain('Kilo Vocals');
    expect((await q(admin, 'q=drums&status=active')).data.map((p) => p.name)).not.toContain(
      'Alpha Drums',
    );
    expect(await q(admin, 'q=nothinglikethis')).toMatchObject({ data: [], total: 0 });
  });

  it('refuses an unknown sort or a page size over 100', async ({ admin }) => {
    for (const query of ['sort=rating', 'pageSize=101', 'status=hidden', 'category=packs']) {
      const res = await admin.request(`/api/admin/products?${query}`);
      expect(res.status).toBe(400);
    }
  });
});

describe('POST /api/admin/products/bulk', () => {
  it('archives, activates and moves products, auditing each one changed', async ({ db, admin }) => {
    const a = await createProduct(db, { name: 'Bulk A', categoryId: plugins.id });
    const b = await createProduct(db, { name: 'Bulk B', status: 'draft' });
    const bulk = (body: unknown) => admin.request('/api/admin/products/bulk', { body });

    expect((await bulk({ action: 'archive', ids: [a.id, b.id, UNKNOWN] })).body).toEqual({
      updated: 2,
    });
    expect((await bulk({ action: 'archive', ids: [a.id] })).body).toEqual({ updated: 0 });
    expect((await bulk({ action: 'activate', ids: [b.id] })).body).toEqual({ updated: 1 });
    const moved = await bulk({
      action: 'change-category',
      ids: [a.id, b.id],
      categoryId: packs.id,
    });
    expect(moved.body).toEqual({ updated: 2 });

    const rows = await db
      .select({ id: products.id, status: products.status, categoryId: products.categoryId })
      .from(products)
      .where(sql`${products.id} in (${a.id}, ${b.id})`);
    expect(rows.find((r) => r.id === a.id)).toMatchObject({
      status: 'archived',
      categoryId: packs.id,
    });
    expect(rows.find((r) => r.id === b.id)).toMatchObject({
      status: 'active',
      categoryId: packs.id,
    });

    const trail = (await admin.request(`/api/admin/products/${b.id}/audit`)).body as {
      data: AuditEntryView[];
    };
    expect(trail.data.map((e) => [e.action, e.changes])).toEqual([
      ['change-category', { categoryId: [null, packs.id] }],
      ['activate', { status: ['archived', 'active'] }],
      ['archive', { status: ['draft', 'archived'] }],
    ]);
  });

  it('refuses more than 200 ids, an unknown action and an unknown category', async ({ admin }) => {
    const ids = Array.from({ length: 201 }, () => crypto.randomUUID());
    const bulk = (body: unknown) => admin.request('/api/admin/products/bulk', { body });
    expect((await bulk({ action: 'archive', ids })).status).toBe(400);
    expect((await bulk({ action: 'delete', ids: [UNKNOWN] })).status).toBe(400);
    const category = await bulk({ action: 'change-category', ids: [UNKNOWN], categoryId: UNKNOWN });
    expect(category.body).toMatchObject({ error: { fields: { categoryId: [m.category] } } });
  });
});

describe('the contract', () => {
  it("describes the editor's own fields as the body of POST and PATCH /api/admin/products", async ({
    app,
  }) => {
    const answer = await app.app.request('/api/openapi.json');
    const contract = (await answer.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const editor = { properties: { name: { type: 'string' }, price: { type: 'string' } } };
    expect(contract.paths['/admin/products']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { ...editor, required: ['name', 'price'] } } },
    });
    expect(contract.paths['/admin/products/{id}']?.patch?.requestBody).toMatchObject({
      content: { 'application/json': { schema: editor } },
    });
  });
});
