import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger';

/** Each request at debug level: method, path, status and milliseconds. */
export function logRequests(logger: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    logger.debug({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: performance.now() - started,
    });
  });
}
