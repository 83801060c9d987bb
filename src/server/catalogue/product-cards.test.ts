import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { queryRows, type Db } from '../db/client';
import { bundleItems, categories, products, sales } from '../db/schema';
import { createBundle } from '#tests/support/bundles';
import { createCategory, createProduct } from '#tests/support/factories';
import { it } from '#tests/support/fixtures';
import { builtCardJson, productCardJson } from './product-json';

/**
 * A list's cards are the text the database keeps in products.card_json, written by triggers
 * (migration 0043), with the sale price, metadata and category put in front at read time
 * (product-json.ts). These hold that text equal, byte for byte, to the card built in full from
 * the rows as they are now, after each kind of change a card shows.
 */

async function expectCardsCurrent(db: Db) {
  const rows = await queryRows<{ id: string; stored: string; built: string }>(
    db,
    sql`select ${products.id} as id, ${productCardJson} as stored, ${builtCardJson}::text as built
      from ${products} left join ${categories} on ${categories.id} = ${products.categoryId}
      order by ${products.id}`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.stored, row.id).toBe(row.built);
    expect(() => JSON.parse(row.stored) as unknown, row.id).not.toThrow();
  }
}

/** Each product's row version (xmin) and stored card, by id: what a write to the row changes. */
function productRowVersions(db: Db) {
  return queryRows<{ id: string; version: string; card: string }>(
    db,
    sql`select ${products.id} as id, ${products}.xmin::text as version, ${products.cardJson} as card
      from ${products} order by ${products.id}`,
  );
}

describe('the cards the database keeps', () => {
  it('are written on insert and follow every change to the product', async ({ db }) => {
    const category = await createCategory(db, { name: 'Keys "&" Pads', description: null });
    const product = await createProduct(db, {
      name: 'Quote "Test" Pad',
      description: 'Line one\nline two, with a tab\tand unicode: ünïcødé ♪',
      categoryId: category.id,
      imageUrl: '/media/images/pad-1.svg',
      fileSize: 5_242_880,
      metadata: { tags: ['pads'], featured: true, originalPrice: 2999 },
      genres: ['ambient'],
      bpmMin: 90,
      bpmMax: 120,
      cardPeaks: 'AAEC',
      pwywMinimumCents: 500,
      createdAt: new Date('2024-02-29T23:59:58.123Z'),
    });
    await createProduct(db, { imageUrl: null, fileSize: null });
    await expectCardsCurrent(db);

    await db
      .update(products)
      .set({
        name: 'Renamed',
        description: '',
        priceCents: 4999,
        metadata: { isNew: true },
        unlimitedForAccounts: true,
        pwywMinimumCents: null,
        updatedAt: new Date('2025-06-01T00:00:00.007Z'),
      })
      .where(eq(products.id, product.id));
    await expectCardsCurrent(db);

    // Ratings change through the reviews' trigger, an update of the row as this one.
    await db
      .update(products)
      .set({ ratingCount: 3, ratingTotal: 13 })
      .where(eq(products.id, product.id));
    await expectCardsCurrent(db);

    await db.update(products).set({ status: 'archived' }).where(eq(products.id, product.id));
    await expectCardsCurrent(db);
    await db.update(products).set({ categoryId: null }).where(eq(products.id, product.id));
    await expectCardsCurrent(db);
  });

  it("show their category's name, slug and description as they are, without rewriting a product", async ({
    db,
  }) => {
    const category = await createCategory(db);
    const other = await createCategory(db);
    const product = await createProduct(db, { categoryId: category.id });
    await createProduct(db, { categoryId: category.id });
    await createProduct(db, { categoryId: other.id });
    await expectCardsCurrent(db);
    const before = await productRowVersions(db);

    await db
      .update(categories)
      .set({ name: 'Drums & "Percussion"', slug: 'drums', description: 'Hits ♪' })
      .where(eq(categories.id, category.id));
    await expectCardsCurrent(db);
    // The card reads its category at read time: no product row was written (same xmin, same text).
    expect(await productRowVersions(db)).toEqual(before);
    const [card] = await queryRows<{ stored: string }>(
      db,
      sql`select ${productCardJson} as stored from ${products} where ${products.id} = ${product.id}`,
    );
    expect(JSON.parse(card!.stored)).toMatchObject({
      categoryId: category.id,
      category: { name: 'Drums & "Percussion"', slug: 'drums', description: 'Hits ♪' },
    });
    await db.update(categories).set({ description: null }).where(eq(categories.id, category.id));
    await expectCardsCurrent(db);

    await db.delete(categories).where(eq(categories.id, category.id));
    await expectCardsCurrent(db);
  });

  it('say whether the product is a bundle as its items come and go', async ({ db }) => {
    const first = await createProduct(db);
    const second = await createProduct(db);
    const bundle = await createBundle(db, [first, second]);
    await expectCardsCurrent(db);
    const [card] = await queryRows<{ stored: string }>(
      db,
      sql`select ${productCardJson} as stored from ${products} where ${products.id} = ${bundle.id}`,
    );
    expect((JSON.parse(card!.stored) as { isBundle: boolean }).isBundle).toBe(true);

    await db.delete(bundleItems).where(eq(bundleItems.memberId, first.id));
    await expectCardsCurrent(db);
    await db
      .update(bundleItems)
      .set({ bundleId: first.id })
      .where(eq(bundleItems.memberId, second.id));
    await expectCardsCurrent(db);
    await db.execute(sql`truncate ${bundleItems}`);
    await expectCardsCurrent(db);
  });

  it('carry the running sale in their price and metadata', async ({ db }) => {
    const category = await createCategory(db);
    const product = await createProduct(db, {
      categoryId: category.id,
      priceCents: 1999,
      metadata: { originalPrice: 2999, tags: ['a'] },
    });
    await createProduct(db, { categoryId: category.id, priceCents: 1000 });
    const hour = 60 * 60 * 1000;
    await db.insert(sales).values([
      {
        name: 'Category sale',
        percentOff: 25,
        categoryId: category.id,
        startsAt: new Date(Date.now() - hour),
        endsAt: new Date(Date.now() + hour),
      },
      {
        name: 'Product sale',
        percentOff: 40,
        productId: product.id,
        startsAt: new Date(Date.now() - hour),
        endsAt: new Date(Date.now() + hour),
      },
    ]);
    await expectCardsCurrent(db);
    const [card] = await queryRows<{ stored: string }>(
      db,
      sql`select ${productCardJson} as stored from ${products} where ${products.id} = ${product.id}`,
    );
    expect(JSON.parse(card!.stored)).toMatchObject({
      priceCents: 1199,
      metadata: { originalPrice: 2999, isOnSale: true },
    });
  });
});
