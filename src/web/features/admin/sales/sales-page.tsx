import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminSalesQueryOptions } from '../api/sales';
import { SaleRow } from './sale-row';

/** /admin/sales: every automatic sale, the latest to start first, with its status. */
export function SalesPage() {
  const list = useQuery(adminSalesQueryOptions());
  const sales = list.data ?? [];
  return (
    <>
      <AdminPageHeader title="Sales">
        A percent off a product or a category between two dates, shown in the store as on sale with
        the price before it struck through. No code needed.
      </AdminPageHeader>
      <Link to="/admin/sales/new" className={buttonClasses('primary', 'md')}>
        <Plus aria-hidden="true" className="size-4" />
        New sale
      </Link>
      <section aria-labelledby="sale-list-heading" className="mt-8">
        <h2 id="sale-list-heading" className="mb-4 text-lg font-semibold text-white">
          {list.isSuccess ? `All sales (${sales.length})` : 'All sales'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading sales" className="space-y-3">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-28 rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The sales could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : sales.length === 0 ? (
          <EmptyState title="No sales yet.">Create the first one above.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {sales.map((sale) => (
              <SaleRow key={sale.id} sale={sale} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
