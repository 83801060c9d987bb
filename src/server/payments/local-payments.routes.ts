import { createRoute, z } from '@hono/zod-openapi';
import { cardFormError, cardPaymentSchema, testCardOutcome } from '#shared/test-cards';
import { orderViewSchema } from '#shared/orders';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/app-error';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import { findOrderBySession } from '../checkout/checkout.service';
import { toOrderViews } from '../orders/order-view';
import type { Payments } from './payments';
import { isLocalSessionExpired, localSessionExpired } from './session-expiry';
import { SignatureError, signEvent, verifyEvent } from './signed-event';

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
    body: { content: { 'application/json': { schema: cardPaymentSchema } }, required: true },
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
export function localPaymentsRoutes(deps: { db: Db; payments: Payments; publicUrl: string }) {
  const { db, payments, publicUrl } = deps;

  async function receive(payload: string, signature: string | undefined) {
    try {
      return await payments.fulfil(verifyEvent(payments.eventSecret, payload, signature));
    } catch (err) {
      if (err instanceof SignatureError) throw new AppError('VALIDATION_FAILED', err.message);
      throw err;
    }
  }

  async function pendingOrder(sessionId: string) {
    const order = await findOrderBySession(db, sessionId);
    if (!order || order.provider !== 'local')
      throw notFound('Invalid checkout session. Please try again.');
    return order;
  }

  const router = createRouter()
    .openapi(session, async (c) => {
      const order = await pendingOrder(c.req.valid('param').sessionId);
      const [view] = await toOrderViews(db, [order]);
      return c.json(view!, 200);
    })
    .openapi(pay, async (c) => {
      const { sessionId } = c.req.valid('param');
      const card = c.req.valid('json');
      const order = await pendingOrder(sessionId);
      const redirectUrl = `${publicUrl}/payment/success?session_id=${sessionId}`;
      if (order.status === 'COMPLETED')
        return c.json({ status: 'succeeded' as const, redirectUrl }, 200);
      // A session past its time that the sweep (main.ts) has not reached yet ends here.
      if (order.status === 'PENDING' && isLocalSessionExpired(order))
        await payments.fulfil(localSessionExpired(order.id));
      if (order.status !== 'PENDING' || isLocalSessionExpired(order))
        throw new AppError('CONFLICT', 'Checkout session has expired. Please start over.');
      const problem = cardFormError(card);
      if (problem) throw new AppError('VALIDATION_FAILED', problem);
      const outcome = testCardOutcome(card.cardNumber);
      if (!outcome.paid) throw new AppError('PAYMENT_DECLINED', outcome.message);
      const { payload, signature } = signEvent(payments.eventSecret, {
        id: payments.local.newEventId(),
        provider: 'local',
        outcome: 'completed',
        orderId: order.id,
        paymentId: `lpi_${sessionId.slice(4)}`,
      });
      await receive(payload, signature);
      return c.json({ status: 'succeeded' as const, redirectUrl }, 200);
    });

  // The same door for signed events sent from outside (a test harness, a replay).
  router.post('/payments/local/webhook', async (c) => {
    const result = await receive(await c.req.text(), c.req.header('loopmarket-signature'));
    return c.json({ received: true, changed: result.changed }, 200);
  });
  return router;
}
