import { and, asc, eq, sql } from 'drizzle-orm';
import type { Product } from '#shared/catalogue';
import { bundleSavings } from '#shared/bundles';
import type { BundleRef, ProductBundle } from '#shared/product-bundle';
import type { Db } from '../db/client';
import { bundleItems, products } from '../db/schema';
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
  const [product] = await db
    .select({ priceCents: salePriceSql })
    .from(products)
    .where(and(eq(products.id, id), sql`${products.isActive}`))
    .limit(1);
  if (!product) throw notFound('Product not found');
  const [members] = await db
    .select({
      data: productJsonArray(sql`${bundleItems.position}`),
    })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.memberId))
    .where(and(eq(bundleItems.bundleId, id), sql`${products.isActive}`));
  const memberList = JSON.parse(members?.data ?? '[]') as Product[];
  const includedIn: BundleRef[] = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: salePriceSql,
      imageUrl: products.imageUrl,
    })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.bundleId))
    .where(and(eq(bundleItems.memberId, id), sql`${products.isActive}`))
    .orderBy(asc(products.name), asc(products.id));
  return {
    members: memberList,
    savings: bundleSavings(
      product.priceCents,
      memberList.map((member) => member.priceCents),
    ),
    includedIn,
  };
}
