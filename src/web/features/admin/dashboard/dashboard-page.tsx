import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { dashboardPeriod } from '#shared/admin-dashboard-rules';
import { formatPrice } from '#shared/money';
import { formatWholeNumber } from '#shared/number-format';
import { ErrorAlert } from '#web/components/ui/alert';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminSummaryQueryOptions } from '../api/summary';
import { PeriodPicker } from './period-picker';
import { NewReviews } from './new-reviews';
import { SalesSection } from './sales-section';

/**
 * /admin: the store at a glance, every number counted by the database: the sales of the last
 * 7, 30 or 90 days (`?days=`), then the catalogue and all-time figures.
 */
export function DashboardPage() {
  const [search] = useSearchParams();
  const days = dashboardPeriod(search.get('days'));
  const summary = useQuery(adminSummaryQueryOptions());
  const numbers = summary.data;

  return (
    <>
      <AdminPageHeader title="Dashboard">The store at a glance.</AdminPageHeader>
      <section aria-labelledby="sales-title" className="mb-10">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="sales-title" className="text-xl font-semibold text-white">
            Sales, last {days} days
          </h2>
          <PeriodPicker days={days} />
        </div>
        <SalesSection days={days} />
      </section>
      <NewReviews />
      <h2 className="mb-4 text-xl font-semibold text-white">All time</h2>
      {summary.isPending ? (
        <div
          role="status"
          aria-label="Loading the dashboard"
          className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3"
        >
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : summary.isError || !numbers ? (
        <ErrorAlert title="The dashboard could not be loaded.">
          <RetryButton onRetry={() => void summary.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
          <Figure
            label="Revenue (net of tax)"
            value={formatPrice(numbers.revenueCents)}
            note="Paid orders, net of refunds and tax"
          />
          <Figure label="Paid orders" value={formatWholeNumber(numbers.paidOrders)} />
          <Figure
            label="Active products"
            value={formatWholeNumber(numbers.products.active)}
            note="Shown in the store"
          />
          <Figure
            label="Inactive products"
            value={formatWholeNumber(numbers.products.inactive)}
            note="Hidden from the store"
          />
          <Figure
            label="Categories"
            value={formatWholeNumber(numbers.categories)}
            note={
              <Link
                to="/admin/categories"
                className="text-brand-300 underline-offset-4 hover:underline"
              >
                Manage categories
              </Link>
            }
          />
        </dl>
      )}
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="mt-2 text-2xl font-semibold break-words text-white tabular-nums sm:text-3xl">
        {value}
      </dd>
      {note && <dd className="mt-1 text-sm text-zinc-400">{note}</dd>}
    </Card>
  );
}
