import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType } from '#shared/webhooks';

/**
 * The owner's webhook endpoints (webhooks/): where the store posts its events, signed with the
 * endpoint's own secret (Standard Webhooks, `whsec_…`). An endpoint the store gave up on after
 * repeated failures is `enabled = false` with its reason; the owner enables it again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** Set when the store switched it off (repeated failures); null when off by the owner's hand. */
    disabledReason: text('disabled_reason'),
    /** Failed attempts since the last success; shown to the owner. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_endpoints_url', sql`${t.url} ~ '^https?://'`),
    check('webhook_endpoints_secret', sql`${t.secret} like 'whsec\\_%'`),
  ],
);

/**
 * One event the store announced, with the exact body every endpoint is sent (and signed): a
 * replay sends these bytes again under the same id (the `webhook-id` header).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event to one endpoint: a job of the `webhooks` queue (jobs/job-queues.ts), queued in the
 * transaction of the event's cause and sent by the webhook worker, which holds it by
 * `locked_until` while it sends and retries it with backoff until `succeeded` or `failed`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('queued'),
    /** Attempts started, counted when a worker claims the delivery. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    /**
     * The delivery the owner replayed to make this one. Not a foreign key: a table that
     * references itself cannot be ordered by `npm run export` (transfer/table-catalogue.ts), and
     * both rows go together when their endpoint is deleted.
     */
    replayOf: uuid('replay_of'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** Set when the owner discarded it from the admin's jobs page (then 'failed'). */
    discardedAt: timestamp('discarded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('webhook_deliveries_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} in ('queued', 'succeeded', 'failed')`),
  ],
);

/** Every attempt to send a delivery: its answer's status, time and start of body, or its error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms').notNull(),
    /** The answer's first bytes (webhooks/webhook-sender.ts truncates it). */
    responseBody: text('response_body'),
    error: text('error'),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.startedAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
