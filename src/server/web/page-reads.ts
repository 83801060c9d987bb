import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { errorResponse, handleError } from '../http/error-handler';
import type { Logger } from '../logger';

/** How the server's rendering asks the API: a path and a fetch init, answered in-process. */
export interface ApiReader {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * The API as the server's page rendering reads it: the same routes, asked in-process by a
 * visitor who is signed out, without the middleware that serves a browser (request ids,
 * security headers, compression, ETags, logs, metrics, the session cookie's reading). A product
 * page nobody has opened asks four answers, and each went through that whole chain as if a
 * browser had sent it. Reads only: the renderer never writes, and nothing here would guard a
 * write (no same-origin check, no body limit).
 */
export function pageReader(api: Hono<AppEnv>, logger: Logger): ApiReader {
  const reader = new Hono<AppEnv>();
  reader.onError(handleError(logger));
  reader.notFound((c) => errorResponse(c, 'NOT_FOUND', 'Not found'));
  reader.use('*', async (c, next) => {
    if (c.req.method !== 'GET') return errorResponse(c, 'NOT_FOUND', 'Not found');
    c.set('user', null);
    return next();
  });
  reader.route('/api', api);
  return { request: (path, init) => reader.request(path, init) };
}
