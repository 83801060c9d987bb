import { createRoute } from '@hono/zod-openapi';
import { accountSchema } from '#shared/account';
import type { Db } from '../db/client';
import { createRouter, jsonContent, unauthorizedResponse } from '../http/router';
import { getAccount } from './account.service';
import { requireUser, signedInUser } from './session';

const route = createRoute({
  method: 'get',
  path: '/account',
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(accountSchema, "The signed-in user's profile"),
    ...unauthorizedResponse,
  },
});

export function accountRoutes(db: Db) {
  return createRouter().openapi(route, async (c) => {
    return c.json(await getAccount(db, signedInUser(c).id), 200);
  });
}
