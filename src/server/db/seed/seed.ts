import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Storage } from '../../storage/storage';
import type { Db } from '#server/db/client';
import { categories, products, type NewProductRow } from '#server/db/schema';
import type { ProductMetadata } from '#shared/catalogue';
import { DEFAULT_DOWNLOAD_LIMIT } from '#shared/product';
import { refreshSearchTerms } from '../../catalogue/search-match';
import { downloadBaseName } from './assets/archive';
import {
  demoCategories,
  demoCategoryId,
  demoProductId,
  demoProducts,
  isPack,
  type DemoProduct,
} from './demo-catalogue';
import { fileKey, imageUrl, previewUrl, writeDemoAssets, type SeedDirs } from './seed-assets';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The value the row would have had: lets one multi-row upsert update every row from its own values. */
function excluded(column: AnyPgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

function productMetadata(product: DemoProduct): ProductMetadata {
  const metadata: ProductMetadata = {
    product_type: 'digital_download',
    purchase_limit: product.purchaseLimit ?? '1',
    tags: product.tags,
    rating: product.rating,
    reviewCount: product.reviewCount,
    images: Array.from({ length: product.imageCount - 1 }, (_, i) => imageUrl(product.key, i + 2)),
  };
  if (product.originalPriceCents !== undefined) {
    metadata.originalPrice = product.originalPriceCents;
    metadata.isOnSale = true;
  }
  if (product.isNew) metadata.isNew = true;
  if (product.featured) metadata.featured = true;
  if (isPack(product)) metadata.audioPreview = previewUrl(product.key);
  return metadata;
}

/**
 * Writes the demo catalogue's files (only those missing) and upserts its categories and
 * products in one transaction. Ids derive from the product keys, so running it again
 * updates the same rows; created_at is kept from the first run.
 */
export async function seedDemoCatalogue(
  db: Db,
  dirs: SeedDirs,
  /** Where product files are served from; S3 gets a copy of each file it lacks. */
  storage?: Storage,
): Promise<{ categories: number; products: number }> {
  const fileSizes = await writeDemoAssets(demoProducts, dirs);
  if (storage?.kind === 's3') {
    for (const product of demoProducts) {
      const key = fileKey(product.key);
      if (await storage.stat(key)) continue;
      await storage.put(key, await readFile(join(dirs.filesDir, key)), 'application/zip');
    }
  }
  const now = new Date();

  const counts = await db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(
        demoCategories.map((category) => ({
          id: demoCategoryId(category.slug),
          slug: category.slug,
          name: category.name,
          description: category.description,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: categories.slug,
        set: {
          name: excluded(categories.name),
          description: excluded(categories.description),
          updatedAt: now,
        },
      })
      .returning({ id: categories.id, slug: categories.slug });
    // An existing category keeps its own id, so products link to the id the database returned.
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

    const productRows: NewProductRow[] = demoProducts.map((product) => ({
      id: demoProductId(product.key),
      name: product.name,
      description: product.description,
      priceCents: product.priceCents,
      categoryId: categoryIds.get(product.category) ?? null,
      imageUrl: imageUrl(product.key, 1),
      fileKey: fileKey(product.key),
      fileName: `${downloadBaseName(product.name)}.zip`,
      fileSize: fileSizes.get(product.key) ?? null,
      downloadLimit: product.downloadLimit ?? DEFAULT_DOWNLOAD_LIMIT,
      isActive: product.isActive ?? true,
      metadata: productMetadata(product),
      createdAt: new Date(now.getTime() - product.createdDaysAgo * DAY_MS),
      updatedAt: now,
    }));
    await tx
      .insert(products)
      .values(productRows)
      .onConflictDoUpdate({
        target: products.id,
        set: {
          name: excluded(products.name),
          description: excluded(products.description),
          priceCents: excluded(products.priceCents),
          categoryId: excluded(products.categoryId),
          imageUrl: excluded(products.imageUrl),
          fileKey: excluded(products.fileKey),
          fileName: excluded(products.fileName),
          fileSize: excluded(products.fileSize),
          downloadLimit: excluded(products.downloadLimit),
          isActive: excluded(products.isActive),
          metadata: excluded(products.metadata),
          updatedAt: now,
        },
      });

    return { categories: categoryRows.length, products: productRows.length };
  });
  await refreshSearchTerms(db);
  return counts;
}
