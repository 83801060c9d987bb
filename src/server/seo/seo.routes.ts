import type { Context, Hono } from 'hono';
import { PUBLIC_CACHE_CONTROL } from '../catalogue/public-cache';
import type { Db } from '../db/client';
import { errorResponse } from '../http/error-handler';
import { chooseEncoding } from '../web/compression';
import {
  isArchivedProduct,
  movedCategoryUrl,
  type SeoService,
  type SitemapDocument,
} from './seo.service';

const DAY = 'public, max-age=86400';
/** A renamed category stays renamed: a redirect may be kept a while. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
/** Below this, compressing saves less than it costs (as web/compression.ts). */
const MIN_COMPRESSED_BYTES = 1024;

const isRead = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';

/** Whether If-None-Match names this (weak) ETag, compared weakly. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** A sitemap file, compressed once per encoding while it is cached (seo.service.ts). */
async function sendXml(c: Context, document: SitemapDocument): Promise<Response> {
  const etag = `W/${document.etag}`;
  c.header('Cache-Control', PUBLIC_CACHE_CONTROL);
  c.header('ETag', etag);
  c.header('Vary', 'Accept-Encoding');
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (encoding && document.xml.length >= MIN_COMPRESSED_BYTES) {
    const body = await document.encode(encoding);
    return c.body(new Uint8Array(body), 200, { 'Content-Type': XML, 'Content-Encoding': encoding });
  }
  return c.body(document.xml, 200, { 'Content-Type': XML });
}

/**
 * What search engines read (robots.txt, the sitemap) and the statuses they act on: a renamed
 * category's old address answers 301 to its new one, an archived product's page 410 Gone.
 * Mounted before the web app (static.ts), whose pages the two middlewares adjust; without a web
 * build the app's 404 is adjusted the same way.
 */
export function mountSeo(app: Hono, seo: SeoService, db: Db) {
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', DAY);
    return c.text(seo.robots());
  });
  app.get('/sitemap.xml', async (c) => sendXml(c, await seo.sitemapIndex()));
  app.get('/sitemaps/:name', async (c) => {
    const document = await seo.sitemapFile(c.req.param('name'));
    return document ? sendXml(c, document) : errorResponse(c, 'NOT_FOUND', 'Not found');
  });

  // Only a page that answered 404 is looked up: a known category's page costs nothing more.
  app.use('/products', async (c, next) => {
    await next();
    if (!isRead(c) || c.res.status !== 404) return;
    const location = await movedCategoryUrl(db, new URL(c.req.url));
    if (!location) return;
    c.res = c.redirect(location, 301);
    // Hono keeps the 404's headers on the new answer: only the redirect's own remain true.
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Cache-Control', REDIRECT_CACHE_CONTROL);
  });

  app.use('/products/:id', async (c, next) => {
    // Read before next(): afterwards c.req answers for the web app's route, which has no :id.
    const id = c.req.param('id');
    await next();
    if (!isRead(c) || c.res.status !== 404) return;
    if (!(await isArchivedProduct(db, id))) return;
    // The same page (it says the product is not found), as Gone: search engines drop it.
    c.res = new Response(c.res.body, { status: 410, headers: c.res.headers });
  });
}
