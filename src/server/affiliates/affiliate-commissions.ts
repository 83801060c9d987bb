import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { commissionCents, lineBaseCents } from '#shared/affiliates';
import type { Db } from '../db/client';
import {
  affiliateCommissions,
  affiliateOrders,
  affiliates,
  orderItems,
  users,
  type OrderRow,
} from '../db/schema';

/**
 * The money side of affiliates, called inside other features' transactions: the checkout
 * records who referred an order, fulfilment records each line's commission, a refund reverses
 * the commissions of the lines it ends. Each locks the affiliate's row before it changes their
 * commissions, as a payout does (affiliates.service.ts), so a refund and a payout take turns and
 * never both count one commission.
 */

/**
 * Records the affiliate whose code the buyer's browser carried (the referral cookie) as the
 * order's referrer, when that affiliate is active and is not the buyer: an affiliate never earns
 * on their own purchase (the same account, or their own address at a guest checkout).
 */
export async function recordReferral(
  tx: Db,
  order: { id: string; userId: string | null; email: string },
  code: string | null,
): Promise<boolean> {
  if (!code) return false;
  const [affiliate] = await tx
    .select({ id: affiliates.id, userId: affiliates.userId, email: users.email })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(and(eq(affiliates.code, code), eq(affiliates.status, 'active')));
  if (!affiliate) return false;
  const own =
    affiliate.userId === order.userId ||
    affiliate.email.toLowerCase() === order.email.trim().toLowerCase();
  if (own) return false;
  await tx
    .insert(affiliateOrders)
    .values({ orderId: order.id, affiliateId: affiliate.id })
    .onConflictDoNothing();
  return true;
}

/**
 * At fulfilment (payments/fulfilment.ts, in the transaction that makes the order COMPLETED): one
 * commission per line of a referred order, the affiliate's percent of what the line paid before
 * tax. The line's unique index holds one per line however often this runs. An affiliate made
 * inactive since the checkout earns nothing.
 */
export async function earnCommissions(tx: Db, order: OrderRow): Promise<number> {
  const [referrer] = await tx
    .select({ id: affiliates.id, percent: affiliates.percentBasisPoints })
    .from(affiliateOrders)
    .innerJoin(affiliates, eq(affiliates.id, affiliateOrders.affiliateId))
    .where(and(eq(affiliateOrders.orderId, order.id), eq(affiliates.status, 'active')))
    .for('update', { of: affiliates });
  if (!referrer) return 0;
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNull(orderItems.refundedAt)));
  const rows = lines.map((line) => {
    const baseCents = lineBaseCents({ ...line, pricesIncludeTax: order.pricesIncludeTax });
    return {
      affiliateId: referrer.id,
      orderId: order.id,
      orderItemId: line.id,
      baseCents,
      amountCents: commissionCents(baseCents, referrer.percent),
    };
  });
  if (rows.length === 0) return 0;
  const made = await tx
    .insert(affiliateCommissions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id });
  return made.length;
}

/**
 * A refund ended these lines (payments/fulfilment.ts, in the refund's transaction): their
 * commissions are reversed, once. A commission already paid out stays paid; its reversal is
 * what the affiliate owes back, taken from what they are owed next.
 */
export async function reverseCommissions(tx: Db, orderItemIds: readonly string[]): Promise<number> {
  if (orderItemIds.length === 0) return 0;
  const ids = [...orderItemIds];
  const owners = tx
    .select({ id: affiliateCommissions.affiliateId })
    .from(affiliateCommissions)
    .where(inArray(affiliateCommissions.orderItemId, ids));
  // The affiliates' rows first, in one order: a payout of theirs waits, or finishes first.
  await tx
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(inArray(affiliates.id, owners))
    .orderBy(affiliates.id)
    .for('update');
  const reversed = await tx
    .update(affiliateCommissions)
    .set({ reversedAt: sql`now()` })
    .where(
      and(inArray(affiliateCommissions.orderItemId, ids), isNull(affiliateCommissions.reversedAt)),
    )
    .returning({ id: affiliateCommissions.id });
  return reversed.length;
}
