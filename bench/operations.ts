import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client';

/** What the benchmark asks the store, as a visitor's browser would. */
export interface Operation {
  name: string;
  /** The paths requested in turn; or, for a feature not built yet, why it is left out. */
  paths: string[] | { skipped: string };
}

export interface CatalogueSample {
  /** Active products per category, biggest first. */
  categories: { slug: string; active: number }[];
  productIds: string[];
}

const SAMPLED_PRODUCTS = 1_000;

/** Read from the database before the server opens it (PGlite allows one process at a time). */
export async function sampleCatalogue(db: Db): Promise<CatalogueSample> {
  const categories = await queryRows<{ slug: string; active: number }>(
    db,
    sql`
    select c.slug, count(p.id)::int as active
    from categories c left join products p on p.category_id = c.id and p.is_active
    group by c.slug order by active desc, c.slug`,
  );
  const products = await queryRows<{ id: string }>(
    db,
    sql`select id from products where is_active order by md5(id::text) limit ${SAMPLED_PRODUCTS}`,
  );
  return { categories, productIds: products.map((p) => p.id) };
}

/** Searches a visitor types: a word in a third of the catalogue, a rare word, a typo, a prefix. */
export const SEARCH_TERMS = {
  common: 'drum',
  selective: 'glasshouse',
  typo: 'compresor',
  prefix: 'lo',
} as const;

export function catalogueOperations(sample: CatalogueSample): Operation[] {
  const slugs = sample.categories.map((c) => c.slug);
  const biggest = sample.categories[0];
  if (!biggest) throw new Error('the benchmark catalogue has no categories');
  // Nine tenths of the way into the biggest category, on a page boundary.
  const deepOffset = Math.floor((biggest.active * 0.9) / 10) * 10;
  const search = (q: string) => [`/api/search?q=${encodeURIComponent(q)}`];

  return [
    { name: 'list: category, page 1', paths: slugs.map((s) => `/api/products?category=${s}`) },
    {
      name: `list: category, offset ${deepOffset}`,
      paths: [`/api/products?category=${biggest.slug}&offset=${deepOffset}`],
    },
    {
      name: 'list: category by price',
      paths: slugs.map((s) => `/api/products?category=${s}&sortBy=price&sortOrder=asc`),
    },
    { name: 'product detail', paths: sample.productIds.map((id) => `/api/products/${id}`) },
    { name: 'featured', paths: ['/api/products/featured?limit=6'] },
    { name: `search: common '${SEARCH_TERMS.common}'`, paths: search(SEARCH_TERMS.common) },
    { name: `search: rare '${SEARCH_TERMS.selective}'`, paths: search(SEARCH_TERMS.selective) },
    { name: `search: typo '${SEARCH_TERMS.typo}'`, paths: search(SEARCH_TERMS.typo) },
    { name: `search: prefix '${SEARCH_TERMS.prefix}'`, paths: search(SEARCH_TERMS.prefix) },
  ];
}

/**
 * The shopping calls the benchmark will drive once they exist. Each needs a signed-in visitor
 * (and, for downloads, a paid order), so it is listed as not built until its API answers.
 */
export async function commerceOperations(baseUrl: string): Promise<Operation[]> {
  const calls = [
    { name: 'cart read', method: 'GET', path: '/api/cart' },
    { name: 'checkout session', method: 'POST', path: '/api/checkout/sessions' },
    { name: 'download link', method: 'POST', path: '/api/downloads' },
  ];
  const operations: Operation[] = [];
  for (const call of calls) {
    const response = await fetch(`${baseUrl}${call.path}`, { method: call.method });
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    const missing = response.status === 404 && body?.error?.message === 'No such API endpoint';
    operations.push({
      name: call.name,
      paths: {
        skipped: missing
          ? `not built yet (${call.method} ${call.path} is 404)`
          : 'exists; the benchmark has no driver for it yet',
      },
    });
  }
  return operations;
}
