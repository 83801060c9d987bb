import { asc, count, eq, sql } from 'drizzle-orm';
import {
  categoryMessages,
  type AdminCategory,
  type CreateCategory,
  type UpdateCategory,
} from '#shared/admin-categories';
import type { AuditEntryView } from '#shared/admin';
import type { Db } from '../../db/client';
import { categories, categorySlugHistory, productCounts, products } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { renameCategory } from '../../seo/category-slugs';
import { auditTrail, changedFields, recordAudit } from '../audit';

/**
 * The categories' admin: one function per write, each answering the category as it now is and
 * recording in the audit log, in its own transaction, who changed which fields. The routes tell
 * catalogue-changes.ts after each write, so pages rendered from the old catalogue are dropped.
 */

const ENTITY = 'category';

/** What the audit log compares of a category. */
type AuditedCategory = Pick<
  typeof categories.$inferSelect,
  'name' | 'slug' | 'description' | 'defaultFeatures'
>;
/** Default points only where there are some: a category made without them logs none. */
const audited = ({ name, slug, description, defaultFeatures }: AuditedCategory) => ({
  name,
  slug,
  description,
  ...(defaultFeatures.length > 0 && { defaultFeatures }),
});

/** The category's row, locked until the write's transaction ends; NOT_FOUND when there is none. */
async function lockedCategory(tx: Db, id: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw notFound(categoryMessages.notFound);
  return row;
}

/** Categories with how many products each holds (active or not), in the store's order. */
const withProductCounts = (db: Db) =>
  db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      position: categories.position,
      defaultFeatures: categories.defaultFeatures,
      productCount: count(products.id),
    })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id))
    .$dynamic();

/** Every category in the store's order (position, then name), with its product count. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  return withProductCounts(db);
}

async function adminCategory(db: Db, id: string): Promise<AdminCategory> {
  const [row] = await withProductCounts(db).where(eq(categories.id, id));
  if (!row) throw notFound(categoryMessages.notFound);
  return row;
}

/** A new category, last in the store's order. A slug in use is a CONFLICT. */
export async function createCategory(
  db: Db,
  actorId: string,
  input: CreateCategory,
): Promise<AdminCategory> {
  const id = await db.transaction(async (tx) => {
    // An old slug of a renamed category is free again: its redirect gives way to the new one.
    await tx.delete(categorySlugHistory).where(eq(categorySlugHistory.oldSlug, input.slug));
    const [created] = await tx
      .insert(categories)
      .values({
        name: input.name,
        slug: input.slug,
        description: input.description || null,
        defaultFeatures: input.defaultFeatures,
        position: sql`(select coalesce(max(${categories.position}) + 1, 0) from ${categories})`,
      })
      .onConflictDoNothing({ target: categories.slug })
      .returning();
    if (!created) throw new AppError('CONFLICT', categoryMessages.slugTaken);
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entityType: ENTITY,
      entityId: created.id,
      changes: changedFields(null, audited(created)),
    });
    return created.id;
  });
  return adminCategory(db, id);
}

/** A new name or description; the slug (the category's address) stays. */
export async function updateCategory(
  db: Db,
  actorId: string,
  id: string,
  input: UpdateCategory,
): Promise<AdminCategory> {
  await db.transaction(async (tx) => {
    const before = await lockedCategory(tx, id);
    const [after] = await tx
      .update(categories)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description || null }),
        ...(input.defaultFeatures !== undefined && { defaultFeatures: input.defaultFeatures }),
        updatedAt: sql`now()`,
      })
      .where(eq(categories.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(audited(before), audited(after ?? before)),
    });
  });
  return adminCategory(db, id);
}

/** A new slug; the old one answers 301 to it from now on (seo/category-slugs.ts). */
export async function changeCategorySlug(
  db: Db,
  actorId: string,
  id: string,
  slug: string,
): Promise<AdminCategory> {
  await db.transaction(async (tx) => {
    const before = await lockedCategory(tx, id);
    await renameCategory(tx, id, slug);
    await recordAudit(tx, {
      actorId,
      action: 'change-slug',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields({ slug: before.slug }, { slug }),
    });
  });
  return adminCategory(db, id);
}

/**
 * The store's order of the categories: `ids` must name every category once, so an order made
 * while someone else added or deleted one is refused (CONFLICT) rather than half applied.
 */
export async function reorderCategories(
  db: Db,
  actorId: string,
  { ids }: { ids: string[] },
): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .for('update');
    const known = new Set(current.map((row) => row.id));
    const given = new Set(ids);
    if (
      given.size !== ids.length ||
      given.size !== known.size ||
      ids.some((id) => !known.has(id))
    ) {
      throw new AppError('CONFLICT', categoryMessages.orderChanged);
    }
    const positions = sql.join(
      ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${categories} set position = ordered.position, updated_at = now()
      from (values ${positions}) as ordered(id, position)
      where ${categories.id} = ordered.id and ${categories.position} <> ordered.position
    `);
    // Each category that moved has its own entry: its position before and after.
    for (const { id, position } of current) {
      await recordAudit(tx, {
        actorId,
        action: 'reorder',
        entityType: ENTITY,
        entityId: id,
        changes: changedFields({ position }, { position: ids.indexOf(id) }),
      });
    }
  });
  return listAdminCategories(db);
}

/** Deletes a category that holds no product (active or not); otherwise a CONFLICT. */
export async function deleteCategory(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await lockedCategory(tx, id);
    // A product added to it meanwhile waits on the lock above (its foreign key), then fails.
    const [held] = await tx
      .select({ n: count() })
      .from(products)
      .where(eq(products.categoryId, id));
    if ((held?.n ?? 0) > 0) throw new AppError('CONFLICT', categoryMessages.notEmpty);
    await tx.delete(categories).where(eq(categories.id, id));
    await tx.delete(productCounts).where(eq(productCounts.scope, id));
    // The entry outlives the category: what it was called, and that it is gone.
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(audited(category), {}),
    });
  });
}

/** GET /api/admin/categories/:id/audit: the category's entries, newest first (a deleted one's too). */
export async function categoryAuditTrail(db: Db, id: string): Promise<AuditEntryView[]> {
  const entries = await auditTrail(db, ENTITY, id);
  if (entries.length === 0) await adminCategory(db, id);
  return entries;
}
