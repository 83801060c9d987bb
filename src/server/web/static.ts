import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { errorResponse } from '../http/error-handler';
import type { Logger } from '../logger';
import type { ApiReader } from './page-reads';
import { pagePreloads } from './page-hints';
import { chooseEncoding } from './compression';
import { escapeHtml } from '../content/escape-html';
import {
  loadWebRenderer,
  serverRendering,
  type PageHtml,
  type ServerRendering,
} from './server-rendering';

const DAY = 'public, max-age=86400';
const YEAR = 'public, max-age=31536000, immutable';

/** Types the static server's own table lacks. */
const EXTRA_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mid': 'audio/midi',
  // Uploaded previews (uploads/preview-uploads.ts).
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
};

function extraType(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? undefined : EXTRA_TYPES[path.slice(dot).toLowerCase()];
}

/** Sets caching (and a missing content type) on the files the static server found. */
function cacheFound(cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 206) return;
    c.res.headers.set('Cache-Control', cacheControl);
    // Every file answers a Range request; saying so lets a player seek a preview it streams.
    c.res.headers.set('Accept-Ranges', 'bytes');
    const type = extraType(c.req.path);
    if (type) c.res.headers.set('Content-Type', type);
  };
}

/** Public media (cover art, previews): cacheable for a day, with Range support for audio. */
export function mountMedia(app: Hono, mediaDir: string) {
  app.use(
    '/media/*',
    cacheFound(DAY),
    serveStatic({ root: mediaDir, rewriteRequestPath: (path) => path.replace(/^\/media/, '') }),
  );
  app.all('/media/*', (c) => errorResponse(c, 'NOT_FOUND', 'Not found'));
}

/** A rendered page in the encoding the browser accepts, compressed once per kept page. */
async function sendPage(c: Context, page: PageHtml) {
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  const body = encoding ? await page.encoded(encoding) : page.html;
  // A view of the kept bytes, not a copy.
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return c.body(bytes, page.status as 200, headers);
}

/** The built index.html names the store by the app's own name until the owner's is known. */
const BUILT_NAME = 'Loopmarket';
const named = (html: string, storeName: string) =>
  storeName === BUILT_NAME ? html : html.replaceAll(BUILT_NAME, escapeHtml(storeName));

/**
 * The built web app: hashed assets cached for a year (immutable); the public pages rendered on
 * the server (server-rendering.ts) when the server build is there; every other GET answered
 * with index.html so the client router takes over. Absent in development (Vite serves the app).
 */
export function mountWebApp(
  app: Hono,
  webDir: string,
  options: {
    banner?: string;
    logger: Logger;
    /** What the server's rendering asks the API through (page-reads.ts); the app itself by default. */
    api?: ApiReader;
    /** The store's name as the owner set it, for the page's title and header before the app loads. */
    storeName?: () => Promise<string>;
  },
): { rendering: Promise<ServerRendering | null> } | false {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const built = readFileSync(indexFile, 'utf8');
  // A banner sits outside the app's root, so every page shows it before and after the app loads.
  const indexHtml = options.banner
    ? built.replace(/<body[^>]*>/, (body) => body + options.banner)
    : built;
  // The build wrote .br and .gz beside each asset (vite.config.ts): sent as the client accepts.
  app.use('/assets/*', cacheFound(YEAR), serveStatic({ root: webDir, precompressed: true }));
  app.all('/assets/*', (c) => errorResponse(c, 'NOT_FOUND', 'Not found'));
  const preloads = pagePreloads(webDir);
  // Without the server build, or when it cannot load, every page is left to the browser.
  const rendering = loadWebRenderer(webDir)
    .then((renderer) =>
      renderer
        ? serverRendering({
            api: options.api ?? app,
            renderer,
            template: indexHtml,
            logger: options.logger,
          })
        : null,
    )
    .catch((error: unknown) => {
      options.logger.error(
        { err: error },
        'the server build did not load; pages render in the browser',
      );
      return null;
    });
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    const ssr = await rendering;
    if (ssr?.handles(c.req.path)) {
      const url = new URL(c.req.url);
      const page = await ssr.page(`${url.pathname}${url.search}`);
      if (page) return sendPage(c, page);
    }
    const html = indexHtml.replace('</head>', `${preloads(c.req.path)}</head>`);
    return c.html(options.storeName ? named(html, await options.storeName()) : html);
  });
  return { rendering };
}
