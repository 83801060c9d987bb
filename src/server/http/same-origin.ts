import type { MiddlewareHandler } from 'hono';
import { errorBody } from './error-handler';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Requests from other sites are not allowed';

/**
 * State-changing API calls must come from the store's own pages. A browser names the page's
 * origin in `Origin` (or, without it, says `Sec-Fetch-Site`); another origin gets 403 before
 * anything runs. The store's own origin is PUBLIC_URL's, or the address the request was sent to
 * (a page can only have that origin if the store served it). Calls with neither header come
 * from programs, not browsers (webhooks, scripts), which carry no visitor's cookies by accident.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const allowed =
      origin !== undefined
        ? origin === publicOrigin || origin === new URL(c.req.url).origin
        : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!allowed) return c.json(errorBody('FORBIDDEN', CROSS_SITE_MESSAGE), 403);
    await next();
  };
}
