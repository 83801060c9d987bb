import { count, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AuditEntryView } from '#shared/admin';
import { categoryMessages, type AdminCategory } from '#shared/admin-categories';
import { catalogueChanges } from '#server/catalogue/catalogue-changes';
import { adminAudit, categories, products } from '#server/db/schema';
import { renamedCategorySlug } from '#server/seo/category-slugs';
import type { TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';
import { it, test } from '#tests/support/fixtures';

let notified = 0;
const changes = catalogueChanges();
changes.subscribe(() => notified++);
test.override('appOptions', { catalogueChanges: changes });
test.beforeEach(async ({ db }) => {
  await db.delete(products);
  await db.delete(categories);
  await db.delete(adminAudit);
  notified = 0;
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const row = async (db: Db, id: string) =>
  (await db.select().from(categories).where(eq(categories.id, id)))[0];
/** The store's public list, as a shopper's next request reads it. */
const storeSlugs = async (app: TestContext) => {
  const answer = await app.request('/api/categories');
  return ((await answer.json()) as { data: { slug: string; name: string }[] }).data;
};
const create = (admin: TestBrowser, body: Record<string, unknown>) =>
  admin.request('/api/admin/categories', { method: 'POST', body });
const dataOf = (body: unknown) => (body as { data: AdminCategory }).data;

describe('the categories admin', () => {
  it('lists every category in the store order with its product count, active or not', async ({
    db,
    admin,
  }) => {
    const drums = await createCategory(db, { name: 'Drums', slug: 'drums', position: 1 });
    const bass = await createCategory(db, { name: 'Bass', slug: 'bass', position: 0 });
    await createProduct(db, { categoryId: drums.id });
    await createProduct(db, { categoryId: drums.id, status: 'archived' });
    const answer = await admin.request('/api/admin/categories');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        { ...pick(bass), position: 0, productCount: 0 },
        { ...pick(drums), position: 1, productCount: 2 },
      ],
    });
  });

  it('creates a category last in the order, which the store lists at once', async ({
    app,
    db,
    admin,
  }) => {
    await createCategory(db, { name: 'Drums', slug: 'drums', position: 4 });
    const answer = await create(admin, {
      name: ' Synth Presets ',
      slug: 'synth-presets',
      description: '',
    });
    expect(answer.status).toBe(201);
    const created = dataOf(answer.body);
    expect(created).toMatchObject({ name: 'Synth Presets', slug: 'synth-presets', position: 5 });
    expect(await row(db, created.id)).toMatchObject({ name: 'Synth Presets', description: null });
    expect((await storeSlugs(app)).map((c) => c.slug)).toEqual(['drums', 'synth-presets']);
    expect(notified).toBe(1);
  });

  it('refuses a slug in use with 409 and a bad one with 400, naming the field', async ({
    db,
    admin,
  }) => {
    await createCategory(db, { name: 'Drums', slug: 'drums' });
    const taken = await create(admin, { name: 'Other drums', slug: 'drums' });
    expect(taken).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT', message: categoryMessages.slugTaken } },
    });
    const bad = await create(admin, { name: 'Bad', slug: 'Not A Slug' });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: { code: 'VALIDATION_FAILED', fields: { slug: [categoryMessages.slugFormat] } },
      },
    });
    const nameless = await create(admin, { name: '  ', slug: 'fine' });
    expect(nameless.body).toMatchObject({
      error: { fields: { name: [categoryMessages.nameRequired] } },
    });
    expect(await db.select().from(categories)).toHaveLength(1);
    expect(notified).toBe(0);
  });

  it('renames and redescribes a category, keeping its slug', async ({ app, db, admin }) => {
    const drums = await createCategory(db, { name: 'Drums', slug: 'drums' });
    const answer = await admin.request(`/api/admin/categories/${drums.id}`, {
      method: 'PATCH',
      body: { name: 'Drum Kits', description: 'Acoustic and electronic kits' },
    });
    expect(answer.status).toBe(200);
    expect(await row(db, drums.id)).toMatchObject({
      name: 'Drum Kits',
      slug: 'drums',
      description: 'Acoustic and electronic kits',
    });
    expect(await storeSlugs(app)).toEqual([expect.objectContaining({ name: 'Drum Kits' })]);
    expect(notified).toBe(1);
    for (const id of [UNKNOWN, 'not-an-id']) {
      const missing = await admin.request(`/api/admin/categories/${id}`, {
        method: 'PATCH',
        body: { name: 'Ghost' },
      });
      expect(missing).toMatchObject({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: categoryMessages.notFound } },
      });
    }
  });

  it('moves a category to a new slug, the old one redirecting to it', async ({ db, admin }) => {
    const drums = await createCategory(db, { name: 'Drums', slug: 'drums' });
    const answer = await admin.request(`/api/admin/categories/${drums.id}/slug`, {
      method: 'PUT',
      body: { slug: 'drum-kits' },
    });
    expect(answer.status).toBe(200);
    expect(dataOf(answer.body).slug).toBe('drum-kits');
    expect(await renamedCategorySlug(db, 'drums')).toBe('drum-kits');
    expect(notified).toBe(1);
    // A new category may take the old slug back: its redirect then gives way.
    expect((await create(admin, { name: 'Drums again', slug: 'drums' })).status).toBe(201);
    expect(await renamedCategorySlug(db, 'drums')).toBeNull();
  });

  it('reorders the categories, and the store follows the new order', async ({ app, db, admin }) => {
    const a = await createCategory(db, { name: 'Alpha', slug: 'alpha' });
    const b = await createCategory(db, { name: 'Beta', slug: 'beta' });
    const c = await createCategory(db, { name: 'Gamma', slug: 'gamma' });
    const answer = await admin.request('/api/admin/categories/order', {
      method: 'PUT',
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(answer.status).toBe(200);
    expect((await storeSlugs(app)).map((x) => x.slug)).toEqual(['gamma', 'alpha', 'beta']);
    expect(notified).toBe(1);

    const partial = await admin.request('/api/admin/categories/order', {
      method: 'PUT',
      body: { ids: [a.id, b.id] },
    });
    expect(partial).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT', message: categoryMessages.orderChanged } },
    });
    expect((await storeSlugs(app)).map((x) => x.slug)).toEqual(['gamma', 'alpha', 'beta']);
  });

  it('deletes only an empty category', async ({ app, db, admin }) => {
    const full = await createCategory(db, { name: 'Full', slug: 'full' });
    const empty = await createCategory(db, { name: 'Empty', slug: 'empty' });
    await createProduct(db, { categoryId: full.id, status: 'archived' });
    const refused = await admin.request(`/api/admin/categories/${full.id}`, { method: 'DELETE' });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT', message: categoryMessages.notEmpty } },
    });
    expect(await row(db, full.id)).toBeDefined();

    const deleted = await admin.request(`/api/admin/categories/${empty.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await row(db, empty.id)).toBeUndefined();
    expect((await storeSlugs(app)).map((x) => x.slug)).toEqual(['full']);
    expect(notified).toBe(1);
  });

  it('records every write in the audit log, with its author and the fields before and after', async ({
    db,
    admin,
  }) => {
    const other = await createCategory(db, { name: 'Bass', slug: 'bass', position: 0 });
    const made = dataOf((await create(admin, { name: 'Drums', slug: 'drums' })).body);
    const at = (path = '') => `/api/admin/categories/${made.id}${path}`;
    await admin.request(at(), { method: 'PATCH', body: { name: 'Drum Kits' } });
    // A write that changes nothing leaves no entry.
    await admin.request(at(), { method: 'PATCH', body: { name: 'Drum Kits' } });
    await admin.request(at('/slug'), { method: 'PUT', body: { slug: 'drum-kits' } });
    await admin.request('/api/admin/categories/order', {
      method: 'PUT',
      body: { ids: [made.id, other.id] },
    });
    expect((await admin.request(at(), { method: 'DELETE' })).status).toBe(204);

    const trail = await admin.request(at('/audit'));
    expect(trail.status).toBe(200);
    const entries = (trail.body as { data: AuditEntryView[] }).data;
    expect(entries.map(({ action, changes }) => ({ action, changes })).reverse()).toEqual([
      { action: 'create', changes: { name: [null, 'Drums'], slug: [null, 'drums'] } },
      { action: 'update', changes: { name: ['Drums', 'Drum Kits'] } },
      { action: 'change-slug', changes: { slug: ['drums', 'drum-kits'] } },
      { action: 'reorder', changes: { position: [1, 0] } },
      { action: 'delete', changes: { name: ['Drum Kits', null], slug: ['drum-kits', null] } },
    ]);
    expect(entries.every((entry) => entry.actor?.email === 'owner@example.com')).toBe(true);
    // The category it swapped places with has its own entry.
    const moved = await admin.request(`/api/admin/categories/${other.id}/audit`);
    expect((moved.body as { data: AuditEntryView[] }).data).toMatchObject([
      { action: 'reorder', changes: { position: [0, 1] } },
    ]);
    expect((await admin.request(`/api/admin/categories/${UNKNOWN}/audit`)).status).toBe(404);
  });

  it('records nothing when a write is refused', async ({ db, admin }) => {
    await createCategory(db, { name: 'Drums', slug: 'drums' });
    expect((await create(admin, { name: 'Drums again', slug: 'drums' })).status).toBe(409);
    const entries = await db
      .select({ n: count() })
      .from(adminAudit)
      .where(eq(adminAudit.entityType, 'category'));
    expect(entries).toEqual([{ n: 0 }]);
  });
});

function pick(category: typeof categories.$inferSelect) {
  const { id, name, slug, description, defaultFeatures } = category;
  return { id, name, slug, description, defaultFeatures };
}
