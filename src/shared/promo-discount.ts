import { allocate } from './allocate';
import { formatPrice, percentOf, type Cents } from './money';
import type { Promo } from './promo';

/**
 * What a promo code takes off an order, line by line: the one money rule of codes, used by the
 * checkout (server/checkout/order-pricing.ts, through shared/tax) and by the cart's preview of
 * the server's answer. Which lines a code discounts is the server's decision (a scoped code's
 * products and categories, server/promo/promo-eligibility.ts); this only counts the cents.
 *
 * - A percent code takes its percent of the eligible subtotal, rounded once (shared/money).
 * - A fixed-amount code takes its amount, but never more than the eligible subtotal.
 * - Either way the discount is shared over the eligible lines in proportion to their prices by
 *   largest remainder, so the lines' shares are whole cents that sum exactly to it, and no line
 *   is taken below zero: a line's refund and tax follow from its own share.
 * - Lines the code does not apply to get nothing.
 * Prices here are what the buyer pays before the code: an automatic sale's price and any bundle
 * or upgrade credit are taken off first (docs/discounts.md).
 */

/** A code's terms of money: exactly one of the two is set (the database holds the same). */
export type PromoDiscount =
  { percentOff: number; amountOffCents?: null } | { percentOff?: null; amountOffCents: Cents };

export interface DiscountLine {
  /** What the line costs before the code: unit price × quantity. */
  grossCents: Cents;
  /** Whether the code applies to this line (true when the code is not scoped). */
  eligible: boolean;
}

/** The code's discount on each line, in whole cents summing to at most the eligible subtotal. */
export function promoLineDiscounts(
  lines: readonly DiscountLine[],
  discount: PromoDiscount | null,
): Cents[] {
  const weights = lines.map((line) => (line.eligible ? Math.max(line.grossCents, 0) : 0));
  const eligibleCents = weights.reduce((sum, w) => sum + w, 0);
  if (!discount || eligibleCents === 0) return lines.map(() => 0);
  const wanted =
    discount.amountOffCents != null
      ? Math.max(discount.amountOffCents, 0)
      : percentOf(eligibleCents, discount.percentOff ?? 0);
  return allocate(Math.min(wanted, eligibleCents), weights);
}

/** The code's terms as the cart and the admin name them: '20% off', '$5.00 off'. */
export function promoDiscountLabel(promo: Pick<Promo, 'percentOff' | 'amountOffCents'>): string {
  return promo.amountOffCents !== null
    ? `${formatPrice(promo.amountOffCents)} off`
    : `${promo.percentOff ?? 0}% off`;
}

/** The code's terms of money for the one discount rule (#shared/promo-discount). */
export const promoDiscount = (
  promo: Pick<Promo, 'percentOff' | 'amountOffCents'>,
): PromoDiscount | null =>
  promo.amountOffCents !== null
    ? { amountOffCents: promo.amountOffCents }
    : promo.percentOff
      ? { percentOff: promo.percentOff }
      : null;

/** Whether the code discounts a line of this product. */
export const promoCovers = (promo: Pick<Promo, 'productIds'>, productId: string) =>
  promo.productIds === null || promo.productIds.includes(productId);
