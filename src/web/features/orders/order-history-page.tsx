import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loader2 } from 'lucide-react';
import { orderPagesQueryOptions } from '#web/api/orders';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { RequireAuth } from '#web/session/require-auth';
import { OrderCard } from './order-card';
import { RetryButton } from '#web/components/ui/retry-button';

/** The order list's failure, with a way to try again. */
const LOAD_FAILED = 'Failed to load orders. Please try again.';

/** Signed-in only. */
export function OrderHistoryPage() {
  return (
    <RequireAuth>
      <OrderHistory />
    </RequireAuth>
  );
}

/** Order history: own orders newest first, ten at a time with 'Load more'. */
function OrderHistory() {
  const orders = useInfiniteQuery(orderPagesQueryOptions());
  const list = orders.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Container className="max-w-4xl py-10 sm:py-14">
      <PageTitle title="Order History" />
      <h1 className="text-3xl font-semibold text-white">Order History</h1>
      <p className="mt-2 mb-8 text-zinc-400">
        Your orders, newest first, and any checkout you can still finish paying.
      </p>

      {orders.isPending ? (
        <div role="status" aria-label="Loading orders" className="space-y-4">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : orders.isError && list.length === 0 ? (
        <ErrorAlert title={LOAD_FAILED}>
          <RetryButton onRetry={() => void orders.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : list.length === 0 ? (
        <EmptyState title="You have no orders yet.">
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-4')}>
            Browse Products
          </Link>
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <ul aria-label="Orders" className="space-y-4">
            {list.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          {orders.isFetchNextPageError && (
            <ErrorAlert title={LOAD_FAILED}>
              <RetryButton onRetry={() => void orders.fetchNextPage()} className="mt-2" />
            </ErrorAlert>
          )}
          {orders.hasNextPage && !orders.isFetchNextPageError && (
            <div className="flex justify-center pt-2">
              <Button
                variant="secondary"
                onClick={() => void orders.fetchNextPage()}
                disabled={orders.isFetchingNextPage}
                aria-busy={orders.isFetchingNextPage || undefined}
              >
                {orders.isFetchingNextPage && (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                )}
                {orders.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </Container>
  );
}
