import { Star } from 'lucide-react';

/** One review's stars in the admin (the store's StarRating stays in the shoppers' chunks). */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`size-4 ${star <= rating ? 'fill-amber-400 text-amber-400' : 'text-zinc-700'}`}
        />
      ))}
    </div>
  );
}
