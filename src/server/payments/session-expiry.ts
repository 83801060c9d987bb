import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import { applyPaymentEvent } from './fulfilment';
import type { PaymentEvent } from './payment-provider';

/**
 * How long a session of the offline test processor can be paid: 24 hours, as Stripe's Checkout
 * sessions (which Stripe expires itself, telling us by webhook).
 */
export const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Sessions expired per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

export const isLocalSessionExpired = (order: Pick<OrderRow, 'createdAt'>, now = new Date()) =>
  now.getTime() - order.createdAt.getTime() > LOCAL_SESSION_TTL_MS;

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

/**
 * Expires the local sessions nobody paid within LOCAL_SESSION_TTL_MS. Without it an abandoned
 * checkout would stay PENDING in order history and keep a capped promo code's use forever.
 * Returns how many it expired.
 */
export async function expireStaleLocalSessions(db: Db, logger: Logger, now = new Date()) {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'PENDING'),
        eq(orders.provider, 'local'),
        lt(orders.createdAt, new Date(now.getTime() - LOCAL_SESSION_TTL_MS)),
      ),
    )
    .limit(SWEEP_BATCH);
  let expired = 0;
  for (const { id } of stale) {
    if ((await applyPaymentEvent(db, localSessionExpired(id), logger)).changed) expired++;
  }
  return expired;
}
