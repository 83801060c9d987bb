import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProductListQuery, ProductSortField } from '#shared/catalogue';
import { PROMISE_SETTINGS_KEY } from '#shared/promises';
import type { Db } from '../db/client';
import { categories, productCounts, products, storeSettings } from '../db/schema';
import { notFound } from '../http/app-error';
import { preparedQuery, type Value } from '../db/prepared-queries';
import { productJson, productJsonArray } from './product-json';

/**
 * The catalogue's product reads. Each answers with JSON text PostgreSQL built (product-json.ts)
 * and is a prepared statement (db/prepared-queries.ts). Conditions on is_active are written as the
 * bare column, never `= $1`: a generic plan can only use the partial indexes (`WHERE
 * is_active`) when the condition is literally theirs. query-plans.test.ts explains each query.
 */

export type SortDirection = 'asc' | 'desc';

/** The products table, or an alias of it. */
type ListColumns = Record<'createdAt' | 'updatedAt' | 'priceCents' | 'name' | 'id', AnyPgColumn>;

const sortColumns: Record<ProductSortField, (table: ListColumns) => AnyPgColumn> = {
  created_at: (t) => t.createdAt,
  updated_at: (t) => t.updatedAt,
  price: (t) => t.priceCents,
  name: (t) => t.name,
};

export function sortColumn(table: ListColumns, field: ProductSortField): AnyPgColumn {
  return sortColumns[field](table);
}

/**
 * A list order: the sort column, then id in the same direction, so every order is total
 * (pages never overlap) and is exactly one of the products_active_*_idx b-trees read forwards
 * or backwards.
 */
export function listOrder(table: ListColumns, field: ProductSortField, direction: SortDirection) {
  const by = direction === 'asc' ? asc : desc;
  return [by(sortColumn(table, field)), by(table.id)];
}

const orderSql = (order: SQL[]) => sql.join(order, sql`, `);

/** The id of the category with this slug, as a subquery a query can carry along. */
export function categoryIdOf(slug: Value<string>): SQL {
  return sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;
}

/** The table once more under another name, for the subquery that picks a page's ids. */
const listed = alias(products, 'listed');

/**
 * One page of active products in list order, without reading the rows the offset skips
 * (with values or placeholders).
 *
 * Offset paging stays (the API pages by offset), but the offset is spent in a subquery that
 * selects only ids: with `WHERE is_active [AND category_id = …] ORDER BY <column>, id` it is an
 * Index Only Scan of the matching products_active_[category_]<column>_idx, which steps over
 * skipped entries inside the index (about 0.1 µs each on PostgreSQL; 30,000 skipped ≈ 3 ms)
 * instead of fetching and sorting whole rows (≈ 140 ms at that depth before). Only the page's
 * rows are then read, by primary key. A keyset cursor would make deep pages free as well, but
 * no client pages that deep; the store's own 'Load more' stays within the first hundreds.
 *
 * The one row also carries the total, from product_counts (kept exact by triggers, migration
 * 0006: one row read instead of counting up to the whole catalogue), and whether the category
 * exists.
 */
export function productPageSelect(
  db: Db,
  page: { category?: Value<string>; limit: Value<number>; offset: Value<number> },
  field: ProductSortField,
  direction: SortDirection,
) {
  const pageIds = db
    .select({ id: listed.id })
    .from(listed)
    .where(
      and(
        sql`${listed.isActive}`,
        page.category === undefined
          ? undefined
          : eq(listed.categoryId, categoryIdOf(page.category)),
      ),
    )
    .orderBy(...listOrder(listed, field, direction))
    .limit(page.limit)
    .offset(page.offset);
  const scope =
    page.category === undefined
      ? sql`true`
      : sql`${productCounts.scope} = ${categoryIdOf(page.category)}::text`;
  return db
    .select({
      data: productJsonArray(orderSql(listOrder(products, field, direction))),
      total: sql<number>`(select coalesce(sum(${productCounts.active}), 0)::integer from ${productCounts} where ${scope})`,
      found:
        page.category === undefined
          ? sql<boolean>`true`
          : sql<boolean>`${categoryIdOf(page.category)} is not null`,
    })
    .from(products)
    .where(inArray(products.id, pageIds));
}

/** A page of the list as JSON text, with the total; an unknown category slug is a 404. */
export async function productPageJson(
  db: Db,
  query: Pick<ProductListQuery, 'category' | 'limit' | 'offset'>,
  field: ProductSortField,
  direction: SortDirection,
): Promise<{ data: string; total: number }> {
  const inCategory = query.category !== undefined;
  const name = `catalogue_page_${inCategory ? 'category' : 'all'}_${field}_${direction}`;
  const [row] = await preparedQuery(db, name, () =>
    productPageSelect(
      db,
      {
        category: inCategory ? sql.placeholder('category') : undefined,
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      },
      field,
      direction,
    ).prepare(name),
  ).execute({ category: query.category, limit: query.limit, offset: query.offset });
  if (!row?.found) throw notFound('Category not found');
  return { data: row.data, total: row.total };
}

/** Whether a category with this slug exists: the list's 404 before a search in it. */
export async function assertCategoryExists(db: Db, slug: string): Promise<void> {
  const [row] = await preparedQuery(db, 'catalogue_category_exists', () =>
    db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, sql.placeholder('slug')))
      .prepare('catalogue_category_exists'),
  ).execute({ slug });
  if (!row) throw notFound('Category not found');
}

/**
 * The product detail query: by primary key, with its own promise columns and the store's
 * promise settings (the service decides with both what it promises: #shared/promises).
 */
export function productSelect(db: Db, id: Value<string>) {
  return db
    .select({
      data: sql<string>`${productJson}::text`,
      refundDays: products.refundDays,
      freeUpdates: products.freeUpdates,
      storePromises: sql<unknown>`(select ${storeSettings.value} from ${storeSettings} where ${storeSettings.key} = ${PROMISE_SETTINGS_KEY})`,
    })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.id, id), sql`${products.isActive}`))
    .limit(1);
}

/**
 * One active product as JSON text, with its promise columns and the store's promise settings
 * (as saved: unparsed, or null when never saved); undefined for none.
 */
export async function productJsonById(db: Db, id: string) {
  const [row] = await preparedQuery(db, 'catalogue_product', () =>
    productSelect(db, sql.placeholder('id')).prepare('catalogue_product'),
  ).execute({ id });
  return row;
}

/** Newest first, `limit` of them: as a subquery, so the limit applies before the JSON array. */
function newestFirst(db: Db, where: SQL, limit: Value<number>) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...listOrder(products, 'created_at', 'desc'))
    .limit(limit);
}

const newestFirstJson = productJsonArray(orderSql(listOrder(products, 'created_at', 'desc')));

/** Featured products, newest first: products_active_featured_idx read backwards. */
export function featuredSelect(db: Db, limit: Value<number>) {
  const featured = sql`${products.isActive} and (${products.metadata} ->> 'featured') = 'true'`;
  return db
    .select({ data: newestFirstJson })
    .from(products)
    .where(inArray(products.id, newestFirst(db, featured, limit)));
}

/** Featured products as a JSON array. */
export async function featuredJson(db: Db, limit: number): Promise<string> {
  const [row] = await preparedQuery(db, 'catalogue_featured', () =>
    featuredSelect(db, sql.placeholder('limit')).prepare('catalogue_featured'),
  ).execute({ limit });
  return row?.data ?? '[]';
}

/**
 * Other active products of a product's category, newest first
 * (products_active_category_created_idx), and whether the product itself is there to show.
 */
export function relatedSelect(db: Db, id: Value<string>, limit: Value<number>) {
  const product = sql`from ${products} where ${products.id} = ${id} and ${products.isActive}`;
  const sameCategory = and(
    sql`${products.isActive}`,
    eq(products.categoryId, sql`(select ${products.categoryId} ${product})`),
    ne(products.id, id),
  );
  return db
    .select({ data: newestFirstJson, found: sql<boolean>`exists (select 1 ${product})` })
    .from(products)
    .where(inArray(products.id, newestFirst(db, sameCategory ?? sql`false`, limit)));
}

/** Up to `limit` related products as a JSON array; undefined when the product is not shown. */
export async function relatedJson(db: Db, id: string, limit: number): Promise<string | undefined> {
  const [row] = await preparedQuery(db, 'catalogue_related', () =>
    relatedSelect(db, sql.placeholder('id'), sql.placeholder('limit')).prepare('catalogue_related'),
  ).execute({ id, limit });
  return row?.found ? row.data : undefined;
}
