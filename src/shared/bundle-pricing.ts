import type { Cents } from './money';
import { allocate } from './tax';

/**
 * Complete-your-bundle and upgrade pricing, one rule: the buyer pays the product's price less
 * what they already paid for what they own of it (a bundle's owned members, an upgrade's linked
 * edition), never below the product's floor, in whole cents. The server decides it from the
 * buyer's completed orders (server/bundles); screens only show it.
 */

/** The price a buyer pays after their credit, and the part of the credit that was used. */
export interface CreditedPrice {
  listPriceCents: Cents;
  priceCents: Cents;
  /** listPriceCents − priceCents: never more than the credit held, never below the floor. */
  creditCents: Cents;
}

/**
 * max(floor, price − credit). A floor above the price does not raise it (the floor only limits a
 * credit); a negative floor or credit counts as 0.
 */
export function creditedPrice(
  listPriceCents: Cents,
  floorCents: Cents,
  heldCreditCents: Cents,
): CreditedPrice {
  const floor = Math.min(Math.max(floorCents, 0), listPriceCents);
  const priceCents = Math.max(floor, listPriceCents - Math.max(heldCreditCents, 0));
  return { listPriceCents, priceCents, creditCents: listPriceCents - priceCents };
}

/**
 * A bundle's price shared out to its members in proportion to the members' own prices, by largest
 * remainder: whole cents that sum exactly to the price (ties to the earlier member). Members that
 * are all free share it equally.
 */
export function memberShares(
  bundlePriceCents: Cents,
  memberPricesCents: readonly Cents[],
): Cents[] {
  const weights = memberPricesCents.some((cents) => cents > 0)
    ? memberPricesCents.map((cents) => Math.max(cents, 0))
    : memberPricesCents.map(() => 1);
  return allocate(bundlePriceCents, weights);
}

/** One completed line the buyer paid for, as the order records it. */
export interface PaidLine {
  unitPriceCents: Cents;
  quantity: number;
  discountCents: Cents;
}

/**
 * What one unit of a completed, unrefunded line paid before tax: its price less its promo
 * discount, less its part of any amount refunded from the order without naming lines (the
 * order's money still kept over what its unrefunded lines paid). Rounded down, never negative.
 */
export function paidPerUnitCents(
  line: PaidLine,
  /** The order's money kept after refunds, and what its unrefunded lines paid of its total. */
  order: { keptCents: Cents; unrefundedSharesCents: Cents },
): Cents {
  const net = BigInt(Math.max(line.unitPriceCents * line.quantity - line.discountCents, 0));
  const kept = BigInt(Math.max(Math.min(order.keptCents, order.unrefundedSharesCents), 0));
  const whole = BigInt(order.unrefundedSharesCents);
  const paid = whole === 0n ? net : (net * kept) / whole;
  return Number(paid / BigInt(Math.max(line.quantity, 1)));
}
