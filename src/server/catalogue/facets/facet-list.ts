import { sql } from 'drizzle-orm';
import type { FacetSortField, ProductListQuery } from '#shared/catalogue';
import { musicKeys } from '#shared/music';
import { queryRows, type Db } from '../../db/client';
import { products } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { musicSearchOf } from '../music-filter';
import { preparedQuery } from '../../db/prepared-queries';
import { productJsonArray } from '../product-json';
import { correctWords, prefixTsQuery, searchTerms, searchWords } from '../search-words';
import type { FacetIndexCache } from './facet-cache';
import { bitFacets, type BitFacet, type FacetIndex } from './facet-index';
import { searchFacets, type FacetFilters } from './facet-search';

/** The vocabulary bits of the values asked for (the query schema allows only known ones). */
function maskOf(facet: BitFacet, values: readonly string[]): number {
  const vocabulary: readonly string[] = bitFacets[facet].values;
  return values.reduce((mask, value) => mask | (1 << vocabulary.indexOf(value)), 0) >>> 0;
}

/**
 * The slots whose products the search text matches: every word as a prefix in the search
 * vector (with the search's typo corrections), or the whole text close to the name by trigrams,
 * as the search overlay finds them (search-match.ts). All matches, not the search's first 100:
 * the counts are over all of them.
 */
async function searchMatches(db: Db, index: FacetIndex, text: string): Promise<Uint8Array> {
  const known = index.searches.get(text);
  if (known) return known;
  const matches = await readSearchMatches(db, index, text);
  index.searches.set(text, matches);
  return matches;
}

async function readSearchMatches(db: Db, index: FacetIndex, text: string) {
  // Tempo, key, genre and instrument words are filters, as the search reads them.
  const music = musicSearchOf(text);
  const words = searchWords(music.text);
  const tsQuery = prefixTsQuery(searchTerms(words, await correctWords(db, words)));
  const byWords = tsQuery
    ? sql`(${products.searchVector} @@ to_tsquery('english', ${tsQuery}) or ${music.text} <% ${products.name})`
    : music.condition
      ? sql`true`
      : sql`false`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select ${products.id} as id from ${products}
      where ${products.isActive} and ${byWords} and ${music.condition ?? sql`true`}`,
  );
  const matches = new Uint8Array(index.size);
  for (const row of rows) {
    const slot = index.slotOf.get(row.id);
    if (slot !== undefined) matches[slot] = 1;
  }
  return matches;
}

async function filtersOf(db: Db, index: FacetIndex, query: ProductListQuery) {
  let category: number | null = null;
  if (query.category !== undefined) {
    category = index.categoryOf.get(query.category) ?? null;
    if (category === null) throw notFound('Category not found');
  }
  const bounds = (min: number | undefined, max: number | undefined, top: number) =>
    min === undefined && max === undefined ? null : { min: min ?? 0, max: max ?? top };
  const filters: FacetFilters = {
    category,
    matches: query.q ? await searchMatches(db, index, query.q) : null,
    genre: maskOf('genre', query.genre),
    instrument: maskOf('instrument', query.instrument),
    format: maskOf('format', query.format),
    os: maskOf('os', query.os),
    key: query.key.reduce((mask, key) => mask | (1 << musicKeys.indexOf(key)), 0) >>> 0,
    bpm: bounds(query.bpmMin, query.bpmMax, Number.MAX_SAFE_INTEGER),
    price: bounds(query.priceMin, query.priceMax, Number.MAX_SAFE_INTEGER),
    onSale: query.onSale === 'true',
  };
  return filters;
}

/** The page's products as a JSON array, read by primary key, in the order of `ids`. */
async function pageJson(db: Db, ids: string[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const name = 'catalogue_facet_page';
  const [row] = await preparedQuery(db, name, () => {
    const wanted = sql`${sql.placeholder('ids')}::uuid[]`;
    return db
      .select({ data: productJsonArray(sql`array_position(${wanted}, ${products.id})`) })
      .from(products)
      .where(sql`${products.id} = any(${wanted}) and ${products.isActive}`)
      .prepare(name);
  }).execute({ ids: `{${ids.join(',')}}` });
  return row?.data ?? '[]';
}

/**
 * A list page with its facets' live counts (ProductPage with `facets`): the filtered page found
 * and every count made in one pass over this process's facet index, then only the page's rows
 * read, by primary key. Newest first unless a sort is given (a search too: relevance is the
 * search overlay's order, not the faceted list's).
 */
export async function facetListJson(
  db: Db,
  cache: FacetIndexCache,
  query: ProductListQuery,
): Promise<string> {
  const index = await cache.get();
  const filters = await filtersOf(db, index, query);
  const field: FacetSortField = query.sortBy ?? 'created_at';
  const besidesPrice = [
    query.category,
    query.q,
    query.genre,
    query.instrument,
    query.key,
    query.format,
    query.os,
    query.bpmMin,
    query.bpmMax,
    query.onSale,
  ];
  const keys = {
    filters: JSON.stringify([...besidesPrice, query.priceMin, query.priceMax]),
    besidesPrice: JSON.stringify(besidesPrice),
  };
  const sort = { field, direction: query.sortOrder };
  const found = searchFacets(index, filters, keys, sort, query);
  const data = await pageJson(
    db,
    found.page.map((slot) => index.ids[slot]!),
  );
  const hasMore = query.offset + query.limit < found.total;
  const understood = query.q
    ? `,"understood":${JSON.stringify(musicSearchOf(query.q).understood)}`
    : '';
  return `{"data":${data},"total":${found.total},"limit":${query.limit},"offset":${query.offset},"hasMore":${hasMore},"facets":${JSON.stringify(found.facets)}${understood}}`;
}
