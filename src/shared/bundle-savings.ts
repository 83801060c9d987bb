import { formatPrice, type Cents } from './money';

/**
 * What a bundle saves against buying its members one by one (#shared/bundles), without zod, so
 * the product page's bundle part loads it without the schemas.
 */
export type BundleSavings = {
  /** The members' prices together less the bundle's. */
  cents: Cents;
  /** That as a whole percent of the members' total. */
  percent: number;
  /** The members' prices together. */
  separateCents: Cents;
} | null;

/**
 * What buying the bundle saves: its members' prices together less its own, in cents, and that as
 * a whole percent of the members' total (rounded as the sale badge's is). Null when it saves
 * nothing (a bundle priced at or above its members together, or without members): its page then
 * says nothing about saving.
 */
export function bundleSavings(
  bundlePriceCents: Cents,
  memberPricesCents: readonly Cents[],
): BundleSavings {
  const separateCents = memberPricesCents.reduce((sum, price) => sum + price, 0);
  const cents = separateCents - bundlePriceCents;
  if (memberPricesCents.length === 0 || cents <= 0) return null;
  return { cents, percent: Math.round((cents / separateCents) * 100), separateCents };
}

/** "Save $10.00 (25%) vs buying separately". */
export function savingsText(savings: NonNullable<BundleSavings>): string {
  return `Save ${formatPrice(savings.cents)} (${savings.percent}%) vs buying separately`;
}
