import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { categories, productCounts, products } from '../db/schema';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages every store has, listed in the pages sitemap. */
export const STATIC_PAGES = [
  '/',
  '/products',
  '/learn',
  '/support',
  '/about',
  '/privacy',
  '/terms',
  '/license',
] as const;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** W3C datetime in UTC, to the second, as sitemaps expect. */
const w3cDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

function urlEntry(loc: string, lastmod?: Date | null): string {
  const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

const urlset = (entries: string) =>
  `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${entries}</urlset>\n`;

/** One file of the sitemap, by its name under /sitemaps/. */
export type SitemapFile =
  { kind: 'pages' } | { kind: 'categories' } | { kind: 'products'; page: number };

/** `pages.xml`, `categories.xml` or `products-<n>.xml` (n from 1), else null. */
export function parseSitemapName(name: string): SitemapFile | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  if (name === 'categories.xml') return { kind: 'categories' };
  const page = /^products-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
  return page ? { kind: 'products', page: Number(page) } : null;
}

export interface SitemapSettings {
  /** The store's address, without a trailing slash (config.publicUrl). */
  publicUrl: string;
  /** URLs per products file; the protocol's 50,000 unless a test asks for fewer. */
  pageSize?: number;
  /** The owner's legal texts (store settings): each page's lastmod is the day its text changed. */
  legalPages?: () => Promise<Partial<Record<string, { updatedOn: string }>>>;
}

/**
 * The <url> entries of `limit` active products from `offset`, as one string PostgreSQL writes,
 * each at `productsUrl` + id.
 */
export function productFileSelect(productsUrl: string, limit: number, offset: number): SQL {
  const prefix = `<url><loc>${escapeXml(productsUrl)}`;
  return sql`
    select string_agg(
        ${prefix} || listed.id::text || '</loc><lastmod>'
          || to_char(listed.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          || E'</lastmod></url>\n',
        '') as urls
    from (
      select ${products.id} as id, ${products.updatedAt} as updated_at from ${products}
      where ${products.isActive}
      order by ${products.updatedAt}, ${products.id}
      limit ${limit} offset ${offset}) as listed`;
}

/**
 * The sitemap, built from the database: an index naming a file of the public pages, one of the
 * categories that have products, and the active products in files of at most `pageSize` URLs.
 */
export function sitemapBuilder(db: Db, settings: SitemapSettings) {
  const base = settings.publicUrl.replace(/\/$/, '');
  const pageSize = Math.min(settings.pageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);

  /** Files of products: the active ones (product_counts, exact by triggers) by page size. */
  async function productFiles(): Promise<number> {
    const [row] = await queryRows<{ active: number }>(
      db,
      sql`select coalesce(sum(${productCounts.active}), 0)::integer as active from ${productCounts}`,
    );
    return Math.ceil((row?.active ?? 0) / pageSize);
  }

  async function index(): Promise<string> {
    const files = ['pages.xml', 'categories.xml'];
    const count = await productFiles();
    for (let page = 1; page <= count; page++) files.push(`products-${page}.xml`);
    const entries = files
      .map((file) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>\n`)
      .join('');
    return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries}</sitemapindex>\n`;
  }

  async function pages(): Promise<string> {
    const legal = (await settings.legalPages?.()) ?? {};
    const lastmod = (path: string) => {
      const day = legal[path.slice(1)]?.updatedOn;
      return day ? new Date(`${day}T00:00:00Z`) : null;
    };
    return urlset(
      STATIC_PAGES.map((path) => `${urlEntry(`${base}${path}`, lastmod(path))}\n`).join(''),
    );
  }

  /**
   * Categories with at least one active product, each last modified when it or its latest
   * product changed (products_active_category_updated_idx read backwards, one entry each).
   */
  async function categoryList(): Promise<string> {
    const rows = await queryRows<{ slug: string; lastmod: Date | string }>(
      db,
      sql`
      select c.slug, greatest(c.updated_at, (
        select max(p.updated_at) from ${products} p where p.is_active and p.category_id = c.id
      )) as lastmod
      from ${categories} c
      join ${productCounts} n on n.scope = c.id::text and n.active > 0
      order by c.slug`,
    );
    return urlset(
      rows
        .map(
          (row) =>
            `${urlEntry(`${base}/products?category=${encodeURIComponent(row.slug)}`, new Date(row.lastmod))}\n`,
        )
        .join(''),
    );
  }

  /**
   * One file of products, built by PostgreSQL as one string. The page is read in the order of
   * products_active_updated_idx (updated_at, id), which holds both the id and the lastmod: an
   * index-only scan that steps over the earlier files inside the index and never reads a row.
   * 50,000 URLs take about 50 ms (`npm run bench:sitemap`). Recently changed
   * products gather in the last file, which is the one that changes most.
   */
  async function productList(page: number): Promise<string | null> {
    const query = productFileSelect(`${base}/products/`, pageSize, (page - 1) * pageSize);
    const [row] = await queryRows<{ urls: string | null }>(db, query);
    // Past the last file (the index names none when the catalogue is empty) there is none.
    return row?.urls ? urlset(row.urls) : null;
  }

  return {
    index,
    /** The XML of one file, or null when there is no such file. */
    async file(file: SitemapFile): Promise<string | null> {
      if (file.kind === 'pages') return pages();
      if (file.kind === 'categories') return categoryList();
      return productList(file.page);
    },
  };
}

export type SitemapBuilder = ReturnType<typeof sitemapBuilder>;
