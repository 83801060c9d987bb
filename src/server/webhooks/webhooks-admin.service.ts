import { createHash } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  webhookMessages,
  type CreateWebhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type UpdateWebhookInput,
} from '#shared/webhooks';
import type { Db } from '../db/client';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { changedFields, recordAudit } from '../admin/audit';
import { queueTestEvent } from './webhook-events';
import { newWebhookSecret } from './webhook-signature';
import { checkEndpointUrl, type EndpointPolicy } from './webhook-url';

/**
 * The owner's webhooks: one function per write, each in its own transaction with its audit
 * entry. The endpoint's secret is never in a list or an audit entry: it is answered on creation,
 * on rotation and when the owner asks for it.
 */

const ENTITY = 'webhook-endpoint';

export interface WebhookAdminDeps {
  db: Db;
  policy: EndpointPolicy;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    consecutiveFailures: row.consecutiveFailures,
    lastSuccessAt: iso(row.lastSuccessAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of an endpoint: everything but its secret. */
const audited = (row: WebhookEndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});

/** A secret named in the audit log without being written there. */
const fingerprint = (secret: string) =>
  `sha256:${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;

function allowedUrl(raw: string, policy: EndpointPolicy): string {
  const checked = checkEndpointUrl(raw, policy);
  if (checked.ok) return checked.url;
  const message = {
    invalid: webhookMessages.urlInvalid,
    'not-https': webhookMessages.urlNotHttps,
    private: webhookMessages.urlPrivate,
  }[checked.problem];
  throw new AppError('VALIDATION_FAILED', message, { url: [message] });
}

async function findEndpoint(db: Db, id: string, lock = false): Promise<WebhookEndpointRow> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(webhookMessages.notFound);
  return row;
}

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

export async function getWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpoint> {
  return toEndpoint(await findEndpoint(db, id));
}

export async function createWebhookEndpoint(
  { db, policy }: WebhookAdminDeps,
  actorId: string,
  input: CreateWebhook,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = allowedUrl(input.url, policy);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        description: input.description,
        events: input.events,
        secret: newWebhookSecret(),
      })
      .returning();
    if (!row) throw new Error('endpoint not created');
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      changes: changedFields(null, { ...audited(row), secret: fingerprint(row.secret) }),
    });
    return { endpoint: toEndpoint(row), secret: row.secret };
  });
}

/**
 * Changes the address, description, events, or switches the endpoint on or off. Enabling clears
 * the failure notice and its count; the deliveries it failed stay failed (the owner replays them).
 */
export async function updateWebhookEndpoint(
  { db, policy }: WebhookAdminDeps,
  actorId: string,
  id: string,
  input: UpdateWebhookInput & { events?: WebhookEndpoint['events'] },
): Promise<WebhookEndpoint> {
  const url = input.url === undefined ? undefined : allowedUrl(input.url, policy);
  return db.transaction(async (tx) => {
    const before = await findEndpoint(tx, id, true);
    const switched = input.enabled !== undefined && input.enabled !== before.enabled;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(switched && input.enabled
          ? { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 }
          : {}),
        ...(switched && !input.enabled
          ? { enabled: false, disabledAt: sql`now()`, disabledReason: null }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: switched ? (input.enabled ? 'enable' : 'disable') : 'update',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(audited(before), audited(after!)),
    });
    return toEndpoint(after!);
  });
}

export async function deleteWebhookEndpoint(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findEndpoint(tx, id, true);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entityType: ENTITY,
      entityId: id,
      changes: Object.fromEntries(
        Object.entries(audited(before)).map(([field, value]) => [field, [value, null]]),
      ),
    });
  });
}

export async function revealWebhookSecret(db: Db, id: string): Promise<string> {
  return (await findEndpoint(db, id)).secret;
}

/** A new secret, in use from the next attempt; the old one signs nothing more. */
export async function rotateWebhookSecret(db: Db, actorId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const before = await findEndpoint(tx, id, true);
    const secret = newWebhookSecret();
    await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'rotate-secret',
      entityType: ENTITY,
      entityId: id,
      changes: { secret: [fingerprint(before.secret), fingerprint(secret)] },
    });
    return secret;
  });
}

const deliveryColumns = {
  delivery: webhookDeliveries,
  type: webhookEvents.type,
};

function toDelivery({
  delivery,
  type,
}: {
  delivery: WebhookDeliveryRow;
  type: string;
}): WebhookDelivery {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type,
    status: delivery.status,
    attempts: delivery.attempts,
    responseStatus: delivery.responseStatus,
    responseMs: delivery.responseMs,
    lastError: delivery.lastError,
    replayOf: delivery.replayOf,
    createdAt: delivery.createdAt.toISOString(),
    nextAttemptAt: delivery.status === 'queued' ? delivery.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(delivery.deliveredAt),
  };
}

/** The endpoint's deliveries, newest first, with each one's last answer. */
export async function listWebhookDeliveries(
  db: Db,
  endpointId: string,
  page: number,
): Promise<WebhookDeliveryPage> {
  await findEndpoint(db, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERY_PAGE_SIZE)
      .offset((page - 1) * WEBHOOK_DELIVERY_PAGE_SIZE),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return {
    data: rows.map(toDelivery),
    total: counted?.total ?? 0,
    page,
    pageSize: WEBHOOK_DELIVERY_PAGE_SIZE,
  };
}

async function findDelivery(db: Db, endpointId: string, deliveryId: string) {
  const [row] = await db
    .select({ ...deliveryColumns, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) throw notFound(webhookMessages.deliveryNotFound);
  return row;
}

/** One delivery with the body it sends and every attempt's answer. */
export async function getWebhookDelivery(db: Db, endpointId: string, deliveryId: string) {
  const row = await findDelivery(db, endpointId, deliveryId);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(webhookAttempts.startedAt, webhookAttempts.attempt);
  return {
    ...toDelivery(row),
    body: row.body,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: a.startedAt.toISOString(),
      responseStatus: a.responseStatus,
      responseMs: a.responseMs,
      responseBody: a.responseBody,
      error: a.error,
      succeeded: a.succeeded,
    })),
  };
}

async function requireEnabled(tx: Db, endpointId: string) {
  const endpoint = await findEndpoint(tx, endpointId);
  if (!endpoint.enabled) throw new AppError('CONFLICT', webhookMessages.disabledEndpoint);
}

async function deliveryById(tx: Db, id: string): Promise<WebhookDelivery> {
  const [row] = await tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return toDelivery(row!);
}

/**
 * The same event sent again: a new delivery of the same body under the same `webhook-id` (so a
 * receiver that already handled it can tell), with attempts of its own.
 */
export async function replayWebhookDelivery(
  db: Db,
  actorId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    await requireEnabled(tx, endpointId);
    const original = await findDelivery(tx, endpointId, deliveryId);
    const [made] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId: original.delivery.eventId, replayOf: deliveryId })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, {
      actorId,
      action: 'replay',
      entityType: ENTITY,
      entityId: endpointId,
      changes: { delivery: [deliveryId, made!.id] },
    });
    return deliveryById(tx, made!.id);
  });
}

/** The owner's "Send a test event": a `webhook.test` delivery to this endpoint only. */
export async function sendWebhookTest(
  db: Db,
  actorId: string,
  endpointId: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    await requireEnabled(tx, endpointId);
    const id = await queueTestEvent(tx, endpointId);
    await recordAudit(tx, {
      actorId,
      action: 'send-test',
      entityType: ENTITY,
      entityId: endpointId,
      changes: { delivery: [null, id] },
    });
    return deliveryById(tx, id);
  });
}
