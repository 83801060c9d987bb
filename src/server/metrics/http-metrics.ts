import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { Histogram } from 'prom-client';

export type HttpLabels = 'route' | 'method' | 'status';

/** The label of a request no route took: a raw path would make a series of every URL asked. */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every request and counts it under its route template, method and status: one histogram
 * observation, no other work on the request path. Registered first, so the time covers every
 * middleware and the error handler.
 */
export function measureRequests(histogram: Histogram<HttpLabels>) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      histogram.observe(
        {
          route: routeTemplate(c),
          method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
          status: String(c.res.status),
        },
        (performance.now() - started) / 1000,
      );
    }
  });
}

/**
 * The registered path of the handler that answered, e.g. `/api/products/:id`. Hono leaves
 * `routeIndex` on the last handler it ran: the route's handler, or a middleware that answered
 * without going on (a guard's refusal, the static files of `/media/*`). A 404 or 405 from a
 * catch-all or the not-found handler is `unmatched`.
 */
export function routeTemplate(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route) return UNMATCHED_ROUTE;
  if (route.method === 'ALL' && (c.res.status === 404 || c.res.status === 405)) {
    return UNMATCHED_ROUTE;
  }
  return route.path;
}
