import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { formatWholeNumber } from '#shared/number-format';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminOrderPageQueryOptions } from '../api/orders';
import { ordersExportHref } from '../api/settings';
import { AdminPager } from '../admin-pager';
import { useListParams } from '../use-list-params';
import { ORDER_LIST_KEYS, OrderFilters } from './order-filters';
import { OrderTable } from './order-table';

/** /admin/orders: paid orders (unpaid ones when asked), newest first, searched and filtered, paged. */
export function OrdersPage() {
  const { params, set, pageHref } = useListParams(ORDER_LIST_KEYS);
  const list = useQuery(adminOrderPageQueryOptions(params));
  const page = list.data;
  const filtered = ORDER_LIST_KEYS.some((key) => key !== 'page' && params[key]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <AdminPageHeader title="Orders">
          Paid orders, newest first; unpaid checkouts when you ask. Open one to see its payment,
          refund it or help its buyer.
        </AdminPageHeader>
        <a
          href={ordersExportHref(params)}
          download
          className={buttonClasses('secondary', 'md', 'mb-8')}
        >
          <Download aria-hidden="true" className="size-4" />
          Export orders (CSV)
        </a>
      </div>
      <OrderFilters
        key={`${params.q ?? ''}|${params.promo ?? ''}`}
        params={params}
        onChange={set}
      />

      <section aria-labelledby="order-list-heading" className="mt-8 space-y-3">
        <h2 id="order-list-heading" className="text-lg font-semibold text-white">
          {page
            ? `${page.totalIsEstimate ? 'About ' : ''}${formatWholeNumber(page.total)} ${page.total === 1 ? 'order' : 'orders'}`
            : 'Orders'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading orders" className="space-y-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The orders could not be loaded.">
            {list.error.message}
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={filtered ? 'No orders match.' : 'No paid orders yet.'}>
            {filtered
              ? 'Try another search or fewer filters.'
              : 'Orders show here once paid; tick "Show unpaid orders" for checkouts not paid.'}
          </EmptyState>
        ) : (
          <div aria-busy={list.isPlaceholderData}>
            <OrderTable orders={page!.data} />
          </div>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
