import { createHmac, randomUUID } from 'node:crypto';
import pino from 'pino';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentEvents } from '#server/db/schema';
import { signEvent } from '#server/payments/signed-event';
import { startStripeStandIn } from '#tests/support/stripe-stand-in';
import { createTestContext, TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';

/**
 * Correctly signed events that name no order of ours, or are not JSON: a provider retries an
 * error answer for days, so each is acknowledged and ignored with a warning, or refused as 400.
 */
/** The test processor's older event signature (t=…,v1=…), still accepted for five minutes. */
const EVENT_SECRET = 'test-secret-that-is-at-least-32-characters-long:local-payment-events';
const WEBHOOK_SECRET = 'whsec_test_standin';
const stripe = new Stripe('sk_test_standin');

let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>> | null = null;
let logLines: { level: number; msg: string }[];
afterEach(async () => {
  await ctx.close();
  await standIn?.close();
  standIn = null;
});

/** The app with a logger whose warnings the test reads. */
async function start(withStripe: boolean) {
  logLines = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => logLines.push(JSON.parse(line)) },
  );
  standIn = withStripe ? await startStripeStandIn() : null;
  ctx = await createTestContext({
    logger,
    config: standIn
      ? {
          stripe: {
            secretKey: 'sk_test_standin',
            webhookSecret: WEBHOOK_SECRET,
            publishableKey: 'pk_test_standin',
            api: standIn.api,
          },
        }
      : {},
  });
}
const warnings = () => logLines.filter((l) => l.level === 40).map((l) => l.msg);
const errors = () => logLines.filter((l) => l.level >= 50);

describe('signed local events', () => {
  const send = (payload: string, signature: string) =>
    ctx.app.request('/api/payments/local/webhook', {
      method: 'POST',
      headers: { 'loopmarket-signature': signature, 'content-type': 'application/json' },
      body: payload,
    });

  it('acknowledges an event for an unknown order, ignores it and warns', async () => {
    await start(false);
    const { payload, signature } = signEvent(TEST_SIGNING_KEYS, {
      id: 'evt_unknown',
      provider: 'local',
      outcome: 'completed',
      orderId: randomUUID(),
    });
    const res = await send(payload, signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, handled: false });
    expect(warnings()).toEqual(['payment event for an unknown order ignored']);
    expect(await ctx.database.db.select().from(paymentEvents)).toEqual([]);
  });

  it('refuses an order id that is not a UUID, and a body that is not JSON, with 400', async () => {
    await start(false);
    const notUuid = signEvent(TEST_SIGNING_KEYS, {
      id: 'evt_bad_id',
      provider: 'local',
      outcome: 'refunded',
      orderId: 'order-42',
    });
    const badId = await send(notUuid.payload, notUuid.signature);
    expect(badId.status).toBe(400);

    // Signed as signed-event.ts signs (t=…,v1=HMAC of "t.payload"), over a body it never makes.
    const payload = 'order 42 was paid';
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', EVENT_SECRET).update(`${t}.${payload}`).digest('hex');
    const notJson = await send(payload, `t=${t},v1=${v1}`);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The event is not JSON' },
    });
    expect(errors()).toEqual([]);
  });
});

describe('signed Stripe events', () => {
  const send = (payload: string) =>
    ctx.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: {
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
        'content-type': 'application/json',
      },
      body: payload,
    });
  const completed = (orderId: unknown) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_1',
          metadata: { orderId },
        },
      },
    });

  it.each([
    [
      'an unknown order',
      () => completed(randomUUID()),
      'payment event for an unknown order ignored',
    ],
    ['an order id that is not a UUID', () => completed('order-42'), 'Stripe event ignored'],
    [
      'a refund naming an order id that is not a UUID',
      () =>
        JSON.stringify({
          id: 'evt_refund',
          object: 'event',
          type: 'charge.refunded',
          data: {
            object: { payment_intent: null, amount_refunded: 5, metadata: { orderId: 'x' } },
          },
        }),
      'Stripe event ignored',
    ],
    [
      'a refund without its amount',
      () =>
        JSON.stringify({
          id: 'evt_refund',
          object: 'event',
          type: 'charge.refunded',
          data: { object: { payment_intent: 'pi_1' } },
        }),
      'Stripe event ignored',
    ],
    ['a JSON null', () => 'null', 'Stripe event ignored'],
  ])('acknowledges %s, ignores it and warns', async (_case, payload, warning) => {
    await start(true);
    const res = await send(payload());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, handled: false });
    expect(warnings()).toEqual([warning]);
    expect(errors()).toEqual([]);
  });

  it('refuses a signed body that is not JSON with 400', async () => {
    await start(true);
    const res = await send('checkout.session.completed for order 42');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The event is not JSON' },
    });
  });
});
