import { createRoute } from '@hono/zod-openapi';
import { accountSchema } from '#shared/account';
import type { Services } from '../services';
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

export function accountRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter().openapi(route, async (c) => {
    return c.json(await getAccount(db, signedInUser(c).id), 200);
  });
}
