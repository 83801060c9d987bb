import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_LICENSE_SEARCH_LIMIT, type AdminLicenseSummary } from '#shared/admin-licenses';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { AdminSearchForm } from '../admin-search-form';
import { AdminTable, type AdminColumn } from '../admin-table';
import { adminLicenseSearchQueryOptions } from '../api/licenses';
import { useListParams } from '../use-list-params';
import { formatDate, LicenseStatus } from './license-status';

const wide = 'hidden sm:table-cell';

const columns: AdminColumn<AdminLicenseSummary>[] = [
  {
    header: 'Key',
    cell: (license) => (
      <>
        <Link
          to={`/admin/licenses/${license.id}`}
          className="font-mono font-medium break-all text-white underline-offset-4 hover:underline"
        >
          {license.key}
        </Link>
        <p className="text-zinc-400">{license.product.name}</p>
      </>
    ),
  },
  {
    header: 'Buyer',
    cellClassName: 'break-all text-zinc-200',
    cell: (license) => license.email,
  },
  {
    header: 'Machines',
    align: 'right',
    className: wide,
    cellClassName: 'text-zinc-200 tabular-nums',
    cell: (license) => `${license.machines} of ${license.seats}`,
  },
  { header: 'Status', cell: (license) => <LicenseStatus status={license.status} /> },
  {
    header: 'Issued',
    className: wide,
    cellClassName: 'text-zinc-300',
    cell: (license) => formatDate(license.createdAt),
  },
];

/** /admin/licenses: find a licence by its key (as the buyer reads it out) or the buyer's e-mail. */
export function LicensesPage() {
  const { params, set } = useListParams(['q']);
  const query = params.q ?? '';
  const found = useQuery(adminLicenseSearchQueryOptions(query));

  return (
    <>
      <AdminPageHeader title="Licences">
        Find a licence key by its text (any case, with or without dashes) or by the buyer’s e-mail.
        Open one to see its machines and history, revoke or restore it, add seats or reset its
        machines.
      </AdminPageHeader>
      <AdminSearchForm
        id="license-search"
        label="Search licences"
        placeholder="LM-XXXX-XXXX-XXXX-XXXX or an e-mail..."
        initial={query}
        onSearch={(q) => set({ q })}
      />

      <section aria-labelledby="license-list-heading" className="mt-8 space-y-3">
        <h2 id="license-list-heading" className="text-lg font-semibold text-white">
          {found.data
            ? `${found.data.length}${found.data.length === ADMIN_LICENSE_SEARCH_LIMIT ? '+' : ''} ${found.data.length === 1 ? 'licence' : 'licences'}`
            : 'Licences'}
        </h2>
        {!query ? (
          <p className="text-sm text-zinc-400">Type a key or an e-mail to find a licence.</p>
        ) : found.isPending ? (
          <div role="status" aria-label="Searching licences" className="space-y-2">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : found.isError ? (
          <ErrorAlert title="The licences could not be searched.">
            <RetryButton onRetry={() => void found.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : found.data.length === 0 ? (
          <EmptyState title="No licences match.">
            Try the whole key, or a part of the buyer’s e-mail.
          </EmptyState>
        ) : (
          <AdminTable
            label="Licences"
            widthClassName="sm:min-w-[44rem]"
            columns={columns}
            rows={found.data}
            rowKey={(license) => license.id}
          />
        )}
      </section>
    </>
  );
}
