import { and, eq, sql } from 'drizzle-orm';
import type { Product } from '#shared/catalogue';
import { bundleSavings } from '#shared/bundles';
import type { BundleRef, ProductBundle } from '#shared/product-bundle';
import type { Db } from '../db/client';
import { bundleItems, products } from '../db/schema';
import { preparedQuery, type Value } from '../db/prepared-queries';
import { notFound } from '../http/app-error';
import { salePriceSql } from '../sales/sale-prices';
import { productJsonArray } from './product-json';

/**
 * A product's place among bundles, for its page: a bundle's active members in its list order, as
 * the cards show them (each with its own cover, price and preview), and what the bundle saves
 * against buying them one by one; and the active bundles a product is in ("Also in"). 404
 * 'Product not found' for an unknown or inactive product, as its own page answers. Prices are the
 * store's now, running automatic sales included.
 */
export async function productBundle(db: Db, id: string): Promise<ProductBundle> {
  const [row] = await preparedQuery(db, 'catalogue_bundle', () =>
    bundleSelect(db, sql.placeholder('id')).prepare('catalogue_bundle'),
  ).execute({ id });
  if (!row) throw notFound('Product not found');
  const memberList = JSON.parse(row.members) as Product[];
  return {
    members: memberList,
    savings: bundleSavings(
      row.priceCents,
      memberList.map((member) => member.priceCents),
    ),
    includedIn: JSON.parse(row.includedIn) as BundleRef[],
  };
}

/**
 * The product's price, its members as card JSON and the bundles it is in, in one statement:
 * each part a subquery of its own, whose `products` is the member or the bundle.
 */
function bundleSelect(db: Db, id: Value<string>) {
  const members = db
    .select({ data: productJsonArray(sql`${bundleItems.position}`) })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.memberId))
    .where(and(eq(bundleItems.bundleId, id), sql`${products.isActive}`));
  const includedIn = db
    .select({
      data: sql<string>`coalesce(json_agg(json_build_object(
        'id', ${products.id}, 'name', ${products.name}, 'priceCents', ${salePriceSql},
        'imageUrl', ${products.imageUrl}) order by ${products.name}, ${products.id})::text, '[]')`,
    })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.bundleId))
    .where(and(eq(bundleItems.memberId, id), sql`${products.isActive}`));
  return db
    .select({
      priceCents: salePriceSql,
      members: sql<string>`(${members})`,
      includedIn: sql<string>`(${includedIn})`,
    })
    .from(products)
    .where(and(eq(products.id, id), sql`${products.isActive}`))
    .limit(1);
}
