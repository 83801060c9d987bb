import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { logWithinRequest } from '../logger';
import type { AppEnv } from './app-env';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Hono's request-id rule for an id we take from outside: up to 255 word characters, - and =. */
const READABLE_ID = /^[\w\-=]{1,255}$/;

/**
 * The proxy's id when the request came through the trusted proxy (it wrote the address header we
 * trust, so its X-Request-Id is the one its own logs carry); any other request gets a new one, so
 * a client cannot pick the id that a support conversation or an incident report will search for.
 */
function requestIdOf(c: Context, trustedProxyHeader: string | undefined): string {
  if (trustedProxyHeader && c.req.header(trustedProxyHeader) !== undefined) {
    const fromProxy = c.req.header(REQUEST_ID_HEADER);
    if (fromProxy && READABLE_ID.test(fromProxy)) return fromProxy;
  }
  return randomUUID();
}

/**
 * Names every request: `requestId` on the context, `X-Request-Id` on the answer, and `requestId`
 * on every line logged while it is answered (logger.ts), by routes and services alike.
 *
 * Not Hono's requestId(): that one keeps any client's header, and sets its own before the handler
 * runs, which a handler answering with a Response of its own (better-auth's) drops.
 */
export function assignRequestIds(trustedProxyHeader: string | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = requestIdOf(c, trustedProxyHeader);
    c.set('requestId', id);
    await logWithinRequest(id, next);
    c.header(REQUEST_ID_HEADER, id);
  });
}
