import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/test-database';
import { createCategory, createOrder, createProduct } from '#tests/support/factories';
import { queryRows, type Database } from './client';
import { orderItems, orders, productCounts, products } from './schema';

/**
 * What triggers keep exact as products and orders change (migrations 0006, 0017): the search's
 * word counts, the products per category and status, and each product's paid sales.
 */

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The word counts as a full recount of the active catalogue gives them. */
async function recountedWords() {
  return queryRows<{ word: string; ndoc: number }>(
    db(),
    sql`select word, ndoc from ts_stat($$
      select search_terms_document(name, description, metadata) from products where is_active
    $$) order by word`,
  );
}

const storedWords = () =>
  queryRows<{ word: string; ndoc: number }>(
    db(),
    sql`select word, ndoc from search_terms order by word`,
  );

describe('search_terms', () => {
  it('matches a full recount after inserts, edits, status changes and deletes', async () => {
    const a = await createProduct(db(), {
      name: 'Amber Keys',
      description: 'warm keys',
      metadata: { tags: ['keys', 'soul'] },
    });
    const b = await createProduct(db(), { name: 'Amber Drums', description: 'dusty drums' });
    const c = await createProduct(db(), { name: 'Hidden Draft', status: 'draft' });
    expect(await storedWords()).toEqual(await recountedWords());
    expect((await storedWords()).find((w) => w.word === 'amber')?.ndoc).toBe(2);
    expect((await storedWords()).some((w) => w.word === 'hidden')).toBe(false);

    await db().update(products).set({ name: 'Copper Keys' }).where(eq(products.id, a.id));
    await db().update(products).set({ status: 'active' }).where(eq(products.id, c.id));
    await db().update(products).set({ status: 'archived' }).where(eq(products.id, b.id));
    await db()
      .update(products)
      .set({ metadata: { tags: ['jazz'] } })
      .where(eq(products.id, a.id));
    // An edit that leaves the words alone (the price) counts nothing.
    await db().update(products).set({ priceCents: 1 }).where(eq(products.id, c.id));
    expect(await storedWords()).toEqual(await recountedWords());
    expect((await storedWords()).some((w) => w.word === 'amber')).toBe(false);

    await db()
      .delete(products)
      .where(inArray(products.id, [a.id, c.id]));
    expect(await storedWords()).toEqual(await recountedWords());
  });
});

describe('product_counts', () => {
  it('counts products per category and status', async () => {
    const category = await createCategory(db());
    const made = await Promise.all(
      (['active', 'active', 'draft', 'archived'] as const).map((status) =>
        createProduct(db(), { categoryId: category.id, status }),
      ),
    );
    await db().update(products).set({ status: 'archived' }).where(eq(products.id, made[0]!.id));
    const [row] = await db()
      .select()
      .from(productCounts)
      .where(eq(productCounts.scope, category.id));
    expect(row).toMatchObject({ active: 1, draft: 1, archived: 2 });
  });
});

describe('products.sales_count', () => {
  const salesOf = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]?.salesCount;

  it('counts items of paid orders as they are paid, refunded and removed', async () => {
    const product = await createProduct(db());
    const pending = await createOrder(db(), product);
    await createOrder(db(), product, { status: 'COMPLETED' });
    expect(await salesOf(product.id)).toBe(1);

    await db().update(orders).set({ status: 'COMPLETED' }).where(eq(orders.id, pending.order.id));
    expect(await salesOf(product.id)).toBe(2);
    await db().update(orders).set({ status: 'REFUNDED' }).where(eq(orders.id, pending.order.id));
    expect(await salesOf(product.id)).toBe(1);

    const third = await createOrder(db(), product, { status: 'COMPLETED' });
    expect(await salesOf(product.id)).toBe(2);
    // Removed with its order (items by cascade), or alone: counted off once either way.
    await db().delete(orders).where(eq(orders.id, third.order.id));
    expect(await salesOf(product.id)).toBe(1);
    const fourth = await createOrder(db(), product, { status: 'COMPLETED' });
    await db().delete(orderItems).where(eq(orderItems.id, fourth.item.id));
    expect(await salesOf(product.id)).toBe(1);

    await db().execute(sql`truncate orders cascade`);
    expect(await salesOf(product.id)).toBe(0);
  });
});
