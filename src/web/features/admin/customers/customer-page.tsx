import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { backToCustomers } from './back-to-customers';
import type { AdminCustomer } from '#shared/admin-customers';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminCustomerQueryOptions, adminCustomersApi } from '../api/customers';
import { AccountBadges } from './ban-badge';
import { BanDialog } from './ban-dialog';
import { Button } from '#web/components/ui/button';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { CustomerDownloads, CustomerOrders, CustomerSessions } from './customer-activity';
import { formatDate, formatDateTime } from './customer-dates';
import { CustomerHistory } from './customer-history';

/** Who the account is, whether it is banned, and what the admin may do about it. */
function Standing({ customer }: { customer: AdminCustomer }) {
  return (
    <section
      aria-label="Account"
      className="space-y-4 rounded-xl border border-zinc-800 bg-zinc-900 p-5"
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-zinc-400">Name</dt>
          <dd className="text-zinc-100">{customer.name || 'Not given'}</dd>
        </div>
        <div>
          <dt className="text-zinc-400">Joined</dt>
          <dd className="text-zinc-100">{formatDate(customer.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-zinc-400">Standing</dt>
          <dd className="text-zinc-100">
            {customer.ban || customer.role === 'admin' || !customer.emailVerified ? (
              <AccountBadges customer={customer} />
            ) : (
              'In good standing'
            )}
          </dd>
        </div>
      </dl>
      {customer.ban && (
        <p className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-100">
          Banned{' '}
          {customer.ban.expiresAt
            ? `until ${formatDateTime(customer.ban.expiresAt)}`
            : 'until the ban is lifted'}
          . Reason: {customer.ban.reason ?? 'none given'}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {customer.ban ? (
          <ConfirmWriteDialog
            trigger={<Button variant="secondary">Lift the ban</Button>}
            title={`Lift the ban on ${customer.email}?`}
            confirm="Lift the ban"
            pending="Lifting..."
            danger={false}
            run={() => adminCustomersApi.unban(customer.id)}
            done={`${customer.email} can sign in again`}
          >
            They can sign in again at once.
          </ConfirmWriteDialog>
        ) : (
          customer.role !== 'admin' && <BanDialog customer={customer} />
        )}
        <ConfirmWriteDialog
          trigger={<Button variant="secondary">Sign out everywhere</Button>}
          title={`Sign ${customer.email} out everywhere?`}
          confirm="Sign out everywhere"
          pending="Signing out..."
          run={() => adminCustomersApi.revokeSessions(customer.id)}
          done={`${customer.email} is signed out everywhere`}
        >
          Every session they have ends now, on every device. They can sign in again with their
          password.
        </ConfirmWriteDialog>
      </div>
      {customer.role === 'admin' && (
        <p className="text-sm text-zinc-400">
          A store admin cannot be banned. Take their admin role away first (npm run admin -- revoke
          EMAIL).
        </p>
      )}
    </section>
  );
}

/** /admin/customers/:id: the account, its orders, downloads and sessions. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useQuery(adminCustomerQueryOptions(id));
  const data = customer.data;

  return (
    <>
      {backToCustomers}
      <AdminPageHeader title={data?.email ?? 'Customer'}>
        Orders, downloads and sessions of this account.
      </AdminPageHeader>
      {customer.isPending ? (
        <div role="status" aria-label="Loading the customer" className="space-y-4">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : customer.error instanceof ApiError &&
        (customer.error.status === 404 || customer.error.status === 400) ? (
        <EmptyState title="Customer not found">
          <Link to="/admin/customers" className="text-brand-300 underline-offset-4 hover:underline">
            Back to the customers
          </Link>
        </EmptyState>
      ) : customer.isError || !data ? (
        <ErrorAlert title="The customer could not be loaded.">
          <RetryButton onRetry={() => void customer.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <div className="space-y-10">
          <Standing customer={data} />
          <CustomerOrders orders={data.orders} />
          <CustomerDownloads downloads={data.downloads} />
          <CustomerSessions sessions={data.sessions} />
          <CustomerHistory id={data.id} />
        </div>
      )}
    </>
  );
}
