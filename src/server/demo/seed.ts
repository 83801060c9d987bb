import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Storage } from '../storage/storage';
import { queryRows, type Db } from '#server/db/client';
import { categories, packItems, products, reviews, type NewProductRow } from '#server/db/schema';
import { refreshSearchTerms } from '../catalogue/search-match';
import { hasAudioPreview, type SeedDirs } from './demo-assets';
import { writeDemoPackItems } from './demo-pack-items';
import { writeDemoReviews } from './demo-reviews';
import { prepareDemoCatalogue } from './demo-rows';
import { demoCategories, demoProductId, demoProducts, isPack } from './demo-catalogue';
import { demoCategoryFeatures, demoFeatures } from './demo-features';
import { peaksOfPreviewUrl } from '../uploads/preview-peaks';
import { audioPreview } from '#shared/product';

/** The value the row would have had: lets one multi-row upsert update every row from its own values. */
function excluded(column: AnyPgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

/**
 * Writes the demo catalogue's files (src/server/demo) and upserts its categories and products,
 * with the demo buyers' orders and reviews behind its ratings (demo-reviews.ts), in one
 * transaction. Ids derive from the product keys, so running it again updates the same
 * rows; created_at is kept from the first run.
 */
export async function seedDemoCatalogue(
  db: Db,
  dirs: SeedDirs,
  /** Where product files are served from; S3 gets a copy of each file it lacks. */
  storage?: Storage,
): Promise<{ categories: number; products: number; packItems: number; reviews: number }> {
  const now = new Date();
  const demo = await prepareDemoCatalogue(dirs, storage, now);

  const counts = await db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(demo.categories.map((category) => ({ ...category, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: categories.slug,
        set: {
          name: excluded(categories.name),
          description: excluded(categories.description),
          defaultFeatures: excluded(categories.defaultFeatures),
          updatedAt: now,
        },
      })
      .returning({ id: categories.id, slug: categories.slug });
    // An existing category keeps its own id, so products link to the id the database returned.
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

    const productRows: NewProductRow[] = demo.products.map(({ categorySlug, ...product }) => ({
      ...product,
      categoryId: categoryIds.get(categorySlug) ?? null,
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
          status: excluded(products.status),
          metadata: excluded(products.metadata),
          features: excluded(products.features),
          licenseKeys: excluded(products.licenseKeys),
          activationLimit: excluded(products.activationLimit),
          // A database seeded before waveforms existed gets them on its next start.
          previewPeaks: excluded(products.previewPeaks),
          cardPeaks: excluded(products.cardPeaks),
          updatedAt: now,
        },
      });

    // A pack's contents are the demo's list again: its rows are replaced, with the same ids.
    const packIds = [...new Set(demo.packItems.map((item) => item.productId))];
    if (packIds.length > 0) {
      await tx.delete(packItems).where(inArray(packItems.productId, packIds));
      await tx.insert(packItems).values(demo.packItems);
    }

    const reviewCount = await writeDemoReviews(tx, now);

    return {
      categories: categoryRows.length,
      products: productRows.length,
      packItems: demo.packItems.length,
      reviews: reviewCount,
    };
  });
  await refreshSearchTerms(db);
  return counts;
}

/**
 * A store seeded before waveforms existed is not seeded again on start, and seeding
 * would undo an admin's edits to the demo products. So each demo product with a preview but no
 * waveform gets one from its preview file, and nothing else of its row changes. Answers how
 * many it filled.
 */
export async function fillDemoPreviewPeaks(db: Db, mediaDir: string): Promise<number> {
  const missing = await db
    .select({ id: products.id, metadata: products.metadata })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          demoProducts.filter(hasAudioPreview).map((product) => demoProductId(product.key)),
        ),
        isNull(products.previewPeaks),
      ),
    );
  let filled = 0;
  for (const row of missing) {
    const url = audioPreview(row);
    if (url === null) continue;
    const columns = await peaksOfPreviewUrl(mediaDir, url);
    if (columns.previewPeaks === null) continue;
    await db
      .update(products)
      .set(columns)
      // The preview may have changed meanwhile: an admin's write brings its own waveform.
      .where(and(eq(products.id, row.id), sql`${products.metadata} ->> 'audioPreview' = ${url}`));
    filled++;
  }
  return filled;
}

/**
 * A store seeded before packs listed their contents is not seeded again on start. So when no
 * demo pack lists anything, each demo pack still in the store gets the demo's list (its previews
 * written where missing). A pack whose owner emptied its list while others kept theirs stays so.
 * Answers how many items it added.
 */
export async function fillDemoPackContents(db: Db, mediaDir: string): Promise<number> {
  const packIds = demoProducts.filter(isPack).map((pack) => demoProductId(pack.key));
  const listed = await db.$count(packItems, inArray(packItems.productId, packIds));
  if (listed > 0) return 0;
  const present = new Set(
    (await db.select({ id: products.id }).from(products).where(inArray(products.id, packIds))).map(
      (row) => row.id,
    ),
  );
  if (present.size === 0) return 0;
  const rows = (await writeDemoPackItems(demoProducts, mediaDir)).filter((row) =>
    present.has(row.productId),
  );
  if (rows.length > 0) await db.insert(packItems).values(rows).onConflictDoNothing();
  return rows.length;
}

/**
 * A store seeded before products had feature points is not seeded again on start. So when no
 * demo product and no demo category has any, each demo product still in the store gets the
 * demo's points and each demo category its defaults, in one statement each; once any has some
 * (the demo's, or the owner's), nothing is touched. Answers how many products it filled.
 */
export async function fillDemoFeatures(db: Db): Promise<number> {
  const productIds = demoProducts.map((product) => demoProductId(product.key));
  const slugs = demoCategories.map((category) => category.slug);
  const none = sql`'[]'::jsonb`;
  const [withProducts, withCategories] = await Promise.all([
    db.$count(products, and(inArray(products.id, productIds), ne(products.features, none))),
    db.$count(
      categories,
      and(inArray(categories.slug, slugs), ne(categories.defaultFeatures, none)),
    ),
  ]);
  if (withProducts > 0 || withCategories > 0) return 0;
  const productValues = sql.join(
    demoProducts.map(
      (product) =>
        sql`(${demoProductId(product.key)}::uuid, ${JSON.stringify(demoFeatures(product))}::jsonb)`,
    ),
    sql`, `,
  );
  const categoryValues = sql.join(
    demoCategories.map(
      (category) =>
        sql`(${category.slug}, ${JSON.stringify(demoCategoryFeatures[category.slug])}::jsonb)`,
    ),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${categories} set default_features = given.features
      from (values ${categoryValues}) as given(slug, features)
      where ${categories.slug} = given.slug`);
    const filled = await queryRows<{ id: string }>(
      tx,
      sql`update ${products} set features = given.features
      from (values ${productValues}) as given(id, features)
      where ${products.id} = given.id
      returning ${products.id}`,
    );
    return filled.length;
  });
}

/**
 * A store seeded before demo ratings were review rows is not seeded again on start. So when the
 * whole demo catalogue is there and none of its products has a review, the demo buyers' orders
 * and reviews are written, and the old numbers leave the products' metadata. Answers how many
 * reviews the demo ships (0 when nothing was done).
 */
export async function fillDemoReviews(db: Db): Promise<number> {
  const ids = demoProducts.map((product) => demoProductId(product.key));
  if ((await db.$count(products, inArray(products.id, ids))) < ids.length) return 0;
  if ((await db.$count(reviews, inArray(reviews.productId, ids))) > 0) return 0;
  return db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ metadata: sql`${products.metadata} - 'rating' - 'reviewCount'` })
      .where(inArray(products.id, ids));
    return writeDemoReviews(tx, new Date());
  });
}
