import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categorySlugHistory, products, type ProductRow } from '#server/db/schema';
import { createCategory, createProduct } from '#tests/support/factories';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';
import { parseXml, textsOf } from '#tests/support/xml';
import { catalogueChanges } from '../catalogue/catalogue-changes';
import { renameCategory } from './category-slugs';
import { mountSeo } from './seo.routes';
import { DISALLOWED_PATHS, seoService } from './seo.service';
import { escapeXml, sitemapBuilder, STATIC_PAGES } from './sitemap';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The XML at `path`, checked to be a well-formed sitemap document of the given root. */
async function readSitemap(ctx: TestContext, path: string, root: 'urlset' | 'sitemapindex') {
  const response = await ctx.app.request(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const text = await response.text();
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = parseXml(text);
  expect(document.name).toBe(root);
  expect(document.attributes.xmlns).toBe(NAMESPACE);
  return document;
}

/** Each <url>'s loc and lastmod. */
function urlsOf(document: ReturnType<typeof parseXml>) {
  return document.children.map((url) => {
    expect(url.name).toBe('url');
    return {
      loc: textsOf(url, 'loc')[0] ?? '',
      lastmod: textsOf(url, 'lastmod')[0],
    };
  });
}

/** updated_at as the sitemap writes it: UTC, to the second. */
const w3c = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

describe('the sitemap', () => {
  let ctx: TestContext;
  const changes = catalogueChanges();
  let active: ProductRow[];
  let archived: ProductRow;

  beforeAll(async () => {
    ctx = await createTestContext({ catalogueChanges: changes, sitemapPageSize: 2 });
    const db = ctx.database.db;
    const packs = await createCategory(db, {
      name: 'Packs',
      slug: 'packs',
      updatedAt: new Date(Date.UTC(2024, 5, 1)),
    });
    await createCategory(db, { name: 'Empty', slug: 'empty' });
    const onlyArchived = await createCategory(db, { name: 'Gone', slug: 'gone' });
    active = [];
    for (let i = 0; i < 5; i++) {
      active.push(
        await createProduct(db, {
          categoryId: i < 3 ? packs.id : null,
          updatedAt: new Date(Date.UTC(2025, 0, 1 + i, 10, 20, 30, 456)),
        }),
      );
    }
    archived = await createProduct(db, { categoryId: onlyArchived.id, status: 'archived' });
  });
  afterAll(() => ctx.close());

  it('is an index of the pages, categories and products files at absolute addresses', async () => {
    const index = await readSitemap(ctx, '/sitemap.xml', 'sitemapindex');
    expect(index.children.every((child) => child.name === 'sitemap')).toBe(true);
    // Five active products, two to a file: three files.
    expect(textsOf(index, 'loc')).toEqual([
      `${TEST_PUBLIC_URL}/sitemaps/pages.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/categories.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/products-1.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/products-2.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/products-3.xml`,
    ]);
  });

  it('lists every active product once, split at the page size, with its last change', async () => {
    const files = await Promise.all(
      [1, 2, 3].map(async (n) =>
        urlsOf(await readSitemap(ctx, `/sitemaps/products-${n}.xml`, 'urlset')),
      ),
    );
    expect(files.map((urls) => urls.length)).toEqual([2, 2, 1]);
    const listed = files.flat();
    expect(listed.map((url) => url.loc).sort()).toEqual(
      active.map((p) => `${TEST_PUBLIC_URL}/products/${p.id}`).sort(),
    );
    for (const product of active) {
      const url = listed.find((u) => u.loc.endsWith(product.id));
      expect(url?.lastmod).toBe(w3c(product.updatedAt));
    }
    expect(listed.some((url) => url.loc.includes(archived.id))).toBe(false);
  });

  it('answers 404 past the last file and for names it does not know', async () => {
    for (const path of [
      '/sitemaps/products-4.xml',
      '/sitemaps/products-0.xml',
      '/sitemaps/products.xml',
      '/sitemaps/other.xml',
    ]) {
      expect((await ctx.app.request(path)).status, path).toBe(404);
    }
  });

  it('lists the public pages', async () => {
    const urls = urlsOf(await readSitemap(ctx, '/sitemaps/pages.xml', 'urlset'));
    expect(urls.map((url) => url.loc)).toEqual(STATIC_PAGES.map((p) => `${TEST_PUBLIC_URL}${p}`));
    expect(urls.map((url) => url.loc)).toContain(`${TEST_PUBLIC_URL}/`);
  });

  it('lists the categories that have active products, changed with their latest', async () => {
    // Packs itself last changed in 2024, its products in 2025.
    const urls = urlsOf(await readSitemap(ctx, '/sitemaps/categories.xml', 'urlset'));
    // Empty has no products; Gone only an archived one.
    expect(urls).toEqual([
      { loc: `${TEST_PUBLIC_URL}/products?category=packs`, lastmod: w3c(active[2]!.updatedAt) },
    ]);
  });

  it('is kept until the catalogue changes, and then rebuilt', async () => {
    const before = await (await ctx.app.request('/sitemaps/products-3.xml')).text();
    const added = await createProduct(ctx.database.db);
    expect(await (await ctx.app.request('/sitemaps/products-3.xml')).text()).toBe(before);
    expect((await ctx.app.request('/sitemaps/products-4.xml')).status).toBe(404);

    changes.notify();
    const index = await readSitemap(ctx, '/sitemap.xml', 'sitemapindex');
    expect(textsOf(index, 'loc')).toHaveLength(5); // six products: still three files
    const last = urlsOf(await readSitemap(ctx, '/sitemaps/products-3.xml', 'urlset'));
    expect(last.map((url) => url.loc)).toHaveLength(2);
    // The newest change is listed last.
    expect(last.at(-1)?.loc).toBe(`${TEST_PUBLIC_URL}/products/${added.id}`);

    await ctx.database.db.delete(products).where(eq(products.id, added.id));
    changes.notify();
  });

  it('escapes the addresses it writes, in the files PostgreSQL builds too', async () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    const odd = "http://store.test/o'&<shop>";
    const builder = sitemapBuilder(ctx.database.db, { publicUrl: odd, pageSize: 10 });
    const odder = await createCategory(ctx.database.db, { slug: 'r&b <x>' });
    await createProduct(ctx.database.db, { categoryId: odder.id });
    const files = await Promise.all([
      builder.index(),
      builder.file({ kind: 'pages' }),
      builder.file({ kind: 'categories' }),
      builder.file({ kind: 'products', page: 1 }),
    ]);
    const locs = files.flatMap((xml) => textsOf(parseXml(xml!), 'loc'));
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) expect(loc.startsWith(odd)).toBe(true);
    expect(locs).toContain(`${odd}/products?category=r%26b%20%3Cx%3E`);
  });
});

describe('a sitemap file on the wire', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    // Enough products for a file worth compressing.
    for (let i = 0; i < 12; i++) await createProduct(ctx.database.db);
  });
  afterAll(() => ctx.close());

  it('is sent compressed as the client accepts, with an ETag that answers 304', async () => {
    const plain = await ctx.app.request('/sitemaps/products-1.xml');
    const xml = await plain.text();
    expect(plain.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=300',
    );
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const br = await ctx.app.request('/sitemaps/products-1.xml', {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(xml);
    const gzip = await ctx.app.request('/sitemaps/products-1.xml', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(xml);

    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await ctx.app.request('/sitemaps/products-1.xml', {
      headers: { 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('robots.txt', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** Whether a crawler reading these rules may fetch `path` (the longest matching rule wins). */
  function allowed(robots: string, path: string): boolean {
    const rules = robots
      .split('\n')
      .map((line) => /^(Allow|Disallow): (.+)$/.exec(line))
      .filter((m) => m !== null)
      .map(([, kind, prefix]) => ({ allow: kind === 'Allow', prefix: prefix! }))
      .filter((rule) => path.startsWith(rule.prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length);
    return rules[0]?.allow ?? true;
  }

  it('lets crawlers read the public pages and names the sitemap', async () => {
    const response = await ctx.app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const robots = await response.text();
    expect(robots.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    expect(robots.endsWith(`\nSitemap: ${TEST_PUBLIC_URL}/sitemap.xml\n`)).toBe(true);
    for (const path of DISALLOWED_PATHS) expect(robots).toContain(`\nDisallow: ${path}\n`);

    const publicPaths = [
      ...STATIC_PAGES,
      `/products/${UNKNOWN}`,
      '/products?category=packs&page=2',
      '/media/covers/a.webp',
      '/assets/index-a1.js',
      '/sitemap.xml',
      '/sitemaps/products-1.xml',
    ];
    for (const path of publicPaths) expect(allowed(robots, path), path).toBe(true);
  });

  it('keeps them out of the admin, account, cart, checkout and API', async () => {
    const robots = await (await ctx.app.request('/robots.txt')).text();
    const privatePaths = [
      '/admin',
      '/admin/products',
      '/account',
      '/profile',
      '/orders',
      '/order-history',
      '/download-hub',
      '/downloads/guest?token=x',
      '/wishlist',
      '/cart',
      '/checkout/direct',
      '/order-confirmation?order=1',
      '/payment/success',
      '/login',
      '/signup',
      '/reset-password/confirm',
      '/email-confirmation',
      '/newsletter/unsubscribe',
      '/api/products',
      '/dev/mail',
    ];
    for (const path of privatePaths) expect(allowed(robots, path), path).toBe(false);
  });
});

describe('renamed categories and archived products', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const history = () =>
    ctx.database.db
      .select({ oldSlug: categorySlugHistory.oldSlug, categoryId: categorySlugHistory.categoryId })
      .from(categorySlugHistory)
      .orderBy(categorySlugHistory.oldSlug);
  const slugOf = async (id: string) =>
    (await ctx.database.db.select().from(categories).where(eq(categories.id, id)))[0]?.slug;

  it('renameCategory changes the slug and remembers the old one', async () => {
    const category = await createCategory(ctx.database.db, { slug: 'drum-kits' });
    await renameCategory(ctx.database.db, category.id, 'drums');
    expect(await slugOf(category.id)).toBe('drums');
    expect(await history()).toEqual([{ oldSlug: 'drum-kits', categoryId: category.id }]);
    // The same slug again changes nothing.
    await renameCategory(ctx.database.db, category.id, 'drums');
    expect(await history()).toHaveLength(1);
    await ctx.database.db.delete(categories).where(eq(categories.id, category.id));
    expect(await history()).toEqual([]);
  });

  it("refuses another category's slug and a malformed one, changing nothing", async () => {
    const a = await createCategory(ctx.database.db, { slug: 'keep-a' });
    await createCategory(ctx.database.db, { slug: 'keep-b' });
    await expect(renameCategory(ctx.database.db, a.id, 'keep-b')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    for (const bad of ['Keep A', 'keep--a', '-keep', 'keep/a', '']) {
      await expect(renameCategory(ctx.database.db, a.id, bad)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    await expect(renameCategory(ctx.database.db, UNKNOWN, 'new-slug')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await slugOf(a.id)).toBe('keep-a');
    expect(await history()).toEqual([]);
  });

  it('answers the old address with 301 to the current slug, keeping the other parameters', async () => {
    const category = await createCategory(ctx.database.db, { slug: 'loops' });
    await renameCategory(ctx.database.db, category.id, 'loop-packs');
    await renameCategory(ctx.database.db, category.id, 'audio-loops');

    for (const old of ['loops', 'loop-packs']) {
      const response = await ctx.app.request(
        `/products?sortBy=price&category=${old}&sortOrder=asc`,
      );
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(
        '/products?sortBy=price&category=audio-loops&sortOrder=asc',
      );
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    // A slug never used, and no category at all, are not moved.
    expect((await ctx.app.request('/products?category=never-was')).status).toBe(404);
    expect((await ctx.app.request('/products')).status).toBe(404);
    expect((await ctx.app.request('/products?category=audio-loops')).status).not.toBe(301);

    // Renaming back to an old slug takes it out of the history: it is current again.
    await renameCategory(ctx.database.db, category.id, 'loops');
    expect((await ctx.app.request('/products?category=loops')).status).not.toBe(301);
    const moved = await ctx.app.request('/products?category=audio-loops');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/products?category=loops');
    expect((await history()).map((row) => row.oldSlug)).toEqual(['audio-loops', 'loop-packs']);
  });

  it('answers 410 Gone for an archived product, 404 for one that never was', async () => {
    const product = await createProduct(ctx.database.db, { status: 'archived' });
    const gone = await ctx.app.request(`/products/${product.id}`);
    expect(gone.status).toBe(410);
    expect((await ctx.app.request(`/products/${product.id}`, { method: 'HEAD' })).status).toBe(410);
    expect((await ctx.app.request(`/products/${UNKNOWN}`)).status).toBe(404);
    expect((await ctx.app.request('/products/not-a-uuid')).status).toBe(404);
    // Its API answer stays a 404, as for any product not on sale.
    expect((await ctx.app.request(`/api/products/${product.id}`)).status).toBe(404);

    await ctx.database.db
      .update(products)
      .set({ status: 'active' })
      .where(eq(products.id, product.id));
    expect((await ctx.app.request(`/products/${product.id}`)).status).not.toBe(410);
  });

  it("adjusts the web app's rendered 404 pages the same way", async () => {
    // The web app's shape (web/static.ts): one catch-all route that renders every page.
    const web = new Hono();
    mountSeo(web, seoService(ctx.database.db, { publicUrl: TEST_PUBLIC_URL }), ctx.database.db);
    web.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html('<h1>Not Found</h1>', 404);
    });
    const category = await createCategory(ctx.database.db, { slug: 'synths' });
    await renameCategory(ctx.database.db, category.id, 'synth-presets');
    const moved = await web.request('/products?category=synths&page=2');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/products?category=synth-presets&page=2');
    expect(moved.headers.get('content-length')).toBeNull();
    expect(moved.headers.get('cache-control')).toBe('public, max-age=3600');

    const product = await createProduct(ctx.database.db, { status: 'archived' });
    const gone = await web.request(`/products/${product.id}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toContain('text/html');
    expect(await gone.text()).toBe('<h1>Not Found</h1>');
    expect((await web.request(`/products/${UNKNOWN}`)).status).toBe(404);
  });
});
