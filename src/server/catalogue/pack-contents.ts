import { and, asc, eq } from 'drizzle-orm';
import type { PackItem } from '#shared/music';
import type { Db } from '../db/client';
import { packItems, products } from '../db/schema';
import { notFound } from '../http/app-error';

/**
 * What an active product holds, in list order: 404 'Product not found' for an
 * unknown or inactive product, as its own page answers; an empty list for one without items.
 */
export async function packContents(db: Db, productId: string): Promise<PackItem[]> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)))
    .limit(1);
  if (!product) throw notFound('Product not found');
  return packItemsOf(db, productId);
}

/** A product's items in list order, whatever its status (the admin's editor reads them too). */
export function packItemsOf(db: Db, productId: string): Promise<PackItem[]> {
  return db
    .select({
      id: packItems.id,
      name: packItems.name,
      kind: packItems.kind,
      bpm: packItems.bpm,
      key: packItems.musicKey,
      durationMs: packItems.durationMs,
      previewUrl: packItems.previewUrl,
      previewPeaks: packItems.previewPeaks,
    })
    .from(packItems)
    .where(eq(packItems.productId, productId))
    .orderBy(asc(packItems.position));
}
