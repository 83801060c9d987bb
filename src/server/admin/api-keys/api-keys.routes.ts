import { createRoute, z } from '@hono/zod-openapi';
import {
  apiKeyListSchema,
  apiKeyViewSchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '#shared/api-keys';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import { adminFailures, type AdminEnv } from '../require-admin';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const failures = adminFailures();
const idParams = z.object({ id: uuidParam('API key not found') });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/api-keys',
    description: 'Every API key, newest first: its prefix, scopes and dates, never its secret.',
    responses: { 200: jsonContent(apiKeyListSchema, 'The keys'), ...failures },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/api-keys',
    description: 'A new key for the signed-in admin. Its text is in this answer only.',
    request: jsonBody(createApiKeySchema),
    responses: {
      201: jsonContent(createdApiKeySchema, 'The key, and its secret once'),
      ...failures,
    },
  }),
  revoke: createRoute({
    method: 'post',
    path: '/admin/api-keys/{id}/revoke',
    description: 'Revokes the key: its next request answers 401.',
    request: { params: idParams },
    responses: {
      200: jsonContent(z.object({ data: apiKeyViewSchema }), 'The key, revoked'),
      ...failures,
    },
  }),
};

/** /api/admin/api-keys: the owner's API keys, for a signed-in admin only (never a key). */
export function apiKeysRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => c.json({ data: await listApiKeys(db) }, 200))
    .openapi(routes.create, async (c) => {
      return c.json(await createApiKey(db, c.get('admin').id, c.req.valid('json')), 201);
    })
    .openapi(routes.revoke, async (c) => {
      const key = await revokeApiKey(db, c.get('admin').id, c.req.valid('param').id);
      return c.json({ data: key }, 200);
    });
}
