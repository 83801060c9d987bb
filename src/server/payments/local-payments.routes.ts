import { createRoute, z } from '@hono/zod-openapi';
import { cardPaymentSchema } from '#shared/test-cards';
import { orderViewSchema } from '#shared/orders';
import { createRouter, errorResponses, jsonContent, jsonBody } from '../http/router';
import type { Services } from '../services';
import {
  localSessionView,
  payLocalSession,
  receiveLocalEvent,
  type LocalPaymentsDeps,
} from './local-payments.service';

const sessionParam = z.object({ sessionId: z.string().regex(/^lcs_[0-9a-f]{32}$/) });

const session = createRoute({
  method: 'get',
  path: '/payments/local/sessions/{sessionId}',
  request: { params: sessionParam },
  responses: {
    200: jsonContent(orderViewSchema, 'What the hosted page charges for'),
    ...errorResponses,
  },
});

const pay = createRoute({
  method: 'post',
  path: '/payments/local/sessions/{sessionId}/pay',
  request: {
    params: sessionParam,
    ...jsonBody(cardPaymentSchema),
  },
  responses: {
    200: jsonContent(z.object({ status: z.literal('succeeded'), redirectUrl: z.string() }), 'Paid'),
    ...errorResponses,
  },
});

/**
 * The offline test processor: a card charged here becomes an HMAC-signed event, verified and
 * fulfilled exactly as one arriving at the webhook.
 */
export function localPaymentsRoutes({
  db,
  payments,
  config,
}: Pick<Services, 'db' | 'payments' | 'config'>) {
  const deps: LocalPaymentsDeps = { db, payments, publicUrl: config.publicUrl };
  const router = createRouter()
    .openapi(session, async (c) => {
      return c.json(await localSessionView(db, c.req.valid('param').sessionId), 200);
    })
    .openapi(pay, async (c) => {
      const { sessionId } = c.req.valid('param');
      const { redirectUrl } = await payLocalSession(deps, sessionId, c.req.valid('json'));
      return c.json({ status: 'succeeded' as const, redirectUrl }, 200);
    });

  // The same door for signed events sent from outside (a test harness, a replay).
  router.post('/payments/local/webhook', async (c) => {
    const { handled, changed } = await receiveLocalEvent(
      payments,
      await c.req.text(),
      c.req.header('loopmarket-signature'),
    );
    return c.json(
      handled ? { received: true, handled, changed } : { received: true, handled },
      200,
    );
  });
  return router;
}
