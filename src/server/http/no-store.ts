import { createMiddleware } from 'hono/factory';

/** Anything not marked cacheable (sessions, accounts, carts) is never stored by a cache. */
export const noStoreUnlessCacheable = createMiddleware(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
