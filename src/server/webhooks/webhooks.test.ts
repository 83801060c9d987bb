import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect } from 'vitest';
import {
  webhookMessages,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
} from '#shared/webhooks';
import type { Db } from '#server/db/client';
import {
  adminAudit,
  outboxEmails,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '#server/db/schema';
import { createLogger } from '#server/logger';
import { applyPaymentEvent } from '#server/payments/fulfilment';
import type { PaymentEvent } from '#server/payments/payment-provider';
import { createOrder, createProduct } from '#tests/support/factories';
import { testInFreshStore as it } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import { startWebhookReceiver, verifyStandardWebhook } from '#tests/support/webhook-receiver';
import { recordAttempt } from './webhook-queue';
import { createWebhookWorker } from './webhook-worker';

const logger = createLogger('silent');

const completed = (orderId: string): PaymentEvent => ({
  id: `evt_${randomUUID()}`,
  provider: 'local',
  outcome: 'completed',
  orderId,
});

async function addEndpoint(
  ctx: { admin: { request: TestBrowserRequest } },
  url: string,
  events = ['order.completed'],
) {
  const made = await ctx.admin.request('/api/admin/webhooks', { body: { url, events } });
  expect(made.status).toBe(201);
  const body = made.body as unknown as { data: { id: string }; secret: string };
  return { id: body.data.id, secret: body.secret };
}
type TestBrowserRequest = (
  path: string,
  init?: { method?: string; body?: unknown },
) => Promise<{ status: number; body: unknown }>;

const workerOf = (app: TestContext, maxAttempts = 10) =>
  createWebhookWorker({
    db: app.database.db,
    mailer: app.mailer,
    logger,
    publicUrl: 'http://store.test',
    allowPrivate: true,
    maxAttempts,
    retryBaseMs: 60_000,
  });

/** What "later" means to the queue: every waiting delivery due now. */
const timePasses = (db: Db) =>
  db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.status, 'queued'));

async function completedOrder(db: Db) {
  const product = await createProduct(db, { name: 'Beat Sketchpad', priceCents: 2900 });
  const { order } = await createOrder(db, product);
  await applyPaymentEvent(db, completed(order.id), logger);
  return order;
}

/** The delivery as a worker holds it, for recording an attempt by hand. */
async function claimedShape(db: Db) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
  const { webhook_deliveries: delivery, webhook_endpoints: endpoint } = row!;
  return {
    id: delivery.id,
    attempts: delivery.attempts,
    createdAt: delivery.createdAt,
    eventId: delivery.eventId,
    body: '',
    endpoint: { id: endpoint.id, url: endpoint.url, secret: endpoint.secret, enabled: true },
  };
}

const receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(answers?: number[]) {
  const started = await startWebhookReceiver(answers);
  receivers.push(started);
  return started;
}

describe('webhooks', () => {
  it('signs each delivery as the Standard Webhooks reference verifies it', async ({
    app,
    db,
    admin,
  }) => {
    const local = await receiver();
    const endpoint = await addEndpoint({ admin }, local.url);
    const order = await completedOrder(db);
    expect(await workerOf(app).drainOnce()).toBe(1);

    expect(local.received).toHaveLength(1);
    const payload = await verifyStandardWebhook(endpoint.secret, local.received[0]!);
    expect(payload).toMatchObject({
      type: 'order.completed',
      data: {
        orderId: order.id,
        email: 'buyer@example.com',
        status: 'COMPLETED',
        totalCents: 2900,
        lines: [{ productName: 'Beat Sketchpad', quantity: 1, unitPriceCents: 2900 }],
      },
    });
    expect(local.received[0]!.headers['content-type']).toBe('application/json');
    // Another secret, or a changed body, does not verify.
    const other = await addEndpoint({ admin }, local.url);
    await expect(verifyStandardWebhook(other.secret, local.received[0]!)).rejects.toThrow(
      'No matching signature',
    );
    await expect(
      verifyStandardWebhook(endpoint.secret, {
        ...local.received[0]!,
        body: `${local.received[0]!.body} `,
      }),
    ).rejects.toThrow('No matching signature');
  });

  it('retries a failing receiver with a doubling wait, logging each attempt, until it answers', async ({
    app,
    db,
    admin,
  }) => {
    const local = await receiver([500, 503, 204]);
    const endpoint = await addEndpoint({ admin }, local.url);
    await completedOrder(db);
    const worker = workerOf(app);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await worker.drainOnce()).toBe(1);
      const [row] = await db
        .select({
          status: webhookDeliveries.status,
          wait: sql<number>`extract(epoch from ${webhookDeliveries.nextAttemptAt} - now())`.mapWith(
            Number,
          ),
        })
        .from(webhookDeliveries);
      if (row!.status === 'queued') waits.push(row!.wait);
      // Nothing is due before its wait is over.
      expect(await worker.drainOnce()).toBe(0);
      await timePasses(db);
    }
    expect(local.received).toHaveLength(3);
    // One message: the same id and body on every attempt, each signed afresh.
    expect(new Set(local.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(local.received.map((r) => r.body)).size).toBe(1);
    for (const webhook of local.received) await verifyStandardWebhook(endpoint.secret, webhook);
    // 1 minute, then 2 (each between half and all of it, by jitter).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(25);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(55);
    expect(waits[1]).toBeLessThanOrEqual(120);

    const page = (await admin.request(`/api/admin/webhooks/${endpoint.id}/deliveries`))
      .body as unknown as WebhookDeliveryPage;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      responseStatus: 204,
      lastError: null,
    });
    expect(page.data[0]!.responseMs).toBeGreaterThanOrEqual(0);
    const detail = (
      await admin.request(`/api/admin/webhooks/${endpoint.id}/deliveries/${page.data[0]!.id}`)
    ).body as unknown as { data: WebhookDeliveryDetail };
    expect(
      detail.data.attemptLog.map((a) => [a.attempt, a.responseStatus, a.succeeded, a.error]),
    ).toEqual([
      [1, 500, false, 'The receiver answered 500'],
      [2, 503, false, 'The receiver answered 503'],
      [3, 204, true, null],
    ]);
    expect(detail.data.attemptLog[0]!.responseBody).toBe('refused with 500');
    const [after] = await db.select().from(webhookEndpoints);
    expect(after).toMatchObject({ consecutiveFailures: 0, enabled: true });
  });

  it('replays a delivery: the same body and id again, as a new delivery with its own attempt', async ({
    app,
    db,
    admin,
  }) => {
    const local = await receiver();
    const endpoint = await addEndpoint({ admin }, local.url);
    await completedOrder(db);
    const worker = workerOf(app);
    await worker.drainOnce();
    const [first] = await db.select().from(webhookDeliveries);

    const replay = await admin.request(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${first!.id}/replay`,
      { method: 'POST' },
    );
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({
      data: { status: 'queued', replayOf: first!.id, attempts: 0 },
    });
    expect(await worker.drainOnce()).toBe(1);

    expect(local.received).toHaveLength(2);
    expect(local.received[1]!.body).toBe(local.received[0]!.body);
    expect(local.received[1]!.headers['webhook-id']).toBe(local.received[0]!.headers['webhook-id']);
    await verifyStandardWebhook(endpoint.secret, local.received[1]!);
    const page = (await admin.request(`/api/admin/webhooks/${endpoint.id}/deliveries`))
      .body as unknown as WebhookDeliveryPage;
    expect(page.data.map((d) => [d.status, d.attempts, d.replayOf])).toEqual([
      ['succeeded', 1, first!.id],
      ['succeeded', 1, null],
    ]);
    const audit = await db.select().from(adminAudit).where(eq(adminAudit.entityId, endpoint.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'replay']);
  });

  it('disables an endpoint whose delivery exhausts its retries, and mails the admins once', async ({
    app,
    db,
    admin,
  }) => {
    const local = await receiver([500]);
    const endpoint = await addEndpoint({ admin }, local.url);
    await completedOrder(db);
    await completedOrder(db);
    const worker = workerOf(app, 3);
    for (let round = 0; round < 3; round++) {
      await worker.drainOnce();
      await timePasses(db);
    }
    expect(local.received).toHaveLength(6);
    const one = (await admin.request(`/api/admin/webhooks/${endpoint.id}`)).body as {
      data: { enabled: boolean; disabledReason: string; consecutiveFailures: number };
    };
    expect(one.data).toMatchObject({
      enabled: false,
      consecutiveFailures: 6,
      disabledReason: webhookMessages.disabledNotice(5),
    });
    const notices = await db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like '%webhook endpoint was disabled%'`);
    expect(notices.map((mail) => mail.to)).toEqual([admin.user.email]);
    expect(notices[0]!.text).toContain(local.url);

    // Disabled: a new event is not queued for it, a test or replay is refused until enabled.
    await completedOrder(db);
    expect(await db.select().from(webhookDeliveries)).toHaveLength(2);
    const refused = await admin.request(`/api/admin/webhooks/${endpoint.id}/test`, {
      method: 'POST',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: webhookMessages.disabledEndpoint } });
    const enabled = await admin.request(`/api/admin/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      body: { enabled: true },
    });
    expect(enabled.body).toMatchObject({
      data: { enabled: true, disabledReason: null, consecutiveFailures: 0 },
    });
    expect(
      (await admin.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST' })).status,
    ).toBe(201);
  });

  it('sends each delivery once when two workers drain the queue at the same time', async ({
    app,
    db,
    admin,
  }) => {
    const local = await receiver();
    await addEndpoint({ admin }, local.url);
    for (let n = 0; n < 6; n++) await completedOrder(db);
    const [first, second] = [workerOf(app), workerOf(app)];
    const attempts = await Promise.all([first.drainOnce(), second.drainOnce()]);
    expect(attempts[0] + attempts[1]).toBe(6);
    expect(local.received).toHaveLength(6);
    expect(new Set(local.received.map((r) => r.headers['webhook-id'])).size).toBe(6);
    const rows = await db.select().from(webhookDeliveries);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(
      Array.from({ length: 6 }, () => ['succeeded', 1]),
    );
  });

  it('records nothing for a worker whose lease ran out and whose delivery was claimed again', async ({
    app,
    db,
    admin,
  }) => {
    const failing = await receiver([500]);
    await addEndpoint({ admin }, failing.url);
    await completedOrder(db);
    // A worker elsewhere claimed it and died: its lease ran out, and this worker claims it anew.
    await db
      .update(webhookDeliveries)
      .set({ attempts: 1, lockedUntil: sql`now() - interval '1 second'` });
    await workerOf(app).drainOnce();
    const [row] = await db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, responseStatus: 500 });
    // The first worker's late answer, recorded against attempt 1, changes nothing.
    const late = await recordAttempt(
      db,
      { ...(await claimedShape(db)), attempts: 1 },
      new Date(),
      { status: 200, ms: 5, body: 'ok', error: null, succeeded: true },
      null,
      { kind: 'succeeded' },
    );
    expect(late).toBeNull();
    expect((await db.select().from(webhookDeliveries))[0]).toMatchObject({
      status: 'queued',
      attempts: 2,
    });
  });

  it('queues order.completed in the transaction that completes the order: a rollback queues nothing', async ({
    db,
    admin,
  }) => {
    await addEndpoint({ admin }, 'http://127.0.0.1:9/hooks', ['order.completed', 'order.refunded']);
    await addEndpoint({ admin }, 'http://127.0.0.1:9/other', ['review.posted']);
    const product = await createProduct(db);
    const { order } = await createOrder(db, product);
    await expect(
      db.transaction(async (tx) => {
        expect((await applyPaymentEvent(tx, completed(order.id), logger)).changed).toBe(true);
        expect(await tx.select().from(webhookDeliveries)).toHaveLength(1);
        throw new Error('the cause fails after its fulfilment');
      }),
    ).rejects.toThrow('the cause fails');
    expect(await db.select().from(webhookDeliveries)).toHaveLength(0);
    expect(await db.select().from(webhookEvents)).toHaveLength(0);

    await applyPaymentEvent(db, completed(order.id), logger);
    // A replayed payment event completes nothing and announces nothing.
    await applyPaymentEvent(db, completed(order.id), logger);
    const events = await db.select().from(webhookEvents);
    expect(events.map((e) => e.type)).toEqual(['order.completed']);
    await applyPaymentEvent(db, { ...completed(order.id), outcome: 'refunded' }, logger);
    const types = (await db.select().from(webhookEvents)).map((e) => e.type).sort();
    expect(types).toEqual(['order.completed', 'order.refunded']);
    const refunded = (
      await db.select().from(webhookEvents).where(eq(webhookEvents.type, 'order.refunded'))
    )[0]!;
    expect(JSON.parse(refunded.body)).toMatchObject({
      type: 'order.refunded',
      data: {
        orderId: order.id,
        status: 'REFUNDED',
        refundedCents: product.priceCents,
        refund: { amountCents: product.priceCents },
      },
    });
  });
});
