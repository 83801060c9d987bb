import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  FEATURED_DEFAULT,
  RELATED_COUNT,
  SEARCH_RESULT_COUNT,
  type Category,
  type Product,
  type ProductListQuery,
  type ProductPage,
  type SearchResult,
} from '#shared/catalogue';
import { categoryLabel, productImages } from '#shared/product';
import type { Db } from '../db/client';
import { categories, products } from '../db/schema';
import { notFound } from '../http/app-error';
import { toCategory, toProduct } from './product-mapper';
import { buildSearchMatch } from './search-match';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sortColumns = {
  created_at: products.createdAt,
  updated_at: products.updatedAt,
  price: products.priceCents,
  name: products.name,
} as const;

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.name));
  return rows.map(toCategory);
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  if (!row) throw notFound('Category not found');
  return toCategory(row);
}

function productsWithCategory(db: Db) {
  return db
    .select({ product: products, category: categories })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id));
}

/** The filter and order of a product list: category slug, search text, sort (SPEC §7). */
async function productListPlan(db: Db, query: ProductListQuery) {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (query.category) {
    const category = await getCategoryBySlug(db, query.category);
    conditions.push(eq(products.categoryId, category.id));
  }
  const search = query.q ? await buildSearchMatch(db, query.q) : null;
  if (search) conditions.push(search.where);

  const direction = query.sortOrder === 'asc' ? asc : desc;
  // Without an explicit sort, search results come best match first; id breaks ties so pages never overlap.
  const order =
    search && !query.sortBy
      ? [desc(search.rank), desc(products.createdAt), asc(products.id)]
      : [direction(sortColumns[query.sortBy ?? 'created_at']), asc(products.id)];
  return { where: and(...conditions), order };
}

type ProductListPlan = Awaited<ReturnType<typeof productListPlan>>;

async function selectProducts(db: Db, plan: ProductListPlan, limit: number, offset: number) {
  const rows = await productsWithCategory(db)
    .where(plan.where)
    .orderBy(...plan.order)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toProduct(r.product, r.category));
}

/** Active products, filtered, sorted and paged, with the total the filter matches. */
export async function listProducts(db: Db, query: ProductListQuery): Promise<ProductPage> {
  const plan = await productListPlan(db, query);
  const [data, [totals]] = await Promise.all([
    selectProducts(db, plan, query.limit, query.offset),
    db.select({ total: count() }).from(products).where(plan.where),
  ]);
  const total = totals?.total ?? 0;
  return {
    data,
    total,
    limit: query.limit,
    offset: query.offset,
    hasMore: query.offset + data.length < total,
  };
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  if (!UUID.test(id)) throw notFound('Product not found');
  const [row] = await productsWithCategory(db)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  if (!row) throw notFound('Product not found');
  return toProduct(row.product, row.category);
}

/** Active products whose metadata marks them featured, newest first. */
export async function listFeaturedProducts(db: Db, limit = FEATURED_DEFAULT): Promise<Product[]> {
  const rows = await productsWithCategory(db)
    .where(and(eq(products.isActive, true), sql`(${products.metadata} ->> 'featured') = 'true'`))
    .orderBy(desc(products.createdAt))
    .limit(limit);
  return rows.map((r) => toProduct(r.product, r.category));
}

/** Up to three other active products of the same category. */
export async function listRelatedProducts(db: Db, id: string): Promise<Product[]> {
  const product = await getProduct(db, id);
  if (!product.categoryId) return [];
  const rows = await productsWithCategory(db)
    .where(
      and(
        eq(products.isActive, true),
        eq(products.categoryId, product.categoryId),
        ne(products.id, product.id),
      ),
    )
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(RELATED_COUNT);
  return rows.map((r) => toProduct(r.product, r.category));
}

/** The search overlay: the list's search with the first six, best first, and no total to count. */
export async function searchProducts(db: Db, text: string): Promise<SearchResult[]> {
  const plan = await productListPlan(db, {
    q: text,
    limit: SEARCH_RESULT_COUNT,
    offset: 0,
    sortOrder: 'desc',
  });
  const found = await selectProducts(db, plan, SEARCH_RESULT_COUNT, 0);
  return found.map((product) => ({
    id: product.id,
    type: 'product',
    title: product.name,
    description: product.description,
    priceCents: product.priceCents,
    image: productImages(product)[0] ?? '',
    url: `/products/${product.id}`,
    category: categoryLabel(product),
  }));
}
