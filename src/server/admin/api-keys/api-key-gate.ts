import { createMiddleware } from 'hono/factory';
import { apiKeyMessages } from '#shared/api-keys';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { errorResponse } from '../../http/error-handler';
import { consumeRequest, TOO_MANY_REQUESTS } from '../../http/rate-limit';
import { actAsKey } from './acting-key';
import { requiredScope, SESSION_ONLY } from './api-key-scopes';
import { checkApiKey, noteApiKeyUse } from './api-keys.service';

/** Requests one key may make a minute unless API_KEY_REQUESTS_PER_MINUTE says otherwise. */
export const DEFAULT_API_KEY_REQUESTS_PER_MINUTE = 120;

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The API-key half of the admin's gate, mounted on `/admin/*` just before requireAdmin: a
 * request without `Authorization: Bearer` goes on to the session check untouched. One with it
 * is answered 401 for a key that is unknown, revoked or expired, 403 for a route its scopes do
 * not cover (api-key-scopes.ts) or that only a signed-in admin may use, 429 once the key has
 * used its minute (counted in the database, so every server process counts together).
 * Otherwise the request goes on as the key's owner, acting as the key (audit.ts names it).
 */
export function acceptApiKeys(db: Db, requestsPerMinute = DEFAULT_API_KEY_REQUESTS_PER_MINUTE) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined) return next();
    const text = BEARER.exec(header)?.[1];
    if (!text) return errorResponse(c, 'UNAUTHORIZED', apiKeyMessages.invalid);
    const check = await checkApiKey(db, text);
    if (!check.ok) return errorResponse(c, 'UNAUTHORIZED', apiKeyMessages[check.reason]);
    const scope = requiredScope(c.req.method, c.req.path);
    if (scope === SESSION_ONLY) return errorResponse(c, 'FORBIDDEN', apiKeyMessages.sessionOnly);
    if (scope === null) return errorResponse(c, 'NOT_FOUND', 'Not found');
    if (!check.key.scopes.includes(scope)) {
      return errorResponse(c, 'FORBIDDEN', apiKeyMessages.missingScope(scope));
    }
    const decision = await consumeRequest(db, `api-key:${check.key.id}`, {
      windowSeconds: 60,
      max: requestsPerMinute,
    });
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', TOO_MANY_REQUESTS);
    }
    await noteApiKeyUse(db, check.key);
    // A key stands for its owner: requireAdmin then checks they are still a store admin.
    c.set('user', check.owner);
    await actAsKey({ id: check.key.id, name: check.key.name }, () => next());
  });
}
