import { formatWholeNumber } from './number-format';
import { averageRating } from './product';

/** The store's published reviews: how many, and the sum of their stars (GET /api/reviews/summary). */
export interface StoreRating {
  count: number;
  total: number;
}

/**
 * The confirmation page's rating claim, only as far as the reviews back it: the average of every
 * published review in the store and their number. Null when there are none: then the store
 * claims nothing.
 */
export function orderRatingClaim(rating: StoreRating | null | undefined): string | null {
  if (!rating || rating.count < 1 || rating.total < rating.count) return null;
  const stars = averageRating(rating.count, rating.total).toFixed(1);
  const count = rating.count === 1 ? '1 review' : `${formatWholeNumber(rating.count)} reviews`;
  return `Producers rate our products ${stars} out of 5, from ${count} by verified buyers.`;
}
