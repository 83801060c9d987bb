import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Counters are kept this long after their window started. The longest window of our own limits
 * is an hour (auth/auth.routes.ts, newsletter, support) and better-auth's is a minute: a day
 * leaves room for longer ones. A counter whose window ended counts nothing any more; the next
 * request starts a new one.
 */
export const COUNTER_RETENTION_HOURS = 24;

/**
 * A webhook event, with its deliveries and their attempts, is kept this long for the admin's log
 * and for replay; one with a delivery still queued is kept until that delivery ends.
 */
export const WEBHOOK_RETENTION_DAYS = 30;

export interface Purged {
  requestCounters: number;
  verifications: number;
  rateLimits: number;
  webhookEvents: number;
}

/**
 * Deletes rows that no longer mean anything: request counters of windows long over, and
 * confirmation, reset and sign-in verifications past their expiry (better-auth refuses them,
 * and deletes one only when it is used), and webhook events past their retention (their
 * deliveries and attempts go with them).
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
  const webhookEvents = await db.execute(
    sql`delete from webhook_events e
        where e.created_at < now() - make_interval(days => ${WEBHOOK_RETENTION_DAYS})
          and not exists (
            select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'queued'
          )`,
  );
  return {
    requestCounters: affected(requestCounters),
    verifications: affected(verifications),
    rateLimits: affected(rateLimits),
    webhookEvents: affected(webhookEvents),
  };
}

/** Rows a statement changed; both drivers report it, under different names. */
function affected(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
