import { sql, type SQL } from 'drizzle-orm';
import type { AdminJob, JobQueueName, JobQueueSummary, JobState } from '#shared/admin-jobs';
import { queryRows, type Db } from '../db/client';

/**
 * One of the store's durable queues (an outbox table whose rows are jobs: queued in the same
 * transaction as their cause, claimed by a worker with a lease, retried with backoff), described
 * in SQL so that the admin's jobs page and the metrics read every queue the same way. The
 * conditions name the table as `j` and use only its own columns, so they hold in an update too.
 */
export interface JobQueue {
  name: JobQueueName;
  /** The table, aliased `j` (`outbox_emails j`). */
  table: SQL;
  /** What a job is in each state, as a condition on `j`. */
  states: Record<JobState, SQL>;
  /** The list's FROM: the table as `j` and what its title needs. */
  listFrom: SQL;
  /** The job's title as the owner knows it, from `listFrom`. */
  title: SQL;
  attempts: SQL;
  lastError: SQL;
  /** When the job was queued, a column of `j`. */
  createdAt: SQL;
  /**
   * When a job in each state is next tried: a waiting one's turn, a running one's lease end (a
   * worker that died lets it go then), a failed one's only in a queue that never gives up.
   */
  nextAttemptAt: Record<JobState, SQL>;
  /** What retrying a failed job sets: due now, its attempts counted afresh. */
  retry: SQL;
  /** What discarding a waiting or failed job sets; absent when a job must never be dropped. */
  discard?: SQL;
}

export type RetryOutcome = 'retried' | 'not-found' | 'not-failed';
export type DiscardOutcome = 'discarded' | 'not-found' | 'not-discardable';

/**
 * The counts of each state. One subquery each, so that each reads only its rows through the
 * queue's partial index (a mail outbox keeps every message it ever sent).
 */
export async function summarise(db: Db, queue: JobQueue): Promise<JobQueueSummary> {
  const count = (state: JobState) =>
    sql`(select count(*) from ${queue.table} where ${queue.states[state]})::int`;
  const [row] = await queryRows<Omit<JobQueueSummary, 'queue' | 'discardable'>>(
    db,
    sql`select ${count('queued')} as "queued", ${count('running')} as "running",
          ${count('failed')} as "failed",
          (select floor(extract(epoch from now() - min(${queue.createdAt})))
             from ${queue.table} where ${queue.states.queued})::int as "oldestQueuedSeconds"`,
  );
  return {
    queue: queue.name,
    queued: row?.queued ?? 0,
    running: row?.running ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedSeconds: row?.oldestQueuedSeconds ?? null,
    discardable: queue.discard !== undefined,
  };
}

/** A page of the queue's jobs in one state, oldest first (the next to run, or the first to fail). */
export async function listJobs(
  db: Db,
  queue: JobQueue,
  state: JobState,
  page: { limit: number; offset: number },
): Promise<{ data: AdminJob[]; total: number }> {
  const where = queue.states[state];
  const [rows, [counted]] = await Promise.all([
    queryRows<{
      id: string;
      title: string;
      attempts: number;
      last_error: string | null;
      created_at: Date | string;
      next_attempt_at: Date | string | null;
    }>(
      db,
      sql`select j.id, ${queue.title} as title, ${queue.attempts} as attempts,
            ${queue.lastError} as last_error, ${queue.createdAt} as created_at,
            ${queue.nextAttemptAt[state]} as next_attempt_at
          from ${queue.listFrom} where ${where}
          order by ${queue.createdAt}, j.id limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${queue.table} where ${where}`,
    ),
  ]);
  return {
    total: counted?.total ?? 0,
    data: rows.map((row) => ({
      id: row.id,
      queue: queue.name,
      title: row.title,
      state,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at).toISOString(),
      nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
    })),
  };
}

/** Whether the job exists at all: tells "no such job" from "not in a state for this". */
async function exists(db: Db, queue: JobQueue, id: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from ${queue.table} where j.id = ${id}`);
  return rows.length > 0;
}

/**
 * A failed job due again now. One statement: a worker that claims the job meanwhile, or a
 * second retry, meets the row as the first left it, and the condition is checked again.
 */
export async function retryJob(db: Db, queue: JobQueue, id: string): Promise<RetryOutcome> {
  const retried = await queryRows(
    db,
    sql`update ${queue.table} set ${queue.retry}
        where j.id = ${id} and ${queue.states.failed} returning j.id`,
  );
  if (retried.length > 0) return 'retried';
  return (await exists(db, queue, id)) ? 'not-failed' : 'not-found';
}

/**
 * A waiting or failed job that will never run. A job a worker holds right now is not
 * discarded: its attempt is under way (wait for it to end).
 */
export async function discardJob(db: Db, queue: JobQueue, id: string): Promise<DiscardOutcome> {
  if (!queue.discard) {
    return (await exists(db, queue, id)) ? 'not-discardable' : 'not-found';
  }
  const discarded = await queryRows(
    db,
    sql`update ${queue.table} set ${queue.discard}
        where j.id = ${id} and (${queue.states.queued} or ${queue.states.failed}) returning j.id`,
  );
  if (discarded.length > 0) return 'discarded';
  return (await exists(db, queue, id)) ? 'not-discardable' : 'not-found';
}
