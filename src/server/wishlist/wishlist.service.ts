import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '#shared/catalogue';
import { wishlistMessages } from '#shared/wishlist';
import type { WishlistItem } from '#shared/wishlist-api';
import type { Db } from '../db/client';
import { categories, products, wishlistItems } from '../db/schema';
import { AppError } from '../http/app-error';
import { productCardJson } from '../catalogue/product-json';

/**
 * The signed-in buyer's wishlist. Every write is idempotent: saving a saved product
 * or removing one that is not saved leaves the list as it is, and each answers with the list.
 */

/** The user's saved products, newest first, as the catalogue shows them. Inactive ones drop out. */
export async function listWishlist(db: Db, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select({ addedAt: wishlistItems.createdAt, product: sql<string>`${productCardJson}::text` })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.isActive, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((row) => {
    const product = JSON.parse(row.product) as Product;
    return { productId: product.id, addedAt: row.addedAt.toISOString(), product };
  });
}

const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', wishlistMessages.productNotFound);

/** Saves a product on sale; an unknown or inactive one is 404 PRODUCT_NOT_FOUND. */
export async function addToWishlist(db: Db, userId: string, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw productNotFound();
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return listWishlist(db, userId);
}

/** Removes a product, inactive ones too (they no longer show, but may still be saved). */
export async function removeFromWishlist(db: Db, userId: string, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw productNotFound();
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return listWishlist(db, userId);
}

/**
 * A guest's list (oldest first, as the browser keeps it) joined to the saved one at sign-in:
 * products already saved keep their place, new ones come in newest last-hearted first, and
 * unknown or inactive ones are skipped.
 */
export async function mergeIntoWishlist(db: Db, userId: string, productIds: string[]) {
  const ids = [...new Set(productIds)];
  const known = ids.length
    ? await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.isActive, true)))
    : [];
  const active = new Set(known.map((row) => row.id));
  // The browser's order kept in the saved dates, a microsecond apart, by the database's clock.
  const rows = ids
    .filter((id) => active.has(id))
    .map((productId, index) => ({
      userId,
      productId,
      createdAt: sql`now() + ${index} * interval '1 microsecond'`,
    }));
  if (rows.length > 0) await db.insert(wishlistItems).values(rows).onConflictDoNothing();
  return listWishlist(db, userId);
}
