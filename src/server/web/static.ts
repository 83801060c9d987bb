import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { errorResponse } from '../http/error-handler';
import { pagePreloads } from './page-hints';

const DAY = 'public, max-age=86400';
const YEAR = 'public, max-age=31536000, immutable';

/** Types the static server's own table lacks. */
const EXTRA_TYPES: Record<string, string> = { '.wav': 'audio/wav', '.mid': 'audio/midi' };

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

/**
 * The built web app: hashed assets cached for a year (immutable), every other GET answered with
 * index.html so the client router takes over. Absent in development (Vite serves the app).
 */
export function mountWebApp(app: Hono, webDir: string, options: { banner?: string } = {}) {
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
  // Crawlers may read everything, /api included: rendering a page needs its data.
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', DAY);
    return c.text('User-agent: *\nAllow: /\n');
  });
  const preloads = pagePreloads(webDir);
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml.replace('</head>', `${preloads(c.req.path)}</head>`));
  });
  return true;
}
