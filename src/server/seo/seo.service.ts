import { createHash } from 'node:crypto';
import { and, eq, not } from 'drizzle-orm';
import { isUuid } from '#shared/ids';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { compress, type Encoding } from '../web/compression';
import { RenderedPageCache } from '../web/rendered-page-cache';
import { renamedCategorySlug } from './category-slugs';
import { parseSitemapName, sitemapBuilder, type SitemapSettings } from './sitemap';

/**
 * Paths crawlers have no business in: the admin, a visitor's account, cart and checkout, the
 * one-time pages behind emailed links, and the API. The public pages are server-rendered with
 * their data in the HTML (the server asks the API in-process), so a crawler never needs /api;
 * cover art and previews stay open under /media, the scripts and styles under /assets.
 */
export const DISALLOWED_PATHS = [
  '/admin',
  '/account',
  '/profile',
  '/order-history',
  '/orders',
  '/download-hub',
  '/downloads',
  '/wishlist',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/payment',
  '/login',
  '/signup',
  '/reset-password',
  '/email-confirmation',
  '/newsletter',
  '/updates',
  '/api/',
  '/dev/',
] as const;

/** robots.txt for the store at `publicUrl`. */
export function robotsTxt(publicUrl: string): string {
  const disallow = DISALLOWED_PATHS.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${disallow}\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** A built sitemap file: its XML, an ETag of it, and its compressed forms as asked for. */
export class SitemapDocument {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly xml: string) {
    this.etag = `"${createHash('sha1').update(xml).digest('base64url')}"`;
  }

  /** Compressed once per encoding while the file is cached: a products file is megabytes. */
  encode(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compress(Buffer.from(this.xml), encoding);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** Whether `id` names a product that exists but is no longer sold (is_active = false). */
export async function isArchivedProduct(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), not(products.isActive)))
    .limit(1);
  return row !== undefined;
}

/**
 * Where a category address that answered 404 has moved: `/products?category=<old>` (other
 * parameters kept in place) when `<old>` is a slug the category had before a rename, else null.
 */
export async function movedCategoryUrl(db: Db, url: URL): Promise<string | null> {
  const slug = url.searchParams.get('category');
  if (!slug) return null;
  const current = await renamedCategorySlug(db, slug);
  if (!current) return null;
  const params = new URLSearchParams(url.search);
  params.set('category', current);
  return `${url.pathname}?${params.toString()}`;
}

/**
 * What the store tells search engines: the sitemap, built from the database and kept for a
 * minute like the server-rendered pages (`clear()` when the catalogue changes), and robots.txt.
 */
export function seoService(
  db: Db,
  settings: {
    publicUrl: string;
    sitemapPageSize?: number;
    /** The legal pages' texts: their dates are the sitemap's lastmod for them. */
    legalPages?: SitemapSettings['legalPages'];
  },
) {
  const builder = sitemapBuilder(db, {
    publicUrl: settings.publicUrl,
    pageSize: settings.sitemapPageSize,
    legalPages: settings.legalPages,
  });
  const cache = new RenderedPageCache<SitemapDocument | null>();
  const robots = robotsTxt(settings.publicUrl);

  return {
    robots: () => robots,
    /** The sitemap index. */
    sitemapIndex: () =>
      cache.get(
        'index',
        async () => new SitemapDocument(await builder.index()),
      ) as Promise<SitemapDocument>,
    /** A file of the sitemap by its name under /sitemaps/, or null when there is none. */
    sitemapFile: async (name: string): Promise<SitemapDocument | null> => {
      const file = parseSitemapName(name);
      if (!file) return null;
      return cache.get(name, async () => {
        const xml = await builder.file(file);
        return xml === null ? null : new SitemapDocument(xml);
      });
    },
    /** Forgets the built sitemap (the catalogue changed). */
    clear: () => cache.clear(),
  };
}

export type SeoService = ReturnType<typeof seoService>;
