import { createRoute } from '@hono/zod-openapi';
import { promoSchema, promoValidateSchema } from '#shared/promo';
import type { Db } from '../db/client';
import { createRouter, errorResponses, jsonContent, jsonBody } from '../http/router';
import { promoGuessLimit } from './promo-guesses';
import { validatePromoCode } from './promo.service';

const route = createRoute({
  method: 'post',
  path: '/promo-codes/validate',
  request: jsonBody(promoValidateSchema),
  responses: {
    200: jsonContent(promoSchema, 'The code, upper-case, and its percent off'),
    ...errorResponses,
  },
});

export function promoRoutes(db: Db, trustedProxyHeader: string | undefined) {
  const router = createRouter();
  router.use('/promo-codes/validate', promoGuessLimit(db, trustedProxyHeader));
  return router.openapi(route, async (c) =>
    c.json(await validatePromoCode(db, c.req.valid('json').code), 200),
  );
}
