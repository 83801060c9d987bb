import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, promoCodes, type OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import { applyPaymentEvent } from './fulfilment';
import type { PaymentEvent } from './payment-provider';

/**
 * How long an unpaid payment session lasts, for every order: 30 minutes, Stripe's shortest
 * Checkout Session. An abandoned checkout leaves the buyer's order history and gives back the
 * promo use it held (a capped code's too) within half an hour, not a day.
 */
export const SESSION_TTL_MS = 30 * 60 * 1000;

/** Sessions expired per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** When a session created now ends. */
export const sessionExpiresAt = (now = new Date()) => new Date(now.getTime() + SESSION_TTL_MS);

export const isSessionExpired = (order: Pick<OrderRow, 'expiresAt'>, now = new Date()) =>
  order.expiresAt <= now;

/**
 * The event that ends an unpaid local session through the one fulfilment path: the order is
 * CANCELLED and any promo use it held is given back. Its id is the order's, so processes
 * expiring the same session at once change it once.
 */
export const localSessionExpired = (orderId: string): PaymentEvent => ({
  id: `evt_local_expired_${orderId}`,
  provider: 'local',
  outcome: 'expired',
  orderId,
});

/** Ends the unpaid local sessions past their time that `which` selects; returns how many. */
async function expireLocalSessions(db: Db, logger: Logger, now: Date, which?: SQL) {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(promoCodes, eq(promoCodes.code, orders.promoCode))
    .where(
      and(
        eq(orders.status, 'PENDING'),
        // A guest's $0 order whose mailed link was never followed lapses the same way.
        inArray(orders.provider, ['local', 'free']),
        lt(orders.expiresAt, now),
        which,
      ),
    )
    .limit(SWEEP_BATCH);
  let expired = 0;
  for (const { id } of stale) {
    if ((await applyPaymentEvent(db, localSessionExpired(id), logger)).changed) expired++;
  }
  return expired;
}

/**
 * Expires the local sessions nobody paid in time (Stripe expires its own, telling us by
 * webhook). Without it an abandoned checkout would stay PENDING in order history and keep a
 * promo code's use forever. Returns how many it expired.
 */
export const expireStaleLocalSessions = (db: Db, logger: Logger, now = new Date()) =>
  expireLocalSessions(db, logger, now);

/**
 * Before a used-up capped code is refused, the local sessions holding it past their time give
 * their uses back, so a buyer does not wait for the next sweep to get a use that is free.
 */
export const expireLapsedPromoHolds = (db: Db, logger: Logger, code: string, now = new Date()) =>
  expireLocalSessions(
    db,
    logger,
    now,
    and(
      eq(orders.promoCode, code),
      eq(orders.promoHeld, true),
      sql`${promoCodes.redemptions} >= ${promoCodes.maxRedemptions}`,
    ),
  );
