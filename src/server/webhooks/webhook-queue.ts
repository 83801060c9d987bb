import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../db/schema';
import type { SendResult } from './webhook-sender';

/** The webhook queue's claims and records, in SQL; the worker's rules are in webhook-worker.ts. */

const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  createdAt: Date;
  eventId: string;
  body: string;
  endpoint: { id: string; url: string; secret: string; enabled: boolean };
}

/**
 * Takes up to `limit` due deliveries for `leaseMs`, counting an attempt on each (SKIP LOCKED:
 * workers on several processes never share one), with what sending needs.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'queued'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: fromNow(leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, due))
    .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      createdAt: webhookDeliveries.createdAt,
      eventId: webhookEvents.id,
      body: webhookEvents.body,
      endpoint: {
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        enabled: webhookEndpoints.enabled,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      inArray(
        webhookDeliveries.id,
        claimed.map((row) => row.id),
      ),
    );
  const attempts = new Map(claimed.map((row) => [row.id, row.attempts]));
  return rows.map((row) => ({ ...row, attempts: attempts.get(row.id)! }));
}

/**
 * The delivery's row as this worker claimed it: still queued, at the attempt it counted. A worker
 * whose lease ran out and was claimed again records nothing, so a delivery completes once.
 */
const stillMine = (delivery: ClaimedDelivery) =>
  and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, 'queued'),
    eq(webhookDeliveries.attempts, delivery.attempts),
  );

/** Not sent: its endpoint was switched off while it waited. */
export async function failForDisabledEndpoint(db: Db, delivery: ClaimedDelivery, reason: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lockedUntil: null, lastError: reason })
    .where(stillMine(delivery));
}

export type AttemptOutcome =
  { kind: 'succeeded' } | { kind: 'retry'; inMs: number } | { kind: 'gave-up' };

/**
 * One attempt's log row, the delivery's new state and the endpoint's failure count, in one
 * transaction; resolves to the endpoint's failed attempts in a row since, or null when the
 * delivery was no longer this worker's to record.
 */
export async function recordAttempt(
  tx: Db,
  delivery: ClaimedDelivery,
  startedAt: Date,
  result: SendResult,
  error: string | null,
  outcome: AttemptOutcome,
): Promise<number | null> {
  const [moved] = await tx
    .update(webhookDeliveries)
    .set({
      lockedUntil: null,
      lastError: error,
      responseStatus: result.status,
      responseMs: result.ms,
      ...(outcome.kind === 'succeeded'
        ? { status: 'succeeded' as const, deliveredAt: sql`now()` }
        : outcome.kind === 'gave-up'
          ? { status: 'failed' as const }
          : { nextAttemptAt: fromNow(outcome.inMs) }),
    })
    .where(stillMine(delivery))
    .returning({ id: webhookDeliveries.id });
  if (!moved) return null;
  await tx.insert(webhookAttempts).values({
    deliveryId: delivery.id,
    attempt: delivery.attempts,
    startedAt,
    responseStatus: result.status,
    responseMs: result.ms,
    responseBody: result.body,
    error,
    succeeded: result.succeeded,
  });
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set(
      result.succeeded
        ? { consecutiveFailures: 0, lastSuccessAt: sql`now()` }
        : { consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` },
    )
    .where(eq(webhookEndpoints.id, delivery.endpoint.id))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  return endpoint?.failures ?? 0;
}

/**
 * Switches the endpoint off after a delivery gave up, unless another delivery got through since
 * this one was queued (the receiver works; this event is what it refuses). One conditional
 * statement: two deliveries giving up at once disable it, and notify, once.
 */
export async function disableFailingEndpoint(
  tx: Db,
  delivery: ClaimedDelivery,
  reason: string,
): Promise<{ url: string } | null> {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: sql`now()`, disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, delivery.endpoint.id),
        eq(webhookEndpoints.enabled, true),
        or(
          isNull(webhookEndpoints.lastSuccessAt),
          lt(webhookEndpoints.lastSuccessAt, delivery.createdAt),
        ),
      ),
    )
    .returning({ url: webhookEndpoints.url });
  return disabled ?? null;
}

/** The store's admins, who hear of a disabled endpoint. */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return rows.map((row) => row.email);
}
