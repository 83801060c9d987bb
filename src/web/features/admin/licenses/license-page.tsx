import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { AdminLicense, AdminLicenseEvent } from '#shared/admin-licenses';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { AdminTable, type AdminColumn } from '../admin-table';
import { adminLicenseQueryOptions } from '../api/licenses';
import { LicenseActions } from './license-actions';
import { formatDate, formatDateTime, LicenseStatus } from './license-status';

const link = 'text-brand-300 underline-offset-4 hover:underline';
const wide = 'hidden sm:table-cell';

const backLink = (
  <Link to="/admin/licenses" className={`mb-4 inline-flex items-center gap-1.5 text-sm ${link}`}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    All licences
  </Link>
);

function Summary({ license }: { license: AdminLicense }) {
  return (
    <section
      aria-label="Licence"
      className="space-y-4 rounded-xl border border-zinc-800 bg-zinc-900 p-5"
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-zinc-400">Product</dt>
          <dd className="text-zinc-100">{license.product.name}</dd>
        </div>
        <div>
          <dt className="text-zinc-400">Buyer</dt>
          <dd className="break-all text-zinc-100">
            {license.buyer ? (
              <Link to={`/admin/customers/${license.buyer.id}`} className={link}>
                {license.buyer.email}
              </Link>
            ) : (
              `${license.email} (guest)`
            )}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Order</dt>
          <dd>
            <Link to={`/admin/orders/${license.order.id}`} className={link}>
              #{license.order.orderNumber}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Machines</dt>
          <dd className="text-zinc-100 tabular-nums">
            {license.machines} of {license.seats} seats in use
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Expires</dt>
          <dd className="text-zinc-100">
            {license.expiresAt ? formatDate(license.expiresAt) : 'Never (perpetual)'}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Status</dt>
          <dd>
            <LicenseStatus status={license.status} />
          </dd>
        </div>
      </dl>
      {license.revokedAt && (
        <p className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-100">
          Revoked {formatDateTime(license.revokedAt)}. Reason:{' '}
          {license.revokedReason ?? 'none given'}
        </p>
      )}
      <LicenseActions license={license} />
    </section>
  );
}

type Activation = AdminLicense['activations'][number];
const activationColumns: AdminColumn<Activation>[] = [
  {
    header: 'Machine',
    cell: (a) => (
      <>
        <p className="font-medium text-white">{a.machineName ?? 'Unnamed machine'}</p>
        <p className="font-mono text-xs break-all text-zinc-400">{a.machineId}</p>
      </>
    ),
  },
  {
    header: 'First seen',
    className: wide,
    cellClassName: 'text-zinc-300',
    cell: (a) => formatDateTime(a.firstSeenAt),
  },
  {
    header: 'Last seen',
    cellClassName: 'text-zinc-300',
    cell: (a) => formatDateTime(a.lastSeenAt),
  },
  {
    header: 'Freed',
    cellClassName: 'text-zinc-300',
    cell: (a) => (a.deactivatedAt ? formatDateTime(a.deactivatedAt) : 'In use'),
  },
];

const eventLabels: Record<string, string> = {
  issued: 'Issued',
  activated: 'Activated',
  deactivated: 'Machine freed',
  revoked: 'Revoked',
  restored: 'Restored',
  seats_added: 'Seats added',
  machines_reset: 'Machines reset',
};

function who(actor: string): string {
  if (actor.startsWith('owner:')) return 'the store';
  if (actor === 'buyer') return 'the buyer (download hub)';
  if (actor === 'plugin') return 'the plugin';
  if (actor === 'system') return 'the store (automatically)';
  return actor;
}

function eventDetail(event: AdminLicenseEvent): string | null {
  const { detail } = event;
  if (event.type === 'revoked' && typeof detail.reason === 'string') return detail.reason;
  if (event.type === 'seats_added' && typeof detail.added === 'number') {
    return `+${detail.added} (now ${String(detail.seats)})`;
  }
  if (event.type === 'machines_reset' && Array.isArray(detail.machines)) {
    return `${detail.machines.length} freed`;
  }
  return event.machineId ? `Machine ${event.machineId}` : null;
}

function History({ events }: { events: AdminLicenseEvent[] }) {
  return (
    <section aria-labelledby="license-history" className="space-y-3">
      <h2 id="license-history" className="text-lg font-semibold text-white">
        History
      </h2>
      <ol className="rounded-xl border border-zinc-800 bg-zinc-900 px-5 py-4">
        {events.map((event) => {
          const detail = eventDetail(event);
          return (
            <li key={event.id} className="border-t border-zinc-800 py-3 first:border-t-0">
              <p className="text-sm text-zinc-200">
                <span className="font-semibold text-white">
                  {eventLabels[event.type] ?? event.type}
                </span>{' '}
                by {who(event.actor)},{' '}
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </p>
              {detail && <p className="mt-1 text-sm break-words text-zinc-400">{detail}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** /admin/licenses/:id: the licence, its machines now and before, its history and actions. */
export function LicensePage() {
  const { id = '' } = useParams();
  const license = useQuery(adminLicenseQueryOptions(id));
  const data = license.data;

  return (
    <>
      {backLink}
      <AdminPageHeader title={data?.key ?? 'Licence'}>
        Its machines, its history, and what the store can do about it.
      </AdminPageHeader>
      {license.isPending ? (
        <div role="status" aria-label="Loading the licence" className="space-y-4">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : license.error instanceof ApiError && license.error.status === 404 ? (
        <EmptyState title="Licence not found">
          <Link to="/admin/licenses" className={link}>
            Back to the licences
          </Link>
        </EmptyState>
      ) : license.isError || !data ? (
        <ErrorAlert title="The licence could not be loaded.">
          <RetryButton onRetry={() => void license.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <div className="space-y-10">
          <Summary license={data} />
          <section aria-labelledby="license-machines" className="space-y-3">
            <h2 id="license-machines" className="text-lg font-semibold text-white">
              Machines
            </h2>
            {data.activations.length === 0 ? (
              <p className="text-sm text-zinc-400">Not activated on any machine yet.</p>
            ) : (
              <AdminTable
                label="Machines"
                widthClassName="sm:min-w-[40rem]"
                columns={activationColumns}
                rows={data.activations}
                rowKey={(a) => a.id}
              />
            )}
          </section>
          <History events={data.events} />
        </div>
      )}
    </>
  );
}
