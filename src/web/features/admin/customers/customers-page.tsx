import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { AdminSearchForm } from '../admin-search-form';
import { AdminPager } from '../admin-pager';
import { useListParams } from '../use-list-params';
import { adminCustomerPageQueryOptions } from '../api/customers';
import { customersExportHref } from '../api/settings';
import { CustomerTable } from './customer-table';

/** /admin/customers: every account of the store, newest first, searched by email or name. */
export function CustomersPage() {
  const { params, set, pageHref } = useListParams(['q', 'page']);
  const list = useQuery(adminCustomerPageQueryOptions(params));
  const page = list.data;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <AdminPageHeader title="Customers">
          Every account of the store, and every guest who bought without one (by e-mail). Open an
          account to see their orders, downloads and sessions, to ban them or to sign them out
          everywhere; a guest to see their orders.
        </AdminPageHeader>
        <a href={customersExportHref} download className={buttonClasses('secondary', 'md', 'mb-8')}>
          <Download aria-hidden="true" className="size-4" />
          Export customers (CSV)
        </a>
      </div>
      <AdminSearchForm
        id="customer-search"
        label="Search customers"
        placeholder="Search by email or name..."
        initial={params.q ?? ''}
        onSearch={(q) => set({ q })}
      />

      <section aria-labelledby="customer-list-heading" className="mt-8 space-y-3">
        <h2 id="customer-list-heading" className="text-lg font-semibold text-white">
          {page ? `${page.total} ${page.total === 1 ? 'customer' : 'customers'}` : 'Customers'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading customers" className="space-y-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The customers could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={params.q ? 'No customers match.' : 'No customers yet.'}>
            {params.q
              ? 'Try a part of their email or name.'
              : 'Accounts appear here as people sign up, and guests as they buy.'}
          </EmptyState>
        ) : (
          <div aria-busy={list.isPlaceholderData}>
            <CustomerTable customers={page!.data} />
          </div>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
