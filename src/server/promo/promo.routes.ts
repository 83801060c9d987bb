import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { promoCodeChecks, type Promo } from '#shared/promo';
import type { Db } from '../db/client';
import { createRouter, errorResponses, jsonContent, jsonBody } from '../http/router';
import { promoGuessLimit } from './promo-guesses';
import { validatePromoCode } from './promo.service';

/** The shared rules of a code (#shared/promo), in classic zod for the OpenAPI contract. */
const promoValidateSchema = z.object({ code: z.string().check(...promoCodeChecks) });

const promoSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().min(1).max(100),
}) satisfies z.ZodType<Promo>;

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
