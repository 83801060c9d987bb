import type { Cents } from './money';

/**
 * Each line's share of an amount (the order's discount, its tax, a bundle's price), by largest remainder: the shares are whole cents
 * and sum exactly to the discount (ties to the earlier line).
 */
export function allocate(amount: Cents, weights: readonly Cents[]): Cents[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(whole)));
  const remainders = exact.map((e, i) => ({ i, r: e % BigInt(whole) }));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
