import { Star } from 'lucide-react';
import { formatWholeNumber } from '#shared/number-format';

/**
 * Five stars filled to the rating (0–5, to the half star), with the review count beside them;
 * without reviews, says so instead of showing empty stars.
 */
export function StarRating({
  rating,
  reviewCount,
  size = 'sm',
  starsOnly = false,
}: {
  rating: number;
  reviewCount: number;
  size?: 'sm' | 'md';
  /** One review's stars, or stars beside a figure of their own: no value and count. */
  starsOnly?: boolean;
}) {
  const value = Math.min(5, Math.max(0, rating));
  const stars = Math.round(value * 2) / 2;
  const iconSize = size === 'md' ? 'size-5' : 'size-4';
  const reviews = reviewCount === 1 ? '1 review' : `${formatWholeNumber(reviewCount)} reviews`;
  if (reviewCount < 1 && !starsOnly) {
    return (
      <p className={size === 'md' ? 'text-sm text-zinc-400' : 'text-xs text-zinc-400'}>
        No reviews yet
      </p>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <div role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`} className="flex">
        {[0, 1, 2, 3, 4].map((index) => {
          const fill = Math.min(1, Math.max(0, stars - index));
          return (
            <span key={index} className={`relative ${iconSize}`}>
              <Star aria-hidden="true" className={`absolute inset-0 ${iconSize} text-zinc-700`} />
              {fill > 0 && (
                <span
                  className="absolute inset-0 overflow-hidden"
                  style={{ width: `${fill * 100}%` }}
                >
                  <Star
                    aria-hidden="true"
                    className={`${iconSize} fill-amber-400 text-amber-400`}
                  />
                </span>
              )}
            </span>
          );
        })}
      </div>
      {!starsOnly && (
        <span className={size === 'md' ? 'text-sm text-zinc-400' : 'text-xs text-zinc-400'}>
          {value > 0 && <span className="font-medium text-zinc-200">{value.toFixed(1)} </span>}(
          {reviews})
        </span>
      )}
    </div>
  );
}
