import { createRoute } from '@hono/zod-openapi';
import { myAffiliateSchema } from '#shared/affiliates';
import type { Services } from '../services';
import { createRouter, errorResponses, jsonContent, unauthorizedResponse } from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import { myAffiliate } from './affiliates.service';

const routes = {
  mine: createRoute({
    method: 'get',
    path: '/account/affiliate',
    middleware: [requireUser] as const,
    responses: {
      200: jsonContent(
        myAffiliateSchema,
        "The signed-in affiliate's link, clicks, orders, commission, payouts and what is owed",
      ),
      ...unauthorizedResponse,
      ...errorResponses,
    },
  }),
};

/** GET /api/account/affiliate: an affiliate's own page; 404 for an account that is none. */
export function affiliateAccountRoutes({ db, config }: Pick<Services, 'db' | 'config'>) {
  return createRouter().openapi(routes.mine, async (c) =>
    c.json(await myAffiliate(db, signedInUser(c).id, config.publicUrl), 200),
  );
}
