import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { DELETED_CUSTOMER } from '#shared/account-leaving';
import { ApiError } from '#web/api/http';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminOrderQueryOptions } from '../api/orders';
import { OrderActions } from './order-actions';
import { OrderDocuments } from './order-documents';
import { OrderLines } from './order-lines';
import { OrderSummary } from './order-summary';
import { OrderTimeline } from './order-timeline';

/** /admin/orders/:id: one order, what it paid for, its payment's story, and what can be done. */
export function OrderPage() {
  const { id = '' } = useParams();
  const query = useQuery(adminOrderQueryOptions(id));
  const order = query.data;

  return (
    <>
      <Link
        to="/admin/orders"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-brand-300 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All orders
      </Link>
      <AdminPageHeader title={order ? `Order #${order.orderNumber}` : 'Order'}>
        {order && (
          <>
            Placed {order.createdAt.slice(0, 16).replace('T', ' ')} UTC by{' '}
            {order.customerDeleted ? DELETED_CUSTOMER.toLowerCase() : order.email}.{' '}
            <OrderStatusBadge status={order.status} />
          </>
        )}
      </AdminPageHeader>
      {query.isPending ? (
        <div role="status" aria-label="Loading the order" className="space-y-4">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : query.error instanceof ApiError && query.error.status === 404 ? (
        <EmptyState title="Order not found">
          <Link to="/admin/orders" className="text-brand-300 underline-offset-4 hover:underline">
            Back to the orders
          </Link>
        </EmptyState>
      ) : query.isError ? (
        <ErrorAlert title="The order could not be loaded.">
          <RetryButton onRetry={() => void query.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <div className="space-y-8">
          <OrderActions order={order!} />
          <section aria-labelledby="order-lines" className="space-y-3">
            <h2 id="order-lines" className="text-lg font-semibold text-white">
              {order!.items.length === 1 ? '1 line' : `${order!.items.length} lines`}
            </h2>
            <OrderLines order={order!} />
          </section>
          <OrderSummary order={order!} />
          <OrderDocuments order={order!} />
          <section aria-labelledby="order-timeline" className="space-y-3">
            <h2 id="order-timeline" className="text-lg font-semibold text-white">
              Timeline
            </h2>
            <OrderTimeline order={order!} />
          </section>
        </div>
      )}
    </>
  );
}
