import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { checkoutSessionRequestSchema, checkoutSessionResponseSchema } from '#shared/checkout';
import { orderViewSchema } from '#shared/orders';
import { rateLimit } from '../http/rate-limit';
import {
  createRouter,
  errorResponses,
  jsonContent,
  rateLimitedResponse,
  jsonBody,
} from '../http/router';
import { promoGuessLimit } from '../promo/promo-guesses';
import type { Services } from '../services';
import { checkVatNumber } from '../tax/vat-check';
import { confirmCheckoutSession, createCheckoutSession } from './checkout.service';
import { openHostedPage } from './hosted-page';

/**
 * Payment sessions one address may open a minute: each is an order and a provider call. A
 * shopper opens one or two; a script opening hundreds is refused.
 */
export const CHECKOUT_SESSIONS_PER_MINUTE = 20;

const sessionParam = z.object({ sessionId: z.string().min(1).max(200) });

const create = createRoute({
  method: 'post',
  path: '/checkout/sessions',
  request: jsonBody(checkoutSessionRequestSchema),
  responses: {
    200: jsonContent(checkoutSessionResponseSchema, 'The PENDING order and its payment session'),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const status = createRoute({
  method: 'get',
  path: '/checkout/sessions/{sessionId}',
  request: { params: sessionParam },
  responses: {
    200: jsonContent(orderViewSchema, 'The order behind a payment session (the success page)'),
    ...errorResponses,
  },
});

const hosted = createRoute({
  method: 'post',
  path: '/checkout/sessions/{sessionId}/hosted',
  request: { params: sessionParam },
  responses: {
    200: jsonContent(
      checkoutSessionResponseSchema,
      "The same order's session on the provider's hosted page (its url)",
    ),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const carriesPromoCode = z.object({ promoCode: z.string().trim().min(1) });

/** Counts a checkout that carries a promo code as a guess, against the same limit as validation. */
function promoGuessesAtCheckout(guesses: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    // The body is read again (from Hono's cache) by the route's validator.
    const body: unknown = await c.req.json().catch(() => null);
    return carriesPromoCode.safeParse(body).success ? guesses(c, next) : next();
  };
}

/**
 * POST creates the order and session; POST …/hosted moves its payment to the provider's page;
 * GET is the success page's (confirmCheckoutSession).
 */
export function checkoutRoutes({
  db,
  payments,
  config,
}: Pick<Services, 'db' | 'payments' | 'config'>) {
  const checkout = {
    db,
    provider: payments.provider,
    publicUrl: config.publicUrl,
    expireLapsedPromoHolds: payments.expireLapsedPromoHolds,
    /** A business buyer's VAT number, asked of VIES (VIES_URL) while the order is priced. */
    checkVat: (country: string, vatNumber: string) =>
      checkVatNumber(country, vatNumber, { url: config.viesUrl }),
  };
  const sessionLimit = rateLimit(db, 'checkout-sessions', {
    windowSeconds: 60,
    max: config.checkoutSessionsPerMinute ?? CHECKOUT_SESSIONS_PER_MINUTE,
  });
  const router = createRouter();
  router.use('/checkout/sessions', sessionLimit);
  router.use('/checkout/sessions/:sessionId/hosted', sessionLimit);
  router.use('/checkout/sessions', promoGuessesAtCheckout(promoGuessLimit(db)));
  return router
    .openapi(create, async (c) => {
      const session = await createCheckoutSession(checkout, c.get('user'), c.req.valid('json'));
      return c.json(session, 200);
    })
    .openapi(hosted, async (c) => {
      const { sessionId } = c.req.valid('param');
      return c.json(await openHostedPage(checkout, c.get('user'), sessionId), 200);
    })
    .openapi(status, async (c) => {
      const { sessionId } = c.req.valid('param');
      const confirm = { db, provider: payments.provider, fulfil: payments.fulfil };
      return c.json(await confirmCheckoutSession(confirm, sessionId), 200);
    });
}
