import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { ProductFacets, ProductPage } from '#shared/catalogue';
import type { ApiErrorBody } from '#shared/errors';
import { formats, genres, instruments, musicKeys, systems } from '#shared/music';
import { createCategory, createProduct, minutesAgo } from '#tests/support/factories';
import { getJson, type TestContext } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';
import { queryRows } from '../../db/client';
import { products } from '../../db/schema';
import { catalogueChanges } from '../catalogue-changes';

const changes = catalogueChanges();

/** A fixed spread of facts: every product a different mix, some without tempo or key. */
function pick<T>(values: readonly T[], seed: number, count: number): T[] {
  return [
    ...new Set(
      Array.from({ length: count }, (_, n) => values[(seed * 7 + n * 5) % values.length]!),
    ),
  ];
}

test.override('appOptions', { catalogueChanges: changes });
test.beforeAll(async ({ db }) => {
  const beats = await createCategory(db, { name: 'Beats', slug: 'facet-beats' });
  const plugins = await createCategory(db, { name: 'Plugins', slug: 'facet-plugins' });
  for (let n = 0; n < 60; n++) {
    const tempo = n % 5 === 4 ? null : 70 + ((n * 13) % 90);
    const price = 500 + ((n * 37) % 40) * 100;
    await createProduct(db, {
      name: `Facet Product ${String(n).padStart(2, '0')}`,
      categoryId: n % 3 === 0 ? plugins.id : beats.id,
      priceCents: price,
      metadata: n % 4 === 0 ? { originalPrice: price + 500 } : {},
      bpmMin: tempo,
      bpmMax: tempo === null ? null : tempo + (n % 2) * 20,
      musicKey: n % 6 === 5 ? null : musicKeys[(n * 11) % musicKeys.length]!,
      genres: pick(genres.values, n, 1 + (n % 3)),
      instruments: pick(instruments.values, n + 3, 1 + (n % 2)),
      formats: pick(formats.values, n, 1 + (n % 3)),
      systems: pick(systems.values, n, 1 + (n % 2)),
      salesCount: (n * 17) % 23,
      status: n % 10 === 9 ? 'archived' : 'active',
      createdAt: minutesAgo(1000 - n),
    });
  }
});

/** A filter as the API takes it and as plain SQL says it. */
interface Filter {
  genre?: string[];
  instrument?: string[];
  key?: string[];
  format?: string[];
  os?: string[];
  bpm?: [number, number];
  price?: [number, number];
  onSale?: boolean;
  category?: string;
}

const quoteAll = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/** The filter's conditions in SQL, leaving out `except`. */
function conditions(filter: Filter, except?: keyof Filter): string[] {
  const where = ['is_active'];
  const has = (name: keyof Filter) => filter[name] !== undefined && name !== except;
  if (has('genre')) where.push(`genres && array[${quoteAll(filter.genre!)}]::text[]`);
  if (has('instrument'))
    where.push(`instruments && array[${quoteAll(filter.instrument!)}]::text[]`);
  if (has('key')) where.push(`music_key in (${quoteAll(filter.key!)})`);
  if (has('format')) where.push(`formats && array[${quoteAll(filter.format!)}]::text[]`);
  if (has('os')) where.push(`systems && array[${quoteAll(filter.os!)}]::text[]`);
  if (has('bpm')) where.push(`bpm_min <= ${filter.bpm![1]} and bpm_max >= ${filter.bpm![0]}`);
  if (has('price')) where.push(`price_cents between ${filter.price![0]} and ${filter.price![1]}`);
  if (has('onSale') && filter.onSale) where.push('on_sale');
  if (filter.category) {
    where.push(`category_id = (select id from categories where slug = '${filter.category}')`);
  }
  return where;
}

function searchParams(filter: Filter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['genre', 'instrument', 'key', 'format', 'os'] as const) {
    for (const value of filter[name] ?? []) params.append(name, value);
  }
  if (filter.bpm) {
    params.set('bpmMin', String(filter.bpm[0]));
    params.set('bpmMax', String(filter.bpm[1]));
  }
  if (filter.price) {
    params.set('priceMin', String(filter.price[0]));
    params.set('priceMax', String(filter.price[1]));
  }
  if (filter.onSale) params.set('onSale', 'true');
  if (filter.category) params.set('category', filter.category);
  params.set('facets', 'true');
  return params;
}

const columns = { genre: 'genres', instrument: 'instruments', format: 'formats', os: 'systems' };

/** Every facet's counts, each with plain SQL under the other filters. */
async function expectedFacets(db: Db, filter: Filter): Promise<ProductFacets> {
  const count = async (where: string[]) => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::integer as n from products where ${where.join(' and ')}`),
    );
    return row!.n;
  };
  const listed = async (facet: keyof typeof columns, values: readonly string[]) =>
    Promise.all(
      values.map(async (value) => ({
        value,
        count: await count([...conditions(filter, facet), `'${value}' = any(${columns[facet]})`]),
      })),
    );
  const range = async (low: string, high: string, where: string[]) => {
    const [row] = await queryRows<{ min: number | null; max: number | null }>(
      db,
      sql.raw(`select min(${low})::integer as min, max(${high})::integer as max
        from products where ${where.join(' and ')}`),
    );
    return { min: row!.min, max: row!.max };
  };
  return {
    genre: await listed('genre', genres.values),
    instrument: await listed('instrument', instruments.values),
    key: await Promise.all(
      musicKeys.map(async (value) => ({
        value,
        count: await count([...conditions(filter, 'key'), `music_key = '${value}'`]),
      })),
    ),
    format: await listed('format', formats.values),
    os: await listed('os', systems.values),
    bpm: await range('bpm_min', 'bpm_max', conditions(filter, 'bpm')),
    price: await range('price_cents', 'price_cents', conditions(filter, 'price')),
    onSale: await count([...conditions(filter, 'onSale'), 'on_sale']),
  };
}

async function facetPage(app: TestContext, filter: Filter, extra = '') {
  const { status, body } = await getJson<ProductPage>(
    app,
    `/api/products?${searchParams(filter).toString()}${extra}`,
  );
  expect(status).toBe(200);
  return body;
}

/** The page's facets and total for `filter` are what SQL counts over the products table. */
async function expectCountsAsSql(app: TestContext, db: Db, filter: Filter) {
  const page = await facetPage(app, filter);
  expect(page.facets).toEqual(await expectedFacets(db, filter));
  const [total] = await queryRows<{ n: number }>(
    db,
    sql.raw(
      `select count(*)::integer as n from products where ${conditions(filter).join(' and ')}`,
    ),
  );
  expect(page.total).toBe(total!.n);
}

const combinations: [string, Filter][] = [
  ['no filter', {}],
  ['one genre', { genre: ['trap'] }],
  ['two genres (either)', { genre: ['trap', 'house'] }],
  ['a BPM range and a key', { bpm: [90, 120], key: ['A minor', 'C major', 'F# minor'] }],
  ['a format and an OS', { format: ['vst3'], os: ['windows', 'macos'] }],
  ['a price range on sale', { price: [1000, 3000], onSale: true }],
  [
    'everything at once, in a category',
    {
      category: 'facet-beats',
      genre: ['trap', 'lo-fi', 'soul'],
      instrument: ['drums', 'keys'],
      bpm: [80, 140],
      price: [0, 4000],
    },
  ],
];

describe('GET /api/products with facets', () => {
  it.for(combinations)('counts every facet as SQL does: %s', async ([, filter], { app, db }) => {
    await expectCountsAsSql(app, db, filter);
  });

  it('counts a price slider moving over the same other filters as SQL does, at every step', async ({
    app,
    db,
  }) => {
    // The first price range builds the ladder of the other filters; the others only read it.
    const others: Filter = { genre: ['trap', 'lo-fi'], bpm: [80, 140] };
    for (const price of [
      [0, 4000],
      [1500, 2500],
      [2500, 2500],
      [3600, 9000],
      [0, 499],
    ] as [number, number][]) {
      await expectCountsAsSql(app, db, { ...others, price });
    }
  });

  it.for(combinations)(
    'lists what the filters match, newest first: %s',
    async ([, filter], { app, db }) => {
      const expected = await queryRows<{ id: string }>(
        db,
        sql.raw(`select id from products where ${conditions(filter).join(' and ')}
        order by created_at desc, id desc limit 5 offset 2`),
      );
      const page = await facetPage(app, filter, '&limit=5&offset=2');
      expect(page.data.map((product) => product.id)).toEqual(expected.map((row) => row.id));
      expect(page.hasMore).toBe(page.total > 7);
    },
  );

  it.for([
    ['bpm', 'asc', 'bpm_min asc nulls last, bpm_max asc, id asc'],
    ['bpm', 'desc', 'bpm_min desc nulls last, bpm_max desc, id desc'],
    ['popularity', 'desc', 'sales_count desc, id desc'],
    ['price', 'asc', 'price_cents asc, id asc'],
    ['price', 'desc', 'price_cents desc, id desc'],
    ['name', 'asc', 'name asc, id asc'],
  ])('sorts by %s %s', async ([field, direction, order], { app, db }) => {
    const filter: Filter = { genre: ['trap', 'house', 'soul', 'pop'] };
    const expected = await queryRows<{ id: string }>(
      db,
      sql.raw(
        `select id from products where ${conditions(filter).join(' and ')} order by ${order}`,
      ),
    );
    const page = await facetPage(app, filter, `&sortBy=${field}&sortOrder=${direction}&limit=50`);
    expect(page.data.map((product) => product.id)).toEqual(expected.map((row) => row.id));
  });

  it('shows each product with its musical facts', async ({ app }) => {
    const page = await facetPage(app, { key: ['A minor'] });
    expect(page.data.length).toBeGreaterThan(0);
    for (const product of page.data) expect(product.music.key).toBe('A minor');
  });

  it('counts a write as soon as the catalogue change is heard', async ({ app, db }) => {
    const filter: Filter = { genre: ['ambient'], bpm: [60, 200] };
    const before = await facetPage(app, filter);
    const product = await createProduct(db, {
      name: 'Late Ambient Pad',
      genres: ['ambient', 'cinematic'],
      instruments: ['pads'],
      bpmMin: 75,
      bpmMax: 75,
      musicKey: 'D minor',
    });
    changes.notify();
    const after = await facetPage(app, filter);
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]?.id).toBe(product.id);
    expect(after.facets).toEqual(await expectedFacets(db, filter));
    const cinematic = (facets: ProductFacets) =>
      facets.genre.find((genre) => genre.value === 'cinematic')?.count;
    expect(cinematic(after.facets!)).toBe(cinematic(before.facets!)! + 1);

    await db
      .update(products)
      .set({ status: 'archived' })
      .where(sql`id = ${product.id}`);
    changes.notify();
    const archived = await facetPage(app, filter);
    expect(archived.total).toBe(before.total);
    expect(archived.facets).toEqual(before.facets);
  });

  it('narrows by search text too, counting within what it finds', async ({ app }) => {
    const page = await facetPage(app, { genre: ['trap'] }, '&q=facet');
    expect(page.total).toBe((await facetPage(app, { genre: ['trap'] })).total);
    const none = await facetPage(app, {}, '&q=zzzqqq');
    expect(none.total).toBe(0);
    expect(none.facets!.genre.every((genre) => genre.count === 0)).toBe(true);
  });

  it("answers 404 'Category not found' for an unknown category", async ({ app }) => {
    const { status, body } = await getJson<ApiErrorBody>(
      app,
      '/api/products?genre=trap&category=no-such-category',
    );
    expect(status).toBe(404);
    expect(body.error.message).toBe('Category not found');
  });

  it.for<[string, string, string | undefined]>([
    ['genre=polka', 'genre', 'Unknown genre: polka'],
    ['genre=trap&genre=polka', 'genre', 'Unknown genre: polka'],
    ['key=H%20minor', 'key', 'Unknown key: H minor'],
    ['os=beos', 'os', 'Unknown os: beos'],
    ['bpmMin=fast', 'bpmMin', 'bpmMin must be a whole number'],
    ['bpmMin=5', 'bpmMin', 'bpmMin must be at least 20'],
    ['priceMax=-1', 'priceMax', 'priceMax must be at least 0'],
    ['onSale=maybe', 'onSale', 'onSale must be true or false'],
    ['sortBy=loudness', 'sortBy', undefined],
  ])('refuses %s with 400 naming %s', async ([params, field, message], { app }) => {
    const { status, body } = await getJson<ApiErrorBody>(app, `/api/products?${params}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
    if (message) expect(body.error.fields?.[field]).toEqual([message]);
  });
});
