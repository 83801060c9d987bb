import { sql } from 'drizzle-orm';
import { ADVISORY_LOCK_CLASS as LOCK_CLASS } from '../db/advisory-locks';
import { queryRows, type Db } from '../db/client';

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` unless another process is running work of the same name, in which case it does
 * nothing. The lock is a transaction-level advisory lock around the work's own transaction:
 * PostgreSQL releases it at the end, or when a process that died loses its connection. The work
 * must use the handle it is given (on PGlite, the outer one waits for this transaction), and its
 * writes commit together; it needs no second connection, whatever the pool's size.
 */
export async function runExclusive<T>(
  db: Db,
  name: string,
  work: (tx: Db) => Promise<T>,
): Promise<Exclusive<T>> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext(${name})) as locked`,
    );
    if (!row?.locked) return { ran: false };
    return { ran: true, value: await work(tx) };
  });
}
