import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { HealthReport } from '#shared/health';
import { failureCode, withTimeout } from './timeout';

/** Past this the database counts as down: a readiness probe must not hang on it. */
export const DATABASE_TIMEOUT_MS = 3000;

const driverNames = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' } as const;

/** A `select 1` round trip, timed. */
export async function checkDatabase(database: Database): Promise<HealthReport['database']> {
  const started = performance.now();
  try {
    await withTimeout(database.db.execute(sql`select 1`), DATABASE_TIMEOUT_MS);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return {
      status: 'ok',
      driver: database.driver,
      latencyMs,
      detail: `${driverNames[database.driver]} answered in ${latencyMs} ms`,
    };
  } catch (error) {
    return {
      status: 'failed',
      driver: database.driver,
      latencyMs: null,
      detail: `${driverNames[database.driver]} did not answer (${failureCode(error)})`,
    };
  }
}
