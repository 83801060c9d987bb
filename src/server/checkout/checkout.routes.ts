import { createRoute, z } from '@hono/zod-openapi';
import { checkoutSessionRequestSchema, checkoutSessionResponseSchema } from '#shared/checkout';
import { orderViewSchema } from '#shared/orders';
import type { Db } from '../db/client';
import { notFound } from '../http/app-error';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import { toOrderViews } from '../orders/order-view';
import type { Payments } from '../payments/payments';
import { createCheckoutSession, findOrderBySession } from './checkout.service';

const create = createRoute({
  method: 'post',
  path: '/checkout/sessions',
  request: {
    body: {
      content: { 'application/json': { schema: checkoutSessionRequestSchema } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(checkoutSessionResponseSchema, 'The PENDING order and its payment session'),
    ...errorResponses,
  },
});

const status = createRoute({
  method: 'get',
  path: '/checkout/sessions/{sessionId}',
  request: { params: z.object({ sessionId: z.string().min(1).max(200) }) },
  responses: {
    200: jsonContent(orderViewSchema, 'The order behind a payment session (the success page)'),
    ...errorResponses,
  },
});

/**
 * POST creates the order and session. GET is the success page's: it asks the provider whether
 * the session is paid and fulfils through the same function as the webhook, so either path
 * alone completes the order. The session id, known only to its buyer, is the key.
 */
export function checkoutRoutes(deps: { db: Db; payments: Payments; publicUrl: string }) {
  const { db, payments, publicUrl } = deps;
  return createRouter()
    .openapi(create, async (c) => {
      const session = await createCheckoutSession(
        { db, provider: payments.provider, publicUrl },
        c.get('user'),
        c.req.valid('json'),
      );
      return c.json(session, 200);
    })
    .openapi(status, async (c) => {
      const { sessionId } = c.req.valid('param');
      const completion = await payments.provider.retrieveCompletion(sessionId);
      if (completion) await payments.fulfil(completion);
      const order = await findOrderBySession(db, sessionId);
      if (!order) throw notFound('Invalid checkout session. Please try again.');
      const [view] = await toOrderViews(db, [order]);
      return c.json(view!, 200);
    });
}
