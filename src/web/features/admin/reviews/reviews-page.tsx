import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { inputClasses } from '#web/components/ui/text-field';
import { AdminPageHeader } from '../admin-page-header';
import { AdminPager } from '../admin-pager';
import { adminReviewPageQueryOptions } from '../api/reviews';
import { useListParams } from '../use-list-params';
import { ReviewCard } from './review-card';

const KEYS = ['status', 'rating', 'q', 'page'] as const;

const statusOptions = [
  { value: '', label: 'All reviews' },
  { value: 'published', label: 'Published' },
  { value: 'hidden', label: 'Hidden' },
];

/** /admin/reviews: every review, newest first; hide one with a reason, show it again, reply. */
export function ReviewsPage() {
  const { params, set, pageHref } = useListParams(KEYS);
  const list = useQuery(adminReviewPageQueryOptions(params));
  const [q, setQ] = useState(params.q ?? '');
  const page = list.data;
  const filtered = Boolean(params.q || params.status || params.rating);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: q.trim() || undefined });
  };

  return (
    <>
      <AdminPageHeader title="Reviews">
        What verified buyers say about the products. A hidden review leaves the product page and its
        rating; a refunded purchase&apos;s review is hidden by itself.
      </AdminPageHeader>

      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="block text-sm font-medium text-zinc-200 sm:w-44">
          Status
          <select
            value={params.status ?? ''}
            onChange={(event) => set({ status: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          >
            {statusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-zinc-200 sm:w-36">
          Stars
          <select
            value={params.rating ?? ''}
            onChange={(event) => set({ rating: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {stars === 1 ? '1 star' : `${stars} stars`}
              </option>
            ))}
          </select>
        </label>
        <form role="search" onSubmit={onSearch} className="flex flex-1 items-end gap-2">
          <label className="block flex-1 text-sm font-medium text-zinc-200">
            Search products and reviews
            <input
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              className={`${inputClasses} mt-1.5`}
            />
          </label>
          <Button type="submit" variant="secondary" className="shrink-0 py-2.5">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </form>
      </div>

      <section aria-labelledby="review-list-heading" className="mt-8 space-y-3">
        <h2 id="review-list-heading" className="text-lg font-semibold text-white">
          {page ? `${page.total} ${page.total === 1 ? 'review' : 'reviews'}` : 'Reviews'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading reviews" className="space-y-2">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-32 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The reviews could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={filtered ? 'No reviews match.' : 'No reviews yet.'}>
            {filtered
              ? 'Try another status, star rating or search.'
              : 'Buyers can review what they bought from its product page.'}
          </EmptyState>
        ) : (
          <ul aria-label="Reviews" aria-busy={list.isPlaceholderData} className="space-y-3">
            {page!.data.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </ul>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
