import { and, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '#shared/checkout';
import type { Db } from '../db/client';
import { cartItems, orderItems, orders, paymentEvents, type OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import { releasePromo } from '../checkout/order-pricing';
import type { PaymentEvent, PaymentOutcome } from './payment-provider';

/** Which status each outcome moves an order to, and from which statuses. */
const transitions: Record<PaymentOutcome, { to: OrderStatus; from: OrderStatus[] }> = {
  completed: { to: 'COMPLETED', from: ['PENDING'] },
  failed: { to: 'FAILED', from: ['PENDING'] },
  expired: { to: 'CANCELLED', from: ['PENDING', 'FAILED'] },
  refunded: { to: 'REFUNDED', from: ['COMPLETED'] },
};

export interface FulfilmentResult {
  /** false for a replayed event or one that moves nothing. */
  changed: boolean;
  order: OrderRow | null;
}

export interface FulfilmentHooks {
  /** Runs once, after the order became COMPLETED (the receipt). */
  onCompleted?: (order: OrderRow) => Promise<void>;
}

/**
 * The one fulfilment path for every provider, the webhook and the success page alike. The event
 * id is recorded first (a replay stops there), then the status moves by a conditional update,
 * so an order becomes COMPLETED exactly once however many events and visits race.
 */
export async function applyPaymentEvent(
  db: Db,
  event: PaymentEvent,
  logger: Logger,
  hooks: FulfilmentHooks = {},
): Promise<FulfilmentResult> {
  const rule = transitions[event.outcome];
  const result = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        provider: event.provider,
        type: event.outcome,
        orderId: event.orderId,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { changed: false, order: null };

    const [order] = await tx
      .update(orders)
      .set({
        status: rule.to,
        updatedAt: new Date(),
        ...(rule.to === 'COMPLETED'
          ? { completedAt: new Date(), providerPaymentId: event.paymentId ?? null }
          : {}),
      })
      .where(and(eq(orders.id, event.orderId), inArray(orders.status, rule.from)))
      .returning();
    if (!order) return { changed: false, order: null };

    if (rule.to === 'REFUNDED') {
      // A refund ends download access.
      await tx
        .update(orderItems)
        .set({ downloadsRemaining: 0 })
        .where(eq(orderItems.orderId, order.id));
    }
    if (rule.to === 'FAILED' || rule.to === 'CANCELLED') await releasePromo(tx, order.promoCode);
    if (rule.to === 'COMPLETED' && order.userId && order.checkoutType === 'cart') {
      // Paid for: the buyer's stored cart is done with.
      await tx.delete(cartItems).where(eq(cartItems.userId, order.userId));
    }
    return { changed: true, order };
  });

  if (result.changed && result.order) {
    logger.info(
      { orderId: result.order.id, status: result.order.status, event: event.id },
      'order status changed',
    );
    if (result.order.status === 'COMPLETED' && hooks.onCompleted) {
      await hooks
        .onCompleted(result.order)
        .catch((err: unknown) =>
          logger.error({ err, orderId: result.order?.id }, 'after-payment step failed'),
        );
    }
  }
  return result;
}
