import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductMetadata } from '#shared/catalogue';
import { timestamps } from './columns';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  ...timestamps,
});

/**
 * The slugs categories were known by before a rename (seo/category-slugs.ts): an old address
 * /products?category=<old> answers 301 to the category's current slug. A slug in use by a
 * category is never here.
 */
export const categorySlugHistory = pgTable(
  'category_slug_history',
  {
    oldSlug: text('old_slug').primaryKey(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    renamedAt: timestamp('renamed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('category_slug_history_category_idx').on(t.categoryId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    /** Storage key of the downloadable file; never a path taken from a request. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    downloadLimit: integer('download_limit').notNull().default(3),
    isActive: boolean('is_active').notNull().default(true),
    metadata: jsonb('metadata').$type<ProductMetadata>().notNull().default({}),
    /** Name weighs above description and tags in the ranking. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(metadata -> 'tags', '[]'::jsonb)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
      ),
    ...timestamps,
  },
  (t) => {
    const listIndex = (key: string, column: AnyPgColumn) => [
      index(`products_active_${key}_idx`)
        .on(column, t.id)
        .where(sql`${t.isActive}`),
      index(`products_active_category_${key}_idx`)
        .on(t.categoryId, column, t.id)
        .where(sql`${t.isActive}`),
    ];
    return [
      index('products_search_idx').using('gin', t.searchVector),
      index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
      // One b-tree per list order, for the whole catalogue and per category, ascending with id as
      // the tie-break: a descending list reads it backwards. The list selects a page's ids from
      // them by an index-only scan, so the rows an offset skips are never fetched
      // (catalogue/product-queries.ts).
      ...listIndex('created', t.createdAt),
      ...listIndex('updated', t.updatedAt),
      ...listIndex('price', t.priceCents),
      ...listIndex('name', t.name),
      index('products_active_featured_idx')
        .on(t.createdAt, t.id)
        .where(sql`${t.isActive} and (${t.metadata} ->> 'featured') = 'true'`),
    ];
  },
);

/**
 * Active products per category ('none' for those without one), kept exact by triggers on
 * products (migration 0006): a list's total is one row read instead of a count of the category.
 */
export const productCounts = pgTable('product_counts', {
  /** A category id, or 'none'. */
  scope: text('scope').primaryKey(),
  active: integer('active').notNull().default(0),
});

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
