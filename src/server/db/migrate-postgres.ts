import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { ADVISORY_LOCK_CLASS } from './advisory-locks';
import { migrationsFolder } from './migrations-folder';

/**
 * Applies the migrations not yet applied, one process at a time. Servers and a worker started
 * together on a fresh or older database each migrate at start, and drizzle's migrator alone is
 * not safe side by side: two runs both create its schema (one fails on the duplicate) or both
 * read the same last migration and apply the next ones twice. Each run waits here for a
 * session-level advisory lock on one connection and migrates on that connection; whoever comes
 * second finds every migration applied and does nothing. A process that dies holding the lock
 * loses it with its connection.
 */
export async function migrateOneAtATime(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1, hashtext($2))', [
      ADVISORY_LOCK_CLASS,
      'migrations',
    ]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client
        .query('select pg_advisory_unlock($1, hashtext($2))', [ADVISORY_LOCK_CLASS, 'migrations'])
        .catch((error: Error) => {
          // Not unlocked: the connection must not go back to the pool still holding the lock.
          broken = error;
        });
    }
  } finally {
    client.release(broken);
  }
}
