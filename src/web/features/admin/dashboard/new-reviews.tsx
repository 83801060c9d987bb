import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card';
import { adminReviewPageQueryOptions } from '../api/reviews';
import { ReviewStars } from '../reviews/review-stars';

const SHOWN = 5;

/** The newest reviews, on the dashboard: what buyers said lately, with a way to moderate them. */
export function NewReviews() {
  const list = useQuery(adminReviewPageQueryOptions({ pageSize: String(SHOWN) }));
  if (list.isPending || list.isError) return null;
  const reviews = list.data.data;
  return (
    <section aria-labelledby="new-reviews-title" className="mb-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="new-reviews-title" className="text-xl font-semibold text-white">
          New reviews
        </h2>
        <Link
          to="/admin/reviews"
          className="text-sm text-brand-300 underline-offset-4 hover:underline"
        >
          All reviews
        </Link>
      </div>
      {reviews.length === 0 ? (
        <p className="text-sm text-zinc-400">No reviews yet.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {reviews.map((review) => (
            <Card as="li" key={review.id} className="space-y-1.5 p-4">
              <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="font-medium text-zinc-100">{review.product.name}</span>
                <time dateTime={review.createdAt} className="text-xs text-zinc-400">
                  {review.createdAt.slice(0, 10)}
                </time>
              </p>
              <ReviewStars rating={review.rating} />
              <p className="truncate text-sm text-zinc-300">
                {review.title}
                {review.status === 'hidden' && <span className="text-amber-300"> (hidden)</span>}
              </p>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
