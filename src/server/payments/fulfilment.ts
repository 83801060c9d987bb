import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '#shared/checkout';
import type { Db, Tx } from '../db/client';
import { cartItems, orderItems, orders, paymentEvents, refunds, type OrderRow } from '../db/schema';
import { issueCreditNote, issueInvoice } from '../invoices/issue-documents';
import { issueLicenses, revokeLicenses } from '../licenses/issue-licenses';
import { rememberBilling } from '../auth/saved-billing';
import type { Logger } from '../logger';
import { countPaidPromoUse, releasePromoHold } from '../promo/promo-holds';
import type { RefundNotice } from '../orders/refund-email';
import { paymentEventSchema, type PaymentEvent, type PaymentOutcome } from './payment-provider';
import { hideReviewsOfRefundedLines } from '../reviews/review-refunds';
import { orderEventData, queueWebhookEvent } from '../webhooks/webhook-events';
import { earnCommissions, reverseCommissions } from '../affiliates/affiliate-commissions';

/** Which status each outcome moves an order to, and from which statuses (refunds: applyRefund). */
const transitions: Record<
  Exclude<PaymentOutcome, 'refunded'>,
  { to: OrderStatus; from: OrderStatus[] }
> = {
  completed: { to: 'COMPLETED', from: ['PENDING'] },
  failed: { to: 'FAILED', from: ['PENDING'] },
  expired: { to: 'CANCELLED', from: ['PENDING', 'FAILED'] },
};

export interface FulfilmentResult {
  /** false for an event that names no order of ours: acknowledged, logged and ignored. */
  handled: boolean;
  /** false for a replayed event or one that moves nothing. */
  changed: boolean;
  order: OrderRow | null;
}

export interface FulfilmentHooks {
  /**
   * Runs once, inside the transaction that makes the order COMPLETED: what it writes (the
   * receipt) commits with the order, or neither does.
   */
  onCompleted?: (tx: Db, order: OrderRow) => Promise<void>;
  /**
   * Runs once per refund that gives the buyer money back, inside its transaction (the buyer's
   * notice commits with it): a refund the provider names, or a larger running total from Stripe.
   */
  onRefunded?: (tx: Db, order: OrderRow, refund: RefundNotice) => Promise<void>;
}

const unhandled: FulfilmentResult = { handled: false, changed: false, order: null };

/**
 * The one fulfilment path for every provider, the webhook and the success page alike. The event
 * is checked first (one naming no order of ours is ignored: a provider would retry a failure for
 * days), its id recorded (a replay stops there), then the order moves by a conditional update,
 * so it becomes COMPLETED exactly once however many events and visits race.
 */
export async function applyPaymentEvent(
  db: Db,
  input: PaymentEvent,
  logger: Logger,
  hooks: FulfilmentHooks = {},
): Promise<FulfilmentResult> {
  const parsed = paymentEventSchema.safeParse(input);
  if (!parsed.success) {
    logger.warn({ event: input.id, provider: input.provider }, 'unusable payment event ignored');
    return unhandled;
  }
  const event = parsed.data;
  const result = await db.transaction(async (tx): Promise<FulfilmentResult> => {
    // The order's row is locked first: events for one order then take their turns. Without it,
    // two completions racing on PostgreSQL deadlocked (each recording its event, a key share on
    // the order, before waiting on the other's update of it).
    const [known] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, event.orderId))
      .for('update');
    if (!known) return unhandled;
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
    if (recorded.length === 0) return { handled: true, changed: false, order: null };
    const order =
      event.outcome === 'refunded'
        ? await applyRefund(tx, event, hooks)
        : await moveStatus(tx, event, transitions[event.outcome]);
    if (order?.status === 'COMPLETED' && event.outcome === 'completed') {
      await hooks.onCompleted?.(tx, order);
    }
    return { handled: true, changed: order !== null, order };
  });

  if (!result.handled) {
    logger.warn(
      { event: event.id, provider: event.provider, orderId: event.orderId },
      'payment event for an unknown order ignored',
    );
  }
  if (result.changed && result.order) {
    const { id: orderId, status, refundedCents } = result.order;
    logger.info({ orderId, status, refundedCents, event: event.id }, 'order changed by payment');
  }
  return result;
}

async function moveStatus(
  tx: Tx,
  event: PaymentEvent,
  rule: { to: OrderStatus; from: OrderStatus[] },
) {
  const [order] = await tx
    .update(orders)
    .set({
      status: rule.to,
      updatedAt: new Date(),
      ...(rule.to === 'COMPLETED'
        ? {
            completedAt: new Date(),
            providerPaymentId: event.paymentId ?? null,
            cardBrand: event.card?.brand ?? null,
            cardLast4: event.card?.last4 ?? null,
            cardCountry: event.card?.country ?? null,
            ...(event.decidedAmounts ? { ...event.decidedAmounts, taxBasis: 'stripe' } : {}),
          }
        : {}),
    })
    .where(
      and(
        eq(orders.id, event.orderId),
        inArray(orders.status, rule.from),
        // A session the order moved away from (to the hosted page) ends without ending the order.
        rule.to !== 'COMPLETED' && event.sessionId
          ? eq(orders.providerSessionId, event.sessionId)
          : undefined,
      ),
    )
    .returning();
  if (!order) return null;

  if (rule.to === 'FAILED' || rule.to === 'CANCELLED') await releasePromoHold(tx, order.id);
  if (rule.to === 'COMPLETED') {
    await countPaidPromoUse(tx, order.id);
    // Paid for: the buyer's stored cart is done with.
    if (order.userId && order.checkoutType === 'cart')
      await tx.delete(cartItems).where(eq(cartItems.userId, order.userId));
    // What paid is what the buyer's next checkout starts from.
    await rememberBilling(tx, order);
    // Numbered and keyed here, once: a replayed event never reaches this (its id is recorded
    // above), and the keys' (line, ordinal) is unique besides.
    await issueLicenses(tx, order);
    // A referred order's lines earn its affiliate their commission, once (affiliates/).
    await earnCommissions(tx, order);
    const issued = await issueInvoice(tx, order);
    // Announced with the order's completion: the deliveries commit with it, and are sent later.
    await queueWebhookEvent(tx, 'order.completed', () => orderEventData(tx, issued));
    return issued;
  }
  return order;
}

/**
 * A refund. One the provider names (`event.refund`: the admin's, or Stripe's refund.* events) is
 * recorded once by its id, and ends the access of the lines it names; Stripe's charge.refunded
 * brings its running total. The order's refunded amount becomes the larger of that total and the
 * sum of its recorded refunds, never above its total, so refund events arriving in any order or
 * twice count each refund once. Only a whole refund makes the order REFUNDED and ends every
 * line's access (downloads and licence keys); a partial one keeps the other lines'.
 */
async function applyRefund(tx: Tx, event: PaymentEvent, hooks: FulfilmentHooks) {
  const { refund } = event;
  // A running total (no refund named) says what it gave back only against the total before it.
  const [before] = refund
    ? []
    : await tx
        .select({ refundedCents: orders.refundedCents })
        .from(orders)
        .where(eq(orders.id, event.orderId));
  if (refund) {
    const recorded = await tx
      .insert(refunds)
      .values({
        id: refund.id,
        orderId: event.orderId,
        provider: event.provider,
        amountCents: refund.amountCents,
        orderItemIds: refund.orderItemIds,
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (recorded.length === 0) return null;
    await issueCreditNote(tx, { ...refund, orderId: event.orderId });
  }
  const reported = refund
    ? sql`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id})`
    : event.refundedCents === undefined
      ? sql`${orders.totalCents}`
      : sql`${event.refundedCents}`;
  const refunded = sql`least(greatest(${orders.refundedCents}, ${reported}), ${orders.totalCents})`;
  const [moved] = await tx
    .update(orders)
    .set({
      refundedCents: refunded,
      status: sql`case when ${refunded} >= ${orders.totalCents} then 'REFUNDED' else ${orders.status} end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orders.id, event.orderId),
        eq(orders.status, 'COMPLETED'),
        sql`${orders.refundedCents} < ${refunded}`,
      ),
    )
    .returning();
  const ended = await endAccess(
    tx,
    event.orderId,
    moved?.status === 'REFUNDED' ? 'all' : (refund?.orderItemIds ?? []),
  );
  // The buyer hears of money given back: each recorded refund once, or a running total's rise.
  const givenBack = refund
    ? refund.amountCents
    : (moved?.refundedCents ?? 0) - (before?.refundedCents ?? 0);
  if ((moved || refund) && givenBack > 0) {
    const [order] = moved
      ? [moved]
      : await tx.select().from(orders).where(eq(orders.id, event.orderId));
    if (order) {
      const notice = { amountCents: givenBack, orderItemIds: refund?.orderItemIds ?? [] };
      await hooks.onRefunded?.(tx, order, notice);
      await queueWebhookEvent(tx, 'order.refunded', async () => ({
        ...(await orderEventData(tx, order)),
        refund: { id: refund?.id ?? null, ...notice },
      }));
    }
  }
  if (moved) return moved;
  if (!ended) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, event.orderId));
  return order ?? null;
}

/**
 * Ends the downloads of an order's refunded lines, revokes their licence keys and hides the
 * reviews written on them; whether any line was still paid for.
 */
async function endAccess(tx: Tx, orderId: string, lines: 'all' | string[]) {
  if (lines !== 'all' && lines.length === 0) return false;
  await revokeLicenses(tx, orderId, lines, 'refunded');
  const ended = await tx
    .update(orderItems)
    .set({ downloadsRemaining: 0, refundedAt: new Date() })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        isNull(orderItems.refundedAt),
        lines === 'all' ? undefined : inArray(orderItems.id, lines),
      ),
    )
    .returning({ id: orderItems.id });
  await hideReviewsOfRefundedLines(
    tx,
    ended.map((line) => line.id),
  );
  // The refunded lines' affiliate commissions are reversed with them (affiliates/).
  await reverseCommissions(
    tx,
    ended.map((line) => line.id),
  );
  return ended.length > 0;
}
