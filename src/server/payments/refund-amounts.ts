/**
 * What a refund of some of an order's lines gives back. Each line paid its part of the order's
 * total: its share of the subtotal, less that share of the discount, plus that share of the tax.
 * The shares are whole cents that add up to the total exactly (largest remainder), so refunding
 * every line one by one returns the total, never a cent more or less.
 */

export interface RefundableLine {
  id: string;
  unitPriceCents: number;
  quantity: number;
  refundedAt: Date | null;
}

/** Each line's paid part of `totalCents`, in its order. */
export function paidShares(
  totalCents: number,
  lines: readonly RefundableLine[],
): Map<string, number> {
  const gross = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotal = gross.reduce((sum, cents) => sum + cents, 0);
  if (subtotal === 0) return new Map(lines.map((line) => [line.id, 0]));
  const exact = gross.map((cents) => (cents * totalCents) / subtotal);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
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
