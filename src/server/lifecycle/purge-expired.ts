import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Counters are kept this long after their window started. The longest window of our own limits
 * is an hour (auth/auth.routes.ts, newsletter, support) and better-auth's is a minute: a day
 * leaves room for longer ones. A counter whose window ended counts nothing any more; the next
 * request starts a new one.
 */
export const COUNTER_RETENTION_HOURS = 24;

export interface Purged {
  requestCounters: number;
  verifications: number;
  rateLimits: number;
}

/**
 * Deletes rows that no longer mean anything: request counters of windows long over, and
 * confirmation, reset and sign-in verifications past their expiry (better-auth refuses them,
 * and deletes one only when it is used).
 */
export async function purgeExpiredRows(db: Db): Promise<Purged> {
  const retention = sql`make_interval(hours => ${COUNTER_RETENTION_HOURS})`;
  const requestCounters = await db.execute(
    sql`delete from request_counters where window_start < now() - ${retention}`,
  );
  const verifications = await db.execute(sql`delete from verifications where expires_at < now()`);
  // better-auth writes its last request as milliseconds since the epoch.
  const rateLimits = await db.execute(
    sql`delete from rate_limits
        where last_request < extract(epoch from now() - ${retention}) * 1000`,
  );
  return {
    requestCounters: affected(requestCounters),
    verifications: affected(verifications),
    rateLimits: affected(rateLimits),
  };
}

/** Rows a statement changed; both drivers report it, under different names. */
function affected(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
