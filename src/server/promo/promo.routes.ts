import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { MAX_ORDER_LINES } from '#shared/checkout';
import { promoCodeSchema, type Promo } from '#shared/promo';
import { createRouter, errorResponses, jsonContent, jsonBody } from '../http/router';
import type { Services } from '../services';
import { promoGuessLimit } from './promo-guesses';
import { validatePromoCode } from './promo.service';

const promoValidateSchema = z.object({
  code: promoCodeSchema,
  /** The cart's products, so a code limited to some is checked against them. */
  productIds: z.array(z.uuid()).max(MAX_ORDER_LINES).optional(),
});

const promoSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().min(1).max(100).nullable(),
  amountOffCents: z.number().int().positive().nullable(),
  /** The cart's products the code discounts; null when it discounts every line. */
  productIds: z.array(z.string()).nullable(),
}) satisfies z.ZodType<Promo>;

const route = createRoute({
  method: 'post',
  path: '/promo-codes/validate',
  request: jsonBody(promoValidateSchema),
  responses: {
    200: jsonContent(
      promoSchema,
      'The code, upper-case, its percent or amount off, and the products it discounts',
    ),
    ...errorResponses,
  },
});

export function promoRoutes({ db }: Pick<Services, 'db'>) {
  const router = createRouter();
  router.use('/promo-codes/validate', promoGuessLimit(db));
  return router.openapi(route, async (c) => {
    const { code, productIds } = c.req.valid('json');
    const user = c.get('user');
    const customer = user ? { userId: user.id, email: user.email } : null;
    return c.json(await validatePromoCode(db, code, { productIds, customer }), 200);
  });
}
