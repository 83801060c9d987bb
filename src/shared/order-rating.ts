import type { OrderItemView } from './orders';
import { formatWholeNumber } from './number-format';

/**
 * The confirmation page's rating claim, only as far as the catalogue backs it: how producers
 * rate what was bought, the ratings of its products weighted by their review counts. Null when
 * none of them has a rating with reviews: then the store claims nothing.
 */
export function orderRatingClaim(
  items: readonly Pick<OrderItemView, 'productId' | 'name' | 'rating' | 'reviewCount'>[],
): string | null {
  const rated = [...new Map(items.map((item) => [item.productId, item])).values()].filter(
    (item) => item.rating > 0 && item.rating <= 5 && item.reviewCount >= 1,
  );
  if (rated.length === 0) return null;
  const reviews = rated.reduce((sum, item) => sum + Math.floor(item.reviewCount), 0);
  const average =
    rated.reduce((sum, item) => sum + item.rating * Math.floor(item.reviewCount), 0) / reviews;
  const stars = (Math.round(average * 10) / 10).toFixed(1);
  const count = reviews === 1 ? '1 review' : `${formatWholeNumber(reviews)} reviews`;
  return rated.length === 1
    ? `Producers rate ${rated[0]!.name} ${stars} out of 5, from ${count}.`
    : `Producers rate these products ${stars} out of 5 on average, from ${count}.`;
}
