import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client';
import type { LoadRequest } from './load-test';

/** What the benchmark asks the store, as a visitor's browser would. */
export interface Operation {
  name: string;
  /** The path the results name the operation by (its first request's). */
  path: string;
  /** The next request to send; the warm-up and the measured run share one sequence. */
  nextRequest: () => LoadRequest;
  /** Brings the server to the state the row measures, before its warm-up. */
  prepare?: (baseUrl: string) => Promise<void>;
}

/** GETs of `paths`, in turn, with `headers`. */
function reads(name: string, paths: string[], headers?: Record<string, string>): Operation {
  let next = 0;
  return {
    name,
    path: paths[0] ?? '/',
    nextRequest: () => ({ path: paths[next++ % paths.length] ?? '/', headers }),
  };
}

/**
 * GETs of `pathAt(0)`, `pathAt(1)`, … each asked once: requests the catalogue's answer cache
 * (server/catalogue/answer-cache.ts) has never seen, so they measure the read behind it.
 */
function neverRepeated(name: string, pathAt: (n: number) => string): Operation {
  let next = 0;
  return { name, path: pathAt(0), nextRequest: () => ({ path: pathAt(next++) }) };
}

/** What every browser says it accepts: pages are measured as they are sent to one. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface CatalogueSample {
  /** Active products per category, biggest first. */
  categories: { id: string; slug: string; active: number }[];
  productIds: string[];
  /** Other active products, none among productIds: pages no row has asked for before. */
  unvisitedProductIds: string[];
  /** The rest of the active products, for the API rows that ask for each product once. */
  otherProductIds: string[];
}

const SAMPLED_PRODUCTS = 1_000;
/** More first visits than a run can make at the rate of a full rendering each. */
const UNVISITED_PRODUCTS = 20_000;

/** Read from the database before the server opens it (PGlite allows one process at a time). */
export async function sampleCatalogue(db: Db): Promise<CatalogueSample> {
  const categories = await queryRows<{ id: string; slug: string; active: number }>(
    db,
    sql`
    select c.id, c.slug, count(p.id)::int as active
    from categories c left join products p on p.category_id = c.id and p.is_active
    group by c.id, c.slug order by active desc, c.slug`,
  );
  const products = await queryRows<{ id: string }>(
    db,
    sql`select id from products where is_active order by md5(id::text)`,
  );
  const ids = products.map((p) => p.id);
  return {
    categories,
    productIds: ids.slice(0, SAMPLED_PRODUCTS),
    unvisitedProductIds: ids.slice(SAMPLED_PRODUCTS, SAMPLED_PRODUCTS + UNVISITED_PRODUCTS),
    otherProductIds: ids.slice(SAMPLED_PRODUCTS + UNVISITED_PRODUCTS),
  };
}

/** Searches a visitor types: a word in a third of the catalogue, a rare word, a typo, a prefix. */
export const SEARCH_TERMS = {
  common: 'drum',
  selective: 'glasshouse',
  typo: 'compresor',
  prefix: 'lo',
} as const;

/**
 * The catalogue's API rows. A row that asks for the same few requests again measures the
 * server's answer cache, warm (each answer read once, then sent from memory until the catalogue
 * changes); the rows marked "never repeated" ask for each request once, so every one misses it
 * and measures the database read behind it.
 */
export function catalogueOperations(sample: CatalogueSample): Operation[] {
  const slugs = sample.categories.map((c) => c.slug);
  const listable = sample.categories.filter((c) => c.active > 10);
  const biggest = sample.categories[0];
  if (!biggest) throw new Error('the benchmark catalogue has no categories');
  // Nine tenths of the way into the biggest category, on a page boundary.
  const deepOffset = Math.floor((biggest.active * 0.9) / 10) * 10;
  const search = (q: string) => [`/api/search?q=${encodeURIComponent(q)}`];

  return [
    reads(
      'list: category, page 1',
      slugs.map((s) => `/api/products?category=${s}`),
    ),
    reads(`list: category, offset ${deepOffset}`, [
      `/api/products?category=${biggest.slug}&offset=${deepOffset}`,
    ]),
    reads(
      'list: category by price',
      slugs.map((s) => `/api/products?category=${s}&sortBy=price&sortOrder=asc`),
    ),
    // Page-sized pages at every offset of each category in turn: page 1's work, never the same
    // request (the offsets grow by one every round of the categories).
    neverRepeated('list: category, never repeated (misses the cache)', (n) => {
      const category = listable[n % listable.length]!;
      const offset = Math.floor(n / listable.length) % (category.active - 10);
      return `/api/products?category=${category.slug}&offset=${offset}`;
    }),
    reads(
      'product detail',
      sample.productIds.map((id) => `/api/products/${id}`),
    ),
    neverRepeated(
      'product detail, never repeated (misses the cache)',
      (n) => `/api/products/${sample.otherProductIds[n % sample.otherProductIds.length]}`,
    ),
    reads('featured', ['/api/products/featured?limit=6']),
    reads(`search: common '${SEARCH_TERMS.common}'`, search(SEARCH_TERMS.common)),
    reads(`search: rare '${SEARCH_TERMS.selective}'`, search(SEARCH_TERMS.selective)),
    reads(`search: typo '${SEARCH_TERMS.typo}'`, search(SEARCH_TERMS.typo)),
    reads(`search: prefix '${SEARCH_TERMS.prefix}'`, search(SEARCH_TERMS.prefix)),
    reads('facets: filtered list with counts', FACET_FILTERS.map(facetList)),
    // A new price bound every request: each one misses the answer cache and the countings the
    // facet index keeps (facet-search.ts), so every request is counted over the catalogue.
    neverRepeated('facets: uncounted filters, never repeated (misses the cache)', (n) => {
      const unpriced = FACET_FILTERS.filter((filter) => !filter.includes('price'));
      return facetList(`${unpriced[n % unpriced.length]}&priceMax=${1000 + n}`);
    }),
    reads(
      'facets: filtered list with counts and q',
      FACET_FILTERS.map((filter) => facetList(`${filter}&q=${SEARCH_TERMS.common}`)),
    ),
  ];
}

/**
 * What a producer narrows /products by, in turn: a genre, a tempo range and keys,
 * plugin formats and a system, a price range on sale, no filter at all, and several at once,
 * sorted by tempo or sales.
 */
export const FACET_FILTERS = [
  'genre=trap',
  'genre=house&genre=deep-house',
  'bpmMin=85&bpmMax=95&key=A%20minor&key=C%20major',
  'format=vst3&os=windows',
  'priceMin=0&priceMax=1999&onSale=true',
  '',
  'genre=lo-fi&instrument=keys&bpmMin=70&bpmMax=90&sortBy=bpm&sortOrder=asc',
  'genre=techno&sortBy=popularity',
];

const facetList = (filter: string) => `/api/products?facets=true&${filter}`;

/** Opens each of `paths` once, a few at a time, as a store's visitors had in the last minute. */
function visitEach(paths: string[]) {
  return async (baseUrl: string) => {
    const queue = [...paths];
    const visitor = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const answer = await fetch(`${baseUrl}${path}`, { headers: BROWSER });
        await answer.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 4 }, visitor));
  };
}

/**
 * The server-rendered pages a visitor opens first (the HTML, not the API calls behind it).
 * Each URL is rendered once a minute at most (server/web/rendered-page-cache.ts): the cached
 * rows measure a store whose visitors opened the sampled pages within the last minute (each
 * is visited once before the warm-up), the first-visit row pages nobody has opened, each a
 * full rendering. Asked for with a browser's Accept-Encoding, whatever BENCH_ACCEPT_ENCODING
 * says: no browser takes a page raw.
 */
export function pageOperations(sample: CatalogueSample): Operation[] {
  const categoryPaths = sample.categories.map((c) => `/products?category=${c.slug}`);
  const productPaths = sample.productIds.map((id) => `/products/${id}`);
  return [
    reads('page: home', ['/'], BROWSER),
    reads('page: /products', ['/products'], BROWSER),
    { ...reads('page: category', categoryPaths, BROWSER), prepare: visitEach(categoryPaths) },
    { ...reads('page: product', productPaths, BROWSER), prepare: visitEach(productPaths) },
    reads(
      'page: product, first visit',
      sample.unvisitedProductIds.map((id) => `/products/${id}`),
      BROWSER,
    ),
  ];
}
