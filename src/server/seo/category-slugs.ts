import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, categorySlugHistory } from '../db/schema';
import { CATEGORY_SLUG_PATTERN, categoryLimits, categoryMessages } from '#shared/admin-categories';
import { AppError, notFound } from '../http/app-error';

/**
 * Gives a category a new slug and remembers the old one, so links to the old address keep
 * working (a 301, seo.routes.ts). A slug another category uses is a CONFLICT; renaming to an
 * old slug of any category takes it back from the history, since a slug in use is never there.
 * The caller then tells catalogue-changes.ts, so pages rendered with the old slug are dropped.
 */
export async function renameCategory(db: Db, categoryId: string, newSlug: string): Promise<void> {
  if (newSlug.length > categoryLimits.slug || !CATEGORY_SLUG_PATTERN.test(newSlug)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid category slug', {
      slug: [categoryMessages.slugFormat],
    });
  }
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .for('update');
    if (!category) throw notFound(categoryMessages.notFound);
    if (category.slug === newSlug) return;
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.slug, newSlug), ne(categories.id, categoryId)));
    if (taken) throw new AppError('CONFLICT', categoryMessages.slugTaken);

    await tx.delete(categorySlugHistory).where(eq(categorySlugHistory.oldSlug, newSlug));
    await tx
      .update(categories)
      .set({ slug: newSlug, updatedAt: sql`now()` })
      .where(eq(categories.id, categoryId));
    await tx
      .insert(categorySlugHistory)
      .values({ oldSlug: category.slug, categoryId })
      .onConflictDoUpdate({
        target: categorySlugHistory.oldSlug,
        set: { categoryId, renamedAt: sql`now()` },
      });
  });
}

/**
 * The current slug of the category that was known as `oldSlug`, or null when that slug was
 * never renamed (or is a category's slug today).
 */
export async function renamedCategorySlug(db: Db, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categorySlugHistory)
    .innerJoin(categories, eq(categories.id, categorySlugHistory.categoryId))
    .where(
      and(
        eq(categorySlugHistory.oldSlug, oldSlug),
        sql`not exists (select 1 from ${categories} live where live.slug = ${oldSlug})`,
      ),
    )
    .limit(1);
  return row?.slug ?? null;
}
