import { Hono, type Context, type Next } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './health/health.routes';
import { errorBody, handleError } from './http/error-handler';
import { createRouter } from './http/router';
import type { Logger } from './logger';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { supportRoutes } from './support/support.routes';
import { mountMedia, mountWebApp } from './web/static';

export interface AppDeps {
  config: Pick<Config, 'mediaDir' | 'webDir'>;
  database: Database;
  logger: Logger;
}

/** Composition only: every feature's routes under /api, then media, then the web app. */
export function createApp({ config, database, logger }: AppDeps) {
  const { db } = database;
  const api = createRouter()
    .route('/', healthRoutes(database))
    .route('/', catalogueRoutes(db))
    .route('/', newsletterRoutes(db))
    .route('/', supportRoutes(db));
  api.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Loopmarket API', version: '1' } });

  const app = new Hono();
  app.onError(handleError(logger));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  app.use(compress());
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.debug({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: performance.now() - started,
    });
  });
  // Catalogue reads are public and change rarely: a short shared cache, revalidated by ETag.
  app.use('/api/products/*', etag(), publicCache);
  app.use('/api/products', etag(), publicCache);
  app.use('/api/categories/*', etag(), publicCache);
  app.use('/api/categories', etag(), publicCache);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'No such API endpoint'), 404));

  mountMedia(app, config.mediaDir);
  mountWebApp(app, config.webDir);
  return app;
}

async function publicCache(c: Context, next: Next) {
  await next();
  if (c.req.method === 'GET' && c.res.status === 200) {
    c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
  }
}

export type App = ReturnType<typeof createApp>;
