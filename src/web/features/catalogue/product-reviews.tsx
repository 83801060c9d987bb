import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { BadgeCheck, MessageSquare, Store } from 'lucide-react';
import { loginPathFor } from '#shared/auth';
import type { Product } from '#shared/catalogue';
import { formatWholeNumber } from '#shared/number-format';
import { averageRating } from '#shared/product';
import {
  licenseLabel,
  reviewMessages,
  reviewSortLabels,
  reviewSorts,
  type ReviewSort,
} from '#shared/review-rules';
import type { RatingSummary, Review } from '#shared/reviews';
import { myReviewQueryOptions, productReviewsQueryOptions } from '#web/api/reviews';
import { StarRating } from '#web/components/product/star-rating';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { useSession } from '#web/session/use-session';

/** The form's code (and the schema it checks with) loads only for a buyer who may write. */
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

/**
 * Made at the first review drawn, not as the page's code loads: a browser's first date formatter
 * loads ICU's locale data, about 80 ms of a throttled phone's main thread while the product page
 * hydrates (Lighthouse), for a tab that is usually closed.
 */
let dateFormat: Intl.DateTimeFormat | undefined;
const reviewDate = (iso: string) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  })).format(new Date(iso));

/** The average, the count, and a bar per star with how many gave it. */
function RatingSummaryPanel({ summary }: { summary: RatingSummary }) {
  const average = averageRating(summary.count, summary.total);
  return (
    <div className="space-y-4">
      <div>
        <p className="text-4xl font-bold text-white">{average.toFixed(1)}</p>
        <StarRating rating={average} reviewCount={summary.count} size="md" starsOnly />
        <p className="mt-1 text-sm text-zinc-400">
          {summary.count === 1
            ? 'From 1 verified buyer'
            : `From ${formatWholeNumber(summary.count)} verified buyers`}
        </p>
      </div>
      <ul aria-label="Reviews by stars" className="space-y-1.5">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.stars[stars - 1] ?? 0;
          const share = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm text-zinc-300">
              <span className="w-14 shrink-0">{stars === 1 ? '1 star' : `${stars} stars`}</span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-zinc-800">
                <span className="block h-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-zinc-400">
                {formatWholeNumber(count)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="space-y-3 border-b border-zinc-800 pb-6 last:border-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} reviewCount={1} starsOnly />
        <time dateTime={review.createdAt} className="text-xs text-zinc-400">
          {reviewDate(review.createdAt)}
          {review.edited && ' (edited)'}
        </time>
      </div>
      <h3 className="font-semibold text-white">{review.title}</h3>
      <p className="text-sm whitespace-pre-line text-zinc-300">{review.text}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
        <span className="font-medium text-zinc-200">{review.author}</span>
        <span className="inline-flex items-center gap-1 text-emerald-400">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          Verified buyer
        </span>
        {review.license && <span>{licenseLabel(review.license)}</span>}
      </p>
      {review.reply && (
        <div className="rounded-lg border border-zinc-800 bg-zinc-900/60 p-4">
          <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-zinc-200">
            <Store aria-hidden="true" className="size-3.5" />
            Reply from the store
          </p>
          <p className="text-sm whitespace-pre-line text-zinc-300">{review.reply.text}</p>
        </div>
      )}
    </li>
  );
}

/** What the visitor may do: sign in, write (or edit) their review, or read why they cannot. */
function WriteReview({ product }: { product: Product }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const mine = useQuery({
    ...myReviewQueryOptions(product.id, user?.id ?? ''),
    enabled: Boolean(user),
  });
  if (isPending) return null;
  if (!user) {
    return (
      <p className="text-sm text-zinc-400">
        <Link
          to={loginPathFor(`${location.pathname}${location.search}`)}
          className="font-medium text-brand-300 underline"
        >
          {reviewMessages.signInToReview}
        </Link>
        . {reviewMessages.onlyBuyers}.
      </p>
    );
  }
  if (mine.isPending) return null;
  if (mine.isError) return null;
  if (!mine.data.review && !mine.data.canReview) {
    return <p className="text-sm text-zinc-400">{reviewMessages.onlyBuyers}.</p>;
  }
  return (
    <Suspense fallback={null}>
      <ReviewForm product={product} userId={user.id} review={mine.data.review} />
    </Suspense>
  );
}

/** The Reviews tab: the rating summary, the reviews in the chosen order, and the buyer's form. */
export function ProductReviews({ product }: { product: Product }) {
  const headingId = useId();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [pages, setPages] = useState(1);
  const first = useQuery(productReviewsQueryOptions(product.id, sort, 1));
  // The first page is shared with the page's JSON-LD; 'More reviews' adds the next ones.
  const later = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, index) =>
      productReviewsQueryOptions(product.id, sort, index + 2),
    ),
  });
  const loaded = [first, ...later];
  const shown = loaded.flatMap((query) => query.data?.data ?? []);
  const hasMore = loaded.at(-1)?.data?.hasMore ?? false;

  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <h2 id={headingId} className="sr-only">
        Reviews
      </h2>
      {first.isError ? (
        <ErrorAlert title="The reviews could not be loaded">
          <RetryButton onRetry={() => void first.refetch()} />
        </ErrorAlert>
      ) : first.isPending ? (
        <p className="text-sm text-zinc-400">Loading reviews…</p>
      ) : first.data.summary.count === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <MessageSquare aria-hidden="true" className="size-8 text-zinc-500" />
          <p className="text-lg font-medium text-white">{reviewMessages.noReviews}</p>
          <p className="text-sm text-zinc-400">{reviewMessages.inviteOwners}</p>
        </Card>
      ) : (
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <RatingSummaryPanel summary={first.data.summary} />
          <div className="space-y-6">
            <label className="flex items-center gap-2 text-sm text-zinc-400">
              Sort by
              <select
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as ReviewSort);
                  setPages(1);
                }}
                className="h-10 rounded-lg border border-zinc-800 bg-zinc-900 px-3 text-sm text-zinc-100 hover:border-zinc-700 focus:border-brand-500"
              >
                {reviewSorts.map((value) => (
                  <option key={value} value={value}>
                    {reviewSortLabels[value]}
                  </option>
                ))}
              </select>
            </label>
            <ul aria-label="Reviews" className="space-y-6">
              {shown.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {hasMore && (
              <Button variant="secondary" onClick={() => setPages((page) => page + 1)}>
                More reviews
              </Button>
            )}
          </div>
        </div>
      )}
      <Card className="p-6">
        <WriteReview product={product} />
      </Card>
    </section>
  );
}
