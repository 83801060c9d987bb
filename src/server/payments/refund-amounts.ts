import { allocate } from '#shared/allocate';

/**
 * What a refund of some of an order's lines gives back. Each line paid its part of the order's
 * total: its price less its own share of the discount, plus its tax.
 * The shares are whole cents that add up to the total exactly (largest remainder), so refunding
 * every line one by one returns the total, never a cent more or less.
 */

export interface RefundableLine {
  id: string;
  unitPriceCents: number;
  quantity: number;
  refundedAt: Date | null;
  /** The line's share of the promo discount and its tax, as the order recorded them. */
  discountCents?: number;
  taxCents?: number;
}

/**
 * Each line's paid part of `totalCents`, in its order. A line pays its price less its own
 * discount (a scoped code discounts some lines only, #shared/promo-discount) plus its tax: when
 * the lines' recorded money adds up to the total, each share is exactly that; otherwise (tax
 * inside the prices, or an order recorded before lines carried their money) the total is shared
 * in proportion to what each line paid before tax.
 */
export function paidShares(
  totalCents: number,
  lines: readonly RefundableLine[],
): Map<string, number> {
  const net = lines.map((line) =>
    Math.max(line.unitPriceCents * line.quantity - (line.discountCents ?? 0), 0),
  );
  const withTax = net.map((cents, i) => cents + (lines[i]!.taxCents ?? 0));
  const exact = withTax.reduce((sum, cents) => sum + cents, 0) === totalCents;
  const shares = allocate(totalCents, exact ? withTax : net);
  return new Map(lines.map((line, index) => [line.id, shares[index]!]));
}

/**
 * The amount refunding `ids` gives back: their paid shares, or, when no line would be left paid
 * for, all that is not refunded yet (what an amount refunded without lines took is not paid twice).
 */
export function refundAmount(
  order: { totalCents: number; refundedCents: number },
  lines: readonly RefundableLine[],
  ids: readonly string[],
): number {
  const unrefunded = order.totalCents - order.refundedCents;
  const chosen = new Set(ids);
  if (lines.every((line) => line.refundedAt !== null || chosen.has(line.id))) return unrefunded;
  const shares = paidShares(order.totalCents, lines);
  const amount = ids.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0);
  return Math.min(amount, unrefunded);
}
