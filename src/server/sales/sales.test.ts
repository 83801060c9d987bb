import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AdminSale } from '#shared/admin-sales';
import type { Product, ProductPage, SearchResponse } from '#shared/catalogue';
import type { StoredCartLine } from '#shared/cart-api';
import { discountPercent, isOnSale } from '#shared/product';
import { salePriceCents } from '#shared/sales';
import {
  orders,
  products,
  promoCodes,
  sales,
  type CategoryRow,
  type ProductRow,
} from '#server/db/schema';
import { catalogueChanges } from '#server/catalogue/catalogue-changes';
import { TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';
import { createLogger } from '#server/logger';
import { saleClock } from './sale-clock';

/**
 * Automatic sales where the shopper meets a price: the catalogue's lists, facets, search and
 * product page, the cart, and the checkout, which charges the sale price and takes a code off it.
 */

let kits: CategoryRow;
let synths: CategoryRow;
let drums: ProductRow;
let snares: ProductRow;
let bass: ProductRow;
let address = 0;
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });
test.beforeAll(async ({ db }) => {
  kits = await createCategory(db, { name: 'Drum Kits', slug: 'drum-kits' });
  synths = await createCategory(db, { name: 'Synths', slug: 'synths' });
  drums = await createProduct(db, { name: 'Drum Pack', priceCents: 2000, categoryId: kits.id });
  // Its own "was" price, above its list price.
  snares = await createProduct(db, {
    name: 'Snare Pack',
    priceCents: 1000,
    categoryId: kits.id,
    metadata: { originalPrice: 1500 },
  });
  bass = await createProduct(db, { name: 'Bass Synth', priceCents: 3000, categoryId: synths.id });
});
test.beforeEach(async ({ db }) => {
  await db.delete(orders);
  await db.delete(promoCodes);
  await db.delete(sales);
});

const hour = 60 * 60 * 1000;
const running = {
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 24 * hour).toISOString(),
};

/** A sale made by the owner in the admin, as the store learns of them. */
async function makeSale(admin: TestBrowser, body: Record<string, unknown>): Promise<AdminSale> {
  const answer = await admin.request('/api/admin/sales', {
    method: 'POST',
    body: { name: 'Spring sale', ...running, ...body },
  });
  expect(answer.status).toBe(201);
  return (answer.body as { data: AdminSale }).data;
}

const fresh = (app: TestContext) =>
  new TestBrowser(app, { 'x-forwarded-for': `203.0.113.${++address}` });
const getProduct = async (app: TestContext, id: string) =>
  ((await fresh(app).request(`/api/products/${id}`)).body as { data: Product }).data;
const listed = async (app: TestContext, query: string) =>
  (await fresh(app).request(`/api/products?${query}`)).body as ProductPage;
const byName = (page: ProductPage) =>
  Object.fromEntries(
    page.data.map((p) => [p.name, [p.priceCents, p.metadata.originalPrice ?? null]]),
  );
const checkout = (app: TestContext, products: ProductRow[], promoCode?: string) =>
  fresh(app).request('/api/checkout/sessions', {
    body: {
      checkoutType: 'direct',
      customerEmail: 'guest@example.com',
      promoCode,
      items: products.map((p) => ({ productId: p.id, quantity: 1 })),
    },
  });
const onlyOrder = async (db: Db) => {
  const all = await db.select().from(orders);
  expect(all).toHaveLength(1);
  return all[0]!;
};

describe('a running sale in the catalogue', () => {
  it('shows the sale price with the price before it struck through, on the list and the product page', async ({
    app,
    admin,
  }) => {
    await makeSale(admin, { categoryId: kits.id, percentOff: 25 });
    const page = await listed(app, 'category=drum-kits');
    // Drum Pack: 2000 less 25%; Snare Pack: 1000 less 25%, its own higher "was" price struck.
    expect(byName(page)).toEqual({ 'Drum Pack': [1500, 2000], 'Snare Pack': [750, 1500] });
    const product = await getProduct(app, drums.id);
    expect(product).toMatchObject({ priceCents: 1500, metadata: { originalPrice: 2000 } });
    expect(isOnSale(product)).toBe(true);
    expect(discountPercent(product)).toBe(25);
    // Another category is not on sale.
    expect(await getProduct(app, bass.id)).toMatchObject({ priceCents: 3000, metadata: {} });
  });

  it('prices the search, the facets, the price order and the on-sale filter by the sale', async ({
    app,
    admin,
  }) => {
    await makeSale(admin, { productId: bass.id, percentOff: 60 });
    const search = (await fresh(app).request('/api/search?q=bass')).body as SearchResponse;
    expect(search.data.find((r) => r.id === bass.id)?.priceCents).toBe(1200);
    const cheapest = await listed(app, 'sortBy=price&sortOrder=asc&limit=2');
    expect(cheapest.data.map((p) => p.name)).toEqual(['Snare Pack', 'Bass Synth']);
    const onSale = await listed(app, 'onSale=true');
    // Snare Pack is on sale by its own "was" price; Bass Synth by the sale.
    expect(onSale.data.map((p) => p.name).sort()).toEqual(['Bass Synth', 'Snare Pack']);
    const cheap = await listed(app, 'priceMax=1500');
    expect(cheap.data.map((p) => p.name).sort()).toEqual(['Bass Synth', 'Snare Pack']);
  });

  it('takes the biggest percent of the sales covering a product, by the one rule', async ({
    app,
    admin,
  }) => {
    await makeSale(admin, { categoryId: kits.id, percentOff: 20 });
    await makeSale(admin, { productId: drums.id, percentOff: 35 });
    await makeSale(admin, { productId: snares.id, percentOff: 5 });
    expect((await getProduct(app, drums.id)).priceCents).toBe(salePriceCents(2000, 35));
    expect((await getProduct(app, snares.id)).priceCents).toBe(salePriceCents(1000, 20));
  });

  it('rounds in SQL exactly as #shared/sales does', async ({ app, db, admin }) => {
    const odd = await createProduct(db, {
      name: 'Odd Price',
      priceCents: 1005,
      categoryId: synths.id,
    });
    for (const percent of [1, 10, 33, 50, 67, 99, 100]) {
      await db.delete(sales);
      await makeSale(admin, { productId: odd.id, percentOff: percent });
      expect((await getProduct(app, odd.id)).priceCents).toBe(salePriceCents(1005, percent));
    }
  });

  it('does nothing before its start or after its end', async ({ app, db, admin }) => {
    await makeSale(admin, {
      categoryId: kits.id,
      percentOff: 50,
      startsAt: new Date(Date.now() + hour).toISOString(),
      endsAt: new Date(Date.now() + 2 * hour).toISOString(),
    });
    await makeSale(admin, {
      productId: drums.id,
      percentOff: 50,
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    expect(byName(await listed(app, 'category=drum-kits'))).toEqual({
      'Drum Pack': [2000, null],
      'Snare Pack': [1000, 1500],
    });
    expect((await checkout(app, [drums])).status).toBe(200);
    expect(await onlyOrder(db)).toMatchObject({ subtotalCents: 2000, totalCents: 2160 });
  });
});

describe('a running sale in the cart and at checkout', () => {
  it('prices the signed-in cart at the sale price, the price before it struck', async ({
    admin,
    customer,
  }) => {
    await makeSale(admin, { categoryId: kits.id, percentOff: 25 });
    await customer.request('/api/cart/items', { body: { productId: drums.id } });
    const cart = await customer.request('/api/cart');
    const [line] = (cart.body as { items: StoredCartLine[] }).items;
    expect(line).toMatchObject({ priceCents: 1500, originalPriceCents: 2000 });
  });

  it('charges the sale price, and the tax on it', async ({ app, db, admin }) => {
    await makeSale(admin, { categoryId: kits.id, percentOff: 25 });
    expect((await checkout(app, [drums, bass])).status).toBe(200);
    // 1500 on sale + 3000 not: tax 8% of 4500.
    expect(await onlyOrder(db)).toMatchObject({
      subtotalCents: 4500,
      discountCents: 0,
      taxCents: 360,
      totalCents: 4860,
    });
  });

  it('takes a code off the sale price', async ({ app, db, admin }) => {
    await makeSale(admin, { categoryId: kits.id, percentOff: 25 });
    await db.insert(promoCodes).values({ code: 'HALF', percentOff: 50 });
    expect((await checkout(app, [drums], 'HALF')).status).toBe(200);
    // 2000 → 1500 on sale → 750 off with the code → tax 60.
    expect(await onlyOrder(db)).toMatchObject({
      subtotalCents: 1500,
      discountCents: 750,
      taxCents: 60,
      totalCents: 810,
      promoCode: 'HALF',
    });
  });
});

describe('the sales table', () => {
  const base = () => ({
    name: 'Sale',
    percentOff: 10,
    categoryId: kits.id,
    productId: null as string | null,
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: new Date('2026-02-01T00:00:00Z'),
  });
  it.for<[string, Record<string, unknown>, string]>([
    ['a percent of 0', { percentOff: 0 }, 'sales_percent'],
    ['a percent above 100', { percentOff: 101 }, 'sales_percent'],
    ['both a product and a category', { productId: 'P' }, 'sales_target'],
    ['neither a product nor a category', { categoryId: null }, 'sales_target'],
    ['an end at its start', { endsAt: new Date('2026-01-01T00:00:00Z') }, 'sales_window'],
    ['an end before its start', { endsAt: new Date('2025-12-01T00:00:00Z') }, 'sales_window'],
    ['a blank name', { name: '  ' }, 'sales_name'],
  ])('refuses %s', async ([, change, constraint], { db }) => {
    const row = { ...base(), ...change };
    if (row.productId === 'P') row.productId = drums.id;
    const error = await db
      .insert(sales)
      .values(row as typeof sales.$inferInsert)
      .then(
        () => null,
        (err: unknown) => err as { cause?: { constraint?: string }; constraint?: string },
      );
    expect(error?.cause?.constraint ?? error?.constraint).toBe(constraint);
  });

  it('drops a product’s sales with the product', async ({ db }) => {
    const gone = await createProduct(db, { name: 'Gone' });
    await db.insert(sales).values({ ...base(), categoryId: null, productId: gone.id });
    await db.delete(products).where(eq(products.id, gone.id));
    expect(await db.select().from(sales)).toEqual([]);
  });
});

describe('the sale clock', () => {
  it('drops the catalogue caches when a sale starts, and again when it ends', async ({ db }) => {
    const changes = catalogueChanges();
    let heard = 0;
    changes.subscribe(() => heard++);
    const soon = Date.now() + 400;
    await db.insert(sales).values({
      name: 'Flash',
      percentOff: 10,
      productId: drums.id,
      startsAt: new Date(soon),
      endsAt: new Date(soon + 400),
    });
    const clock = saleClock(db, changes, createLogger('silent'));
    await clock.start();
    try {
      await expect.poll(() => heard, { timeout: 3000 }).toBe(1);
      await expect.poll(() => heard, { timeout: 3000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toBe(2);
    } finally {
      await clock.stop();
    }
  });
});
