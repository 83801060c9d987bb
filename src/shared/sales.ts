import { percentOf, type Cents } from './money';

/**
 * Automatic sales (docs/discounts.md): a percent off one product, or off every product of one
 * category, from `startsAt` until `endsAt` (the end itself no longer on sale). No code: the store
 * shows the sale price with the price before it struck through, and charges it.
 *
 * The one rule of which sale applies: of the sales covering a product at a moment, the biggest
 * percent wins (they never add up). The server reads the same rule in SQL for the catalogue's
 * answers (server/sales/sale-prices.ts), and a test holds the two together.
 */

export interface SaleTerms {
  percentOff: number;
  productId: string | null;
  categoryId: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** Whether the sale runs at `now`: from its start, until (not at) its end. */
export function saleRunsAt(sale: Pick<SaleTerms, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return sale.startsAt.getTime() <= now.getTime() && now.getTime() < sale.endsAt.getTime();
}

/** Whether the sale is for this product: the product itself, or the product's category. */
export function saleCovers(
  sale: Pick<SaleTerms, 'productId' | 'categoryId'>,
  product: { id: string; categoryId: string | null },
): boolean {
  return (
    sale.productId === product.id ||
    (sale.categoryId !== null && sale.categoryId === product.categoryId)
  );
}

/** The percent off the product at `now`: the biggest of the running sales covering it; null without. */
export function salePercentFor(
  sales: readonly SaleTerms[],
  product: { id: string; categoryId: string | null },
  now: Date,
): number | null {
  let best: number | null = null;
  for (const sale of sales) {
    if (!saleCovers(sale, product) || !saleRunsAt(sale, now)) continue;
    if (best === null || sale.percentOff > best) best = sale.percentOff;
  }
  return best;
}

/** The price less the percent, rounded once, half away from zero (#shared/money percentOf). */
export function salePriceCents(priceCents: Cents, percentOff: number | null): Cents {
  if (percentOff === null) return priceCents;
  return priceCents - percentOf(priceCents, percentOff);
}

/**
 * The price struck through beside a sale price: the product's own "was" price
 * (metadata.originalPrice) when it is above the list price, else the list price. The badge's
 * percent (#shared/product discountPercent) is then read against it.
 */
export function saleOriginalCents(listPriceCents: Cents, metadataOriginal: unknown): Cents {
  return typeof metadataOriginal === 'number' &&
    Number.isFinite(metadataOriginal) &&
    metadataOriginal > listPriceCents
    ? Math.round(metadataOriginal)
    : listPriceCents;
}

/**
 * The next moment after `now` at which any of these sales starts or ends: the store's cached
 * answers are dropped then (server/sales/sale-clock.ts). Null when none lies ahead.
 */
export function nextSaleBoundary(
  sales: readonly Pick<SaleTerms, 'startsAt' | 'endsAt'>[],
  now: Date,
): Date | null {
  let next: number | null = null;
  for (const sale of sales) {
    for (const at of [sale.startsAt.getTime(), sale.endsAt.getTime()]) {
      if (at > now.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next === null ? null : new Date(next);
}
