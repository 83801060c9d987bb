import { and, asc, eq } from 'drizzle-orm';
import {
  type Category,
  type Product,
  type ProductListQuery,
  type ProductSortField,
  type SearchResponse,
  type SearchResult,
  productSortFields,
  wantsFacets,
} from '#shared/catalogue';
import { FEATURED_DEFAULT, RELATED_COUNT, SEARCH_RESULT_COUNT } from '#shared/catalogue-limits';
import { categoryLabel, productImages } from '#shared/product';
import { DEFAULT_PROMISE_SETTINGS, productPromises, promiseSettingsSchema } from '#shared/promises';
import type { Db } from '../db/client';
import { categories } from '../db/schema';
import { notFound } from '../http/app-error';
import {
  assertCategoryExists,
  featuredJson,
  productJsonById,
  productPageJson,
  relatedJson,
} from './product-queries';
import type { FacetIndexCache } from './facets/facet-cache';
import { facetListJson } from './facets/facet-list';
import { toCategory } from './product-mapper';
import { musicSearchOf } from './music-filter';
import { searchProductPage, type SearchOptions } from './search-match';

/**
 * The catalogue's reads. Products come as the JSON text of the API's answers, assembled by the
 * database (product-json.ts), which routes send as they are.
 */

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map(toCategory);
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  if (!row) throw notFound('Category not found');
  return toCategory(row);
}

/**
 * A shopper's search: the tempo, key, genre and instrument words of `text` as filters
 * (music-filter.ts), the rest as words; one page of it and what it understood. `options.filter`
 * (another filter of the list, such as its facets) applies with the music's.
 */
export async function shopperSearch(db: Db, text: string, options: SearchOptions) {
  const music = musicSearchOf(text);
  const filters = [options.filter, music.condition].filter((f) => f !== undefined);
  const page = await searchProductPage(db, music.text, {
    ...options,
    filter: filters.length > 0 ? and(...filters) : undefined,
  });
  return { ...page, understood: { ...music.understood, words: music.text } };
}

/** The products of one list page (a JSON array), the total its filter matches, and with `q`
 * what the search understood of it. */
async function productListPage(db: Db, query: ProductListQuery & { sortBy?: ProductSortField }) {
  const direction = query.sortOrder === 'asc' ? 'asc' : 'desc';
  if (query.q) {
    // The category's 404 comes before the search, as it would for a plain list.
    if (query.category) await assertCategoryExists(db, query.category);
    return shopperSearch(db, query.q, {
      category: query.category,
      sort: query.sortBy ? { field: query.sortBy, direction } : undefined,
      limit: query.limit,
      offset: query.offset,
    });
  }
  return productPageJson(db, query, query.sortBy ?? 'created_at', direction);
}

/**
 * Active products, filtered by category and search text, sorted and paged, with
 * the total the filter matches: the ProductPage answer. Newest first unless a sort is given; a
 * search without a sort comes best match first. A page is a contiguous slice of what the
 * filter matches, so more follow exactly when the page ends before the total.
 */
export async function productListJson(
  db: Db,
  facets: FacetIndexCache,
  query: ProductListQuery,
): Promise<string> {
  // Facet filters, the sorts only facets know, or facets=true: the faceted list with counts.
  // The plain list's price order too: it is the order of the prices shown, running automatic
  // sales included, which the facet index holds and the products_active_*_price_idx b-trees do
  // not. (A search sorted by price still orders by list price: docs/discounts.md.)
  if (
    wantsFacets(query) ||
    (query.sortBy === 'price' && !query.q) ||
    (query.sortBy !== undefined && !isListSort(query.sortBy))
  ) {
    return facetListJson(db, facets, query);
  }
  const page = await productListPage(db, { ...query, sortBy: query.sortBy });
  const { data, total } = page;
  const hasMore = query.offset + query.limit < total;
  const understood = 'understood' in page ? `,"understood":${JSON.stringify(page.understood)}` : '';
  return `{"data":${data},"total":${total},"limit":${query.limit},"offset":${query.offset},"hasMore":${hasMore}${understood}}`;
}

function isListSort(field: string): field is ProductSortField {
  return (productSortFields as readonly string[]).includes(field);
}

/**
 * `{ data: Product }` for an active product, with what it promises (its own promises, or the
 * store's where it has none: #shared/promises); 404 'Product not found' otherwise.
 */
export async function productJson(db: Db, id: string): Promise<string> {
  const row = await productJsonById(db, id);
  if (!row) throw notFound('Product not found');
  const store = promiseSettingsSchema.safeParse(row.storePromises ?? {});
  const promises = productPromises(row, store.success ? store.data : DEFAULT_PROMISE_SETTINGS);
  // The database's object, its closing brace given the promises before it.
  return `{"data":${row.data.slice(0, -1)},"promises":${JSON.stringify(promises)}}}`;
}

/** `{ data: Product[] }`: products whose metadata marks them featured, newest first. */
export async function featuredProductsJson(db: Db, limit = FEATURED_DEFAULT): Promise<string> {
  return `{"data":${await featuredJson(db, limit)}}`;
}

/** `{ data: Product[] }`: up to three other active products of the same category, newest first. */
export async function relatedProductsJson(db: Db, id: string): Promise<string> {
  const related = await relatedJson(db, id, RELATED_COUNT);
  if (related === undefined) throw notFound('Product not found');
  return `{"data":${related}}`;
}

/**
 * `{ data: SearchResult[], understood }`: the search overlay, the first six best first, and the
 * musical filters it read in the text, for the overlay's chips.
 */
export async function searchJson(db: Db, text: string): Promise<string> {
  const page = await shopperSearch(db, text, { limit: SEARCH_RESULT_COUNT, offset: 0 });
  const found = JSON.parse(page.data) as Product[];
  const results = found.map((product): SearchResult => ({
    id: product.id,
    type: 'product',
    title: product.name,
    description: product.description,
    priceCents: product.priceCents,
    image: productImages(product)[0] ?? '',
    url: `/products/${product.id}`,
    category: categoryLabel(product),
  }));
  const answer: SearchResponse = { data: results, understood: page.understood };
  return JSON.stringify(answer);
}
