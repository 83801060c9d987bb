import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { outboxEmails, type OutboxEmailRow } from '../db/schema';

/** The queue's questions and changes, in SQL; the worker's rules are in mail-worker.ts. */

export interface QueuedMail {
  from: string;
  to: string;
  replyTo?: string;
  inReplyTo?: string;
  references?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. a campaign's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** `ms` from the database's clock: every process measures time the same way. */
const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Queues one message; resolves to its outbox row's id. */
export async function insertMail(db: Db, mail: QueuedMail): Promise<string> {
  const [row] = await db.insert(outboxEmails).values(mail).returning({ id: outboxEmails.id });
  if (!row) throw new Error('mail not queued');
  return row.id;
}

/**
 * Takes up to `limit` due messages for `leaseMs`, counting an attempt on each. SKIP LOCKED lets
 * any number of workers claim at once without waiting for or sharing a message; the lease is the
 * claim, so a message whose worker died is due again once the lease runs out.
 */
export function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<OutboxEmailRow[]> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.status, 'queued'),
        lte(outboxEmails.nextAttemptAt, sql`now()`),
        or(isNull(outboxEmails.lockedUntil), lt(outboxEmails.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(outboxEmails.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({ lockedUntil: fromNow(leaseMs), attempts: sql`${outboxEmails.attempts} + 1` })
    .where(inArray(outboxEmails.id, due))
    .returning();
}

/** Keeps the claim on messages still being sent, so a slow mail server never loses it. */
export async function extendLease(db: Db, ids: string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxEmails)
    .set({ lockedUntil: fromNow(leaseMs) })
    .where(and(inArray(outboxEmails.id, ids), eq(outboxEmails.status, 'queued')));
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(outboxEmails.id, id));
}

/** A failed attempt: due again after `retryInMs`, or given up on when that is null. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(outboxEmails)
    .set({
      lockedUntil: null,
      lastError: error,
      ...(retryInMs === null ? { status: 'failed' } : { nextAttemptAt: fromNow(retryInMs) }),
    })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'queued')));
}

/** The newest messages, whatever their state, for /dev/mail. */
export function listOutbox(db: Db, limit = 50): Promise<OutboxEmailRow[]> {
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
}

export interface MailQueueState {
  queued: number;
  failed: number;
  /** How long the oldest queued message has waited; null when none waits. */
  oldestQueuedSeconds: number | null;
}

export async function readMailQueueState(db: Db): Promise<MailQueueState> {
  const [row] = await queryRows<{ queued: number; failed: number; oldest: number | null }>(
    db,
    sql`select
          (select count(*) from outbox_emails where status = 'queued')::int as queued,
          (select count(*) from outbox_emails
             where status = 'failed' and discarded_at is null)::int as failed,
          (select floor(extract(epoch from now() - min(created_at)))
             from outbox_emails where status = 'queued')::int as oldest`,
  );
  return {
    queued: row?.queued ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedSeconds: row?.oldest ?? null,
  };
}
