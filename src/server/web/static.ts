import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

const YEAR = 'public, max-age=31536000, immutable';

/** Public media (cover art, previews): cacheable for a day, with Range support for audio. */
export function mountMedia(app: Hono, mediaDir: string) {
  app.use(
    '/media/*',
    serveStatic({
      root: mediaDir,
      rewriteRequestPath: (path) => path.replace(/^\/media/, ''),
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        c.header('X-Content-Type-Options', 'nosniff');
      },
    }),
  );
  app.all('/media/*', (c) => c.text('Not found', 404));
}

/**
 * The built web app: hashed assets cached for a year, every other GET answered with
 * index.html so the client router takes over. Absent in development (Vite serves the app).
 */
export function mountWebApp(app: Hono, webDir: string) {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.use(
    '/assets/*',
    serveStatic({ root: webDir, onFound: (_path, c) => void c.header('Cache-Control', YEAR) }),
  );
  app.all('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
