import { describe, expect } from 'vitest';
import type { Category, Product, ProductPage, SearchResult } from '#shared/catalogue';
import type { ApiErrorBody } from '#shared/errors';
import { createCategory, createProduct, minutesAgo } from '#tests/support/factories';
import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { refreshSearchTerms } from './search-match';
import { getJson } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { catalogueChanges } from './catalogue-changes';

/** Told of the writes these tests make behind the store's back (factories, SQL), as a store write tells it. */
const changes = catalogueChanges();
test.override('appOptions', { catalogueChanges: changes });

describe('GET /api/categories', () => {
  it('lists every category ordered by name', async ({ app, db }) => {
    await createCategory(db, { name: 'Zebra Sounds', slug: 'zebra-sounds' });
    await createCategory(db, { name: 'Alpha Tools', slug: 'alpha-tools' });
    const { status, body } = await getJson<{ data: Category[] }>(app, '/api/categories');
    expect(status).toBe(200);
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain('Zebra Sounds');
  });

  it('finds one category by slug', async ({ app, db }) => {
    await createCategory(db, { name: 'Drum Kits', slug: 'drum-kits' });
    const { status, body } = await getJson<{ data: Category }>(app, '/api/categories/drum-kits');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: 'Drum Kits', slug: 'drum-kits' });
  });

  it("answers 404 'Category not found' for an unknown slug", async ({ app }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, '/api/categories/no-such-thing');
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Category not found' });
  });
});

describe('GET /api/products', () => {
  let category: Awaited<ReturnType<typeof createCategory>>;
  test.beforeAll(async ({ db }) => {
    category = await createCategory(db, { name: 'Paging', slug: 'paging' });
    for (let i = 0; i < 12; i++) {
      await createProduct(db, {
        name: `Paged Loop ${String(i).padStart(2, '0')}`,
        priceCents: 1000 + ((i * 7) % 12) * 100,
        categoryId: category.id,
        createdAt: minutesAgo(100 - i),
      });
    }
    await createProduct(db, {
      name: 'Retired Loop',
      categoryId: category.id,
      status: 'archived',
    });
  });

  it('returns the first 10 active products of a category, newest first, with paging fields', async ({
    app,
  }) => {
    const { status, body } = await getJson<ProductPage>(app, '/api/products?category=paging');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 12, limit: 10, offset: 0, hasMore: true });
    expect(body.data).toHaveLength(10);
    expect(body.data[0]?.name).toBe('Paged Loop 11');
    expect(body.data.every((p) => p.isActive && p.category?.slug === 'paging')).toBe(true);
    expect(body.data.map((p) => p.name)).not.toContain('Retired Loop');
  });

  it('pages by offset without overlap and reports the end', async ({ app }) => {
    const first = await getJson<ProductPage>(app, '/api/products?category=paging&limit=5&offset=0');
    const last = await getJson<ProductPage>(app, '/api/products?category=paging&limit=5&offset=10');
    expect(last.body).toMatchObject({ total: 12, offset: 10, hasMore: false });
    expect(last.body.data).toHaveLength(2);
    const ids = new Set(first.body.data.map((p) => p.id));
    expect(last.body.data.some((p) => ids.has(p.id))).toBe(false);
  });

  it('sorts by price ascending with sortOrder=asc, and descending with desc or none', async ({
    app,
  }) => {
    const asc = await getJson<ProductPage>(
      app,
      '/api/products?category=paging&sortBy=price&sortOrder=ASC&limit=12',
    );
    const prices = asc.body.data.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const order of ['&sortOrder=desc', '']) {
      const other = await getJson<ProductPage>(
        app,
        `/api/products?category=paging&sortBy=price${order}&limit=12`,
      );
      const descPrices = other.body.data.map((p) => p.priceCents);
      expect(descPrices).toEqual([...prices].sort((a, b) => b - a));
    }
  });

  it('matches search text in the name or description, case-insensitively and partially', async ({
    app,
    db,
  }) => {
    await createProduct(db, {
      name: 'Velvet Horizon Pads',
      description: 'Lush ambient textures',
    });
    await createProduct(db, { name: 'Ordinary Thing', description: 'Contains VELVETY grooves' });
    const { body } = await getJson<ProductPage>(app, '/api/products?q=velv');
    expect(body.data.map((p) => p.name).sort()).toEqual(['Ordinary Thing', 'Velvet Horizon Pads']);
  });

  it("answers 404 'Category not found' for an unknown category", async ({ app }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, '/api/products?category=nope');
    expect(status).toBe(404);
    expect(body.error.message).toBe('Category not found');
  });

  it.for([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    ['sortBy=password', 'sortBy'],
    ['sortOrder=sideways', 'sortOrder'],
  ])('rejects %s with 400 VALIDATION_FAILED naming %s', async ([query, field], { app }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, `/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect(body.error.message).toContain(field);
  });

  it('sends an ETag and a short public cache, and answers 304 to a matching If-None-Match', async ({
    app,
  }) => {
    const first = await app.request('/api/products?category=paging');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('public');
    const again = await app.request('/api/products?category=paging', {
      headers: { 'If-None-Match': tag ?? '' },
    });
    expect(again.status).toBe(304);
  });
});

describe('GET /api/products totals and search pages', () => {
  it('keeps a category total exact as products are added, retired, moved and deleted', async ({
    app,
    db,
  }) => {
    const [drums, keys] = [await createCategory(db), await createCategory(db)];
    const total = async (slug: string) =>
      (await getJson<ProductPage>(app, `/api/products?category=${slug}`)).body.total;
    const made = await Promise.all(
      [0, 1, 2, 3].map(() => createProduct(db, { categoryId: drums.id })),
    );
    expect(await total(drums.slug)).toBe(4);

    await db.update(products).set({ status: 'archived' }).where(eq(products.id, made[0]!.id));
    await db.update(products).set({ categoryId: keys.id }).where(eq(products.id, made[1]!.id));
    await db.delete(products).where(eq(products.id, made[2]!.id));
    changes.notify();
    expect([await total(drums.slug), await total(keys.slug)]).toEqual([1, 1]);

    const all = await getJson<ProductPage>(app, '/api/products?limit=1');
    const counted = await db.$count(products, eq(products.isActive, true));
    expect(all.body.total).toBe(counted);
  });

  it('answers a page past the end with no products and the same total', async ({ app, db }) => {
    const category = await createCategory(db);
    await createProduct(db, { categoryId: category.id });
    const { body } = await getJson<ProductPage>(
      app,
      `/api/products?category=${category.slug}&offset=500`,
    );
    expect(body).toMatchObject({ data: [], total: 1, offset: 500, hasMore: false });
  });

  it('sorts search matches by a column when asked, and pages through them', async ({ app, db }) => {
    for (const [name, price] of [
      ['Orchid Pads', 3000],
      ['Orchid Keys', 1000],
      ['Orchid Strings', 2000],
    ] as const) {
      await createProduct(db, { name, priceCents: price });
    }
    await refreshSearchTerms(db);
    const first = await getJson<ProductPage>(
      app,
      '/api/products?q=orchid&sortBy=price&sortOrder=asc&limit=2',
    );
    expect(first.body.data.map((p) => p.name)).toEqual(['Orchid Keys', 'Orchid Strings']);
    expect(first.body).toMatchObject({ total: 3, hasMore: true });
    const rest = await getJson<ProductPage>(
      app,
      '/api/products?q=orchid&sortBy=price&sortOrder=asc&limit=2&offset=2',
    );
    expect(rest.body.data.map((p) => p.name)).toEqual(['Orchid Pads']);
    expect(rest.body).toMatchObject({ total: 3, hasMore: false });
  });

  it('finds a name by its letters when no word matches: lofi finds Lo-Fi', async ({ app, db }) => {
    await createProduct(db, { name: 'Lo-Fi Cassette Chops', description: 'Warm tape' });
    await refreshSearchTerms(db);
    const { body } = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=lofi');
    expect(body.data.map((r) => r.title)).toContain('Lo-Fi Cassette Chops');
  });
});

describe('GET /api/products/:id', () => {
  it('returns an active product with its category', async ({ app, db }) => {
    const category = await createCategory(db);
    const product = await createProduct(db, {
      name: 'Tape Echo',
      categoryId: category.id,
      priceCents: 4999,
    });
    const { status, body } = await getJson<{ data: Product }>(app, `/api/products/${product.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: product.id, name: 'Tape Echo', priceCents: 4999 });
    expect(body.data.category?.id).toBe(category.id);
    expect(body.data).not.toHaveProperty('fileKey');
  });

  it.for([
    ['an inactive product', async (db: Db) => (await createProduct(db, { status: 'archived' })).id],
    ['an unknown id', async () => '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a UUID', async () => 'not-a-uuid'],
  ] as const)("answers 404 'Product not found' for %s", async ([, makeId], { app, db }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, `/api/products/${await makeId(db)}`);
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Product not found' });
  });
});

describe('GET /api/products/featured', () => {
  it('returns featured active products newest first, 3 by default', async ({ app, db }) => {
    for (let i = 0; i < 5; i++) {
      await createProduct(db, {
        name: `Featured ${i}`,
        metadata: { featured: true },
        createdAt: minutesAgo(-10 - i),
      });
    }
    await createProduct(db, {
      name: 'Featured but retired',
      metadata: { featured: true },
      status: 'archived',
      createdAt: minutesAgo(-60),
    });
    await createProduct(db, { name: 'Not featured', createdAt: minutesAgo(-60) });
    const { body } = await getJson<{ data: Product[] }>(app, '/api/products/featured');
    expect(body.data.map((p) => p.name)).toEqual(['Featured 4', 'Featured 3', 'Featured 2']);
    const six = await getJson<{ data: Product[] }>(app, '/api/products/featured?limit=6');
    expect(six.body.data.length).toBeGreaterThanOrEqual(5);
    expect(six.body.data.every((p) => p.metadata.featured === true)).toBe(true);
  });

  it('rejects a bad limit', async ({ app }) => {
    const { status } = await getJson(app, '/api/products/featured?limit=-3');
    expect(status).toBe(400);
  });
});

describe('GET /api/products/:id/related', () => {
  it('returns up to 3 other active products of the same category', async ({ app, db }) => {
    const category = await createCategory(db);
    const [main] = await Promise.all([createProduct(db, { categoryId: category.id })]);
    for (let i = 0; i < 4; i++) await createProduct(db, { categoryId: category.id });
    await createProduct(db, {
      categoryId: category.id,
      status: 'archived',
      name: 'Hidden sibling',
    });
    await createProduct(db, { name: 'Other category' });
    const { status, body } = await getJson<{ data: Product[] }>(
      app,
      `/api/products/${main?.id}/related`,
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(3);
    expect(
      body.data.every((p) => p.categoryId === category.id && p.id !== main?.id && p.isActive),
    ).toBe(true);
  });
});

describe('GET /api/search', () => {
  test.beforeAll(async ({ db }) => {
    await createProduct(db, {
      name: 'Dusty Soul Sample Pack',
      description: 'Warm vinyl drums',
      metadata: { tags: ['soul'] },
    });
    await createProduct(db, { name: 'Trap Sample Pack Vol. 2', description: '808s and hats' });
    await createProduct(db, {
      name: 'Granular Cloud',
      description: 'A plugin that turns any sample pack into clouds',
    });
    await createProduct(db, {
      name: 'Lo-Fi Tape Loops',
      description: 'A sample pack of dusty loops',
    });
    await createProduct(db, {
      name: 'Bass Station',
      description: 'Sub bass presets',
      metadata: { tags: ['bass'] },
    });
    for (let i = 0; i < 8; i++)
      await createProduct(db, { name: `Drumline Kit ${i}`, description: 'drums' });
    await refreshSearchTerms(db);
  });

  it('needs at least 2 characters after trimming', async ({ app }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, '/api/search?q=%20a%20');
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
  });

  it('returns at most 6 results shaped for the overlay', async ({ app }) => {
    const { status, body } = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=drum');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(6);
    expect(body.data[0]).toMatchObject({ type: 'product', category: 'Uncategorized' });
    expect(body.data[0]?.url).toBe(`/products/${body.data[0]?.id}`);
  });

  it('ranks a name match above a description match', async ({ app }) => {
    const { body } = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=sample%20pack');
    const titles = body.data.map((r) => r.title);
    expect(titles.indexOf('Granular Cloud')).toBeGreaterThan(
      titles.indexOf('Dusty Soul Sample Pack'),
    );
  });

  it("forgives a typo: 'sampel pack' finds the sample packs", async ({ app }) => {
    const { body } = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=sampel%20pack');
    const titles = body.data.map((r) => r.title);
    expect(titles).toContain('Dusty Soul Sample Pack');
    expect(titles).toContain('Trap Sample Pack Vol. 2');
    expect(titles).toContain('Lo-Fi Tape Loops');
  });

  it('corrects a typo only for words the catalogue does not use', async ({ app }) => {
    const typo = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=basss');
    expect(typo.body.data.map((r) => r.title)).toContain('Bass Station');
    const exact = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=bass');
    expect(exact.body.data.map((r) => r.title)).toEqual(['Bass Station']);
  });

  it('matches a 2-character prefix', async ({ app }) => {
    const { body } = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=du');
    expect(body.data.map((r) => r.title)).toContain('Dusty Soul Sample Pack');
  });

  it('treats tsquery syntax as plain text', async ({ app }) => {
    const { status } = await getJson(app, `/api/search?q=${encodeURIComponent("a & | ! ( ':*")}`);
    expect(status).toBe(200);
  });
});

describe('the API around the catalogue', () => {
  it('reports the database in /api/health', async ({ app }) => {
    const { status, body } = await getJson<{ status: string; database: { status: string } }>(
      app,
      '/api/health',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });

  it('answers unknown /api paths with a JSON 404', async ({ app }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, '/api/no/such/thing');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI contract', async ({ app }) => {
    const { status, body } = await getJson<{ paths: Record<string, unknown> }>(
      app,
      '/api/openapi.json',
    );
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/products', '/products/{id}', '/search']),
    );
  });
});
