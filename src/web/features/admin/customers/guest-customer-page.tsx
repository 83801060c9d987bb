import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { backToCustomers } from './back-to-customers';
import { formatPrice } from '#shared/money';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminGuestQueryOptions } from '../api/customers';
import { GuestBadge } from './ban-badge';
import { CustomerOrders } from './customer-activity';
import { formatDate } from './customer-dates';

/** /admin/customers/guest?email=…: a buyer without an account, and their orders. */
export function GuestCustomerPage() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const guest = useQuery({ ...adminGuestQueryOptions(email), enabled: email !== '' });
  const data = guest.data;

  return (
    <>
      {backToCustomers}
      <AdminPageHeader title={data?.email ?? (email || 'Guest')}>
        A guest buyer: orders placed without an account with this e-mail address.
      </AdminPageHeader>
      {email === '' ||
      (guest.error instanceof ApiError &&
        (guest.error.status === 404 || guest.error.status === 400)) ? (
        <EmptyState title="Customer not found">
          <Link to="/admin/customers" className="text-brand-300 underline-offset-4 hover:underline">
            Back to the customers
          </Link>
        </EmptyState>
      ) : guest.isPending ? (
        <div role="status" aria-label="Loading the customer" className="space-y-4">
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : guest.isError || !data ? (
        <ErrorAlert title="The customer could not be loaded.">
          <RetryButton onRetry={() => void guest.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <div className="space-y-10">
          <section
            aria-label="Guest buyer"
            className="rounded-xl border border-zinc-800 bg-zinc-900 p-5"
          >
            <dl className="grid gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-zinc-400">Standing</dt>
                <dd className="mt-0.5">
                  <GuestBadge />
                </dd>
              </div>
              <div>
                <dt className="text-zinc-400">First order</dt>
                <dd className="text-zinc-100">{formatDate(data.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-zinc-400">Orders</dt>
                <dd className="text-zinc-100 tabular-nums">{data.orderCount}</dd>
              </div>
              <div>
                <dt className="text-zinc-400">Spent</dt>
                <dd className="text-zinc-100 tabular-nums">{formatPrice(data.spentCents)}</dd>
              </div>
            </dl>
          </section>
          <CustomerOrders orders={data.orders} empty="No orders from this address." />
        </div>
      )}
    </>
  );
}
