import { and, eq, sql } from 'drizzle-orm';
import { checkoutErrors } from '#shared/checkout';
import { normalizePromoCode } from '#shared/promo';
import type { Db, Tx } from '../db/client';
import { orderItems, orders, promoCodes } from '../db/schema';
import { AppError } from '../http/app-error';
import { applicablePromo, type PromoCustomer } from './promo-eligibility';

/**
 * A promo code's `redemptions` counts the orders holding one of its uses (`orders.promo_held`):
 * taken when the order is created, given back when it cannot be paid, taken again when a buyer
 * retries after a declined card. Each change of the flag and of the count share a transaction.
 */

export interface RedeemedPromo {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  /** The order's products the code discounts; null for every line (#shared/promo-discount). */
  eligibleProductIds: string[] | null;
}

const invalidPromo = () => new AppError('INVALID_PROMO_CODE', checkoutErrors.invalidPromo);

/** The order a use is taken for: its products and its customer (promo-eligibility.ts checks both). */
export interface PromoOrder {
  productIds: readonly string[];
  customer: PromoCustomer;
  /** An existing unpaid order taking its use again. */
  orderId?: string;
}

/**
 * Takes one use of the code, if it applies to this order now (promo-eligibility.ts: its window,
 * its products and categories, one use per customer); of many buyers racing for the last use,
 * one wins. The code's row stays locked until the caller's transaction ends.
 */
export async function redeemPromo(
  tx: Tx,
  typed: string,
  order: PromoOrder,
): Promise<RedeemedPromo> {
  const code = normalizePromoCode(typed);
  const applicable = await applicablePromo(tx, code, {
    ...order,
    messages: { invalid: checkoutErrors.invalidPromo, expired: checkoutErrors.invalidPromo },
    lock: true,
  });
  const [redeemed] = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        sql`(${promoCodes.maxRedemptions} is null or ${promoCodes.redemptions} < ${promoCodes.maxRedemptions})`,
      ),
    )
    .returning({
      code: promoCodes.code,
      percentOff: promoCodes.percentOff,
      amountOffCents: promoCodes.amountOffCents,
    });
  if (!redeemed) throw invalidPromo();
  return { ...redeemed, eligibleProductIds: applicable.eligibleProductIds };
}

/** Gives the order's promo use back, once however many paths (decline, failure, expiry) race. */
export async function releasePromoHold(tx: Tx | Db, orderId: string) {
  const [released] = await tx
    .update(orders)
    .set({ promoHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.promoHeld, true)))
    .returning({ code: orders.promoCode });
  if (!released?.code) return;
  await tx
    .update(promoCodes)
    .set({ redemptions: sql`greatest(${promoCodes.redemptions} - 1, 0)` })
    .where(eq(promoCodes.code, released.code));
}

/**
 * Before an unpaid order that gave its use back (a declined card) is charged again, it takes the
 * use again; a code used up meanwhile is refused, and the buyer starts over without it.
 */
export async function retakePromoHold(db: Db, orderId: string) {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ promoHeld: true })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'PENDING'),
          eq(orders.promoHeld, false),
          sql`${orders.promoCode} is not null`,
        ),
      )
      .returning({ code: orders.promoCode, userId: orders.userId, email: orders.email });
    // Nothing to take: no code, the use is held already, or the order is no longer unpaid.
    if (!claimed?.code) return;
    const lines = await tx
      .select({ productId: orderItems.productId, bundleProductId: orderItems.bundleProductId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    await redeemPromo(tx, claimed.code, {
      // A bundle's member lines were bought as the bundle, as the checkout checked the code.
      productIds: [...new Set(lines.map((line) => line.bundleProductId ?? line.productId))],
      customer: { userId: claimed.userId, email: claimed.email },
      orderId,
    });
  });
}

/**
 * A payment completed for an order that held no use (paid outside our own charge path): the
 * discount was given, so the use is counted, even past the cap.
 */
export async function countPaidPromoUse(tx: Tx, orderId: string) {
  const [counted] = await tx
    .update(orders)
    .set({ promoHeld: true })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.promoHeld, false),
        sql`${orders.promoCode} is not null`,
      ),
    )
    .returning({ code: orders.promoCode });
  if (!counted?.code) return;
  await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(eq(promoCodes.code, counted.code));
}
