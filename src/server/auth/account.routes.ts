import { createRoute } from '@hono/zod-openapi';
import { accountSchema } from '#shared/account';
import { savedBillingAnswerSchema } from '#shared/saved-billing';
import type { Services } from '../services';
import { createRouter, jsonContent, unauthorizedResponse } from '../http/router';
import { getAccount } from './account.service';
import { deleteSavedBilling, readSavedBilling } from './saved-billing';
import { requireUser, signedInUser } from './session';

const routes = {
  account: createRoute({
    method: 'get',
    path: '/account',
    middleware: [requireUser] as const,
    responses: {
      200: jsonContent(accountSchema, "The signed-in user's profile"),
      ...unauthorizedResponse,
    },
  }),
  savedBilling: createRoute({
    method: 'get',
    path: '/account/billing-details',
    middleware: [requireUser] as const,
    responses: {
      200: jsonContent(
        savedBillingAnswerSchema,
        "The billing details of the buyer's last paid cart checkout, or null",
      ),
      ...unauthorizedResponse,
    },
  }),
  deleteSavedBilling: createRoute({
    method: 'delete',
    path: '/account/billing-details',
    middleware: [requireUser] as const,
    responses: {
      204: { description: 'The saved billing details are forgotten' },
      ...unauthorizedResponse,
    },
  }),
};

/** The signed-in buyer's profile, and the billing details their next checkout starts from. */
export function accountRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter()
    .openapi(routes.account, async (c) => {
      return c.json(await getAccount(db, signedInUser(c).id), 200);
    })
    .openapi(routes.savedBilling, async (c) => {
      return c.json({ savedBilling: await readSavedBilling(db, signedInUser(c).id) }, 200);
    })
    .openapi(routes.deleteSavedBilling, async (c) => {
      await deleteSavedBilling(db, signedInUser(c).id);
      return c.body(null, 204);
    });
}
