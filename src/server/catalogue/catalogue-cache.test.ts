import { eq } from 'drizzle-orm';
import { afterAll, describe as plainDescribe, it as plainIt } from 'vitest';
import type { Category, Product, ProductPage, SearchResponse } from '#shared/catalogue';
import { CATALOGUE_CHANNEL, catalogueChanges } from '#server/catalogue/catalogue-changes';
import { users } from '#server/db/schema';
import { signedInBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';
import { createTestContext, getJson, type TestContext } from '#tests/support/test-app';
import { createSharedTestDatabase, openSameDatabase } from '#tests/support/test-database';

/**
 * The catalogue's answers come from memory (answer-cache.ts) and are never stale: a write
 * through the admin is in the very next read of each answer it changes, on this process and,
 * once heard through PostgreSQL, on every other.
 */

const names = (page: { data: { name: string }[] }) => page.data.map((p) => p.name);

describe('cached catalogue answers follow the admin', () => {
  it("shows an edit in the next read of the product, its category's lists and the search", async ({
    app,
    db,
    admin,
  }) => {
    const category = await createCategory(db, { slug: 'cached-tape' });
    const product = await createProduct(db, {
      name: 'Cassette Warmth',
      categoryId: category.id,
      priceCents: 1500,
    });
    const paths = {
      product: `/api/products/${product.id}`,
      list: `/api/products?category=${category.slug}`,
      byPrice: `/api/products?category=${category.slug}&sortBy=price`,
      faceted: `/api/products?category=${category.slug}&facets=true`,
      search: '/api/search?q=cassette',
      categories: '/api/categories',
    };
    // Each read twice: the second comes from memory.
    for (const path of Object.values(paths)) {
      await app.request(path);
      expect((await app.request(path)).status).toBe(200);
    }

    const edited = await admin.request(`/api/admin/products/${product.id}`, {
      method: 'PATCH',
      body: { name: 'Cassette Saturation', price: '19.00' },
    });
    expect(edited.status).toBe(200);
    const renamed = await getJson<{ data: Product }>(app, paths.product);
    expect(renamed.body.data).toMatchObject({ name: 'Cassette Saturation', priceCents: 1900 });
    for (const path of [paths.list, paths.byPrice, paths.faceted]) {
      expect(names((await getJson<ProductPage>(app, path)).body)).toEqual(['Cassette Saturation']);
    }
    const found = await getJson<SearchResponse>(app, paths.search);
    expect(found.body.data.map((r) => r.title)).toEqual(['Cassette Saturation']);

    const recategorised = await admin.request(`/api/admin/categories/${category.id}`, {
      method: 'PATCH',
      body: { name: 'Tape Machines' },
    });
    expect(recategorised.status).toBe(200);
    const listed = await getJson<{ data: Category[] }>(app, paths.categories);
    expect(listed.body.data.map((c) => c.name)).toContain('Tape Machines');
    const again = await getJson<{ data: Product }>(app, paths.product);
    expect(again.body.data.category?.name).toBe('Tape Machines');
  });

  it('answers an unknown product 404 each time, and its page once it exists', async ({
    app,
    admin,
  }) => {
    const made = await admin.request('/api/admin/products', {
      body: { name: 'Late Arrival', price: '5.00', status: 'draft' },
    });
    const id = (made.body as { data: { id: string } }).data.id;
    expect((await app.request(`/api/products/${id}`)).status).toBe(404);
    expect((await app.request(`/api/products/${id}`)).status).toBe(404);
    await admin.request(`/api/admin/products/${id}`, {
      method: 'PATCH',
      body: { status: 'active' },
    });
    expect((await app.request(`/api/products/${id}`)).status).toBe(200);
  });
});

/**
 * Two server processes on one PostgreSQL database, each with its own pool, LISTEN connection
 * and answer cache: a write through one is in the next read through the other once the other
 * has heard it (the wait is for the notification itself, not for a time).
 */
plainDescribe.runIf(process.env.TEST_DATABASE_URL)('two processes: cached answers', () => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let first: TestContext;
  let second: TestContext;
  const secondChanges = catalogueChanges();
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await shared?.remove();
  });

  plainIt('a write through the first is read through the second once it commits', async () => {
    shared = await createSharedTestDatabase();
    first = await createTestContext({ database: await shared.open() });
    second = await createTestContext({
      database: await openSameDatabase(first.database),
      catalogueChanges: secondChanges,
    });
    // Once the second process listens (its app started listening as it was made).
    await second.database.listen(CATALOGUE_CHANNEL, () => {});
    const { browser: admin, user } = await signedInBrowser(first, 'owner@example.com');
    await first.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    const category = await createCategory(first.database.db, { slug: 'two-process' });
    const product = await createProduct(first.database.db, {
      name: 'Reel To Reel',
      categoryId: category.id,
    });
    const detail = `/api/products/${product.id}`;
    const list = `/api/products?category=${category.slug}`;
    // The second process reads both and keeps them; the first process reads them too.
    for (const ctx of [second, second, first]) {
      expect((await getJson<{ data: Product }>(ctx, detail)).body.data.name).toBe('Reel To Reel');
      expect(names((await getJson<ProductPage>(ctx, list)).body)).toEqual(['Reel To Reel']);
    }

    const heard = new Promise<void>((resolve) => secondChanges.subscribe(resolve));
    const edited = await admin.request(`/api/admin/products/${product.id}`, {
      method: 'PATCH',
      body: { name: 'Reel To Reel Deluxe' },
    });
    expect(edited.status).toBe(200);
    // The writer's own next read has it at once.
    expect((await getJson<{ data: Product }>(first, detail)).body.data.name).toBe(
      'Reel To Reel Deluxe',
    );
    await heard;
    expect((await getJson<{ data: Product }>(second, detail)).body.data.name).toBe(
      'Reel To Reel Deluxe',
    );
    expect(names((await getJson<ProductPage>(second, list)).body)).toEqual(['Reel To Reel Deluxe']);
  });
});
