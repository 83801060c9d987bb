import { useQuery } from '@tanstack/react-query';
import { supportStatusLabels, supportStatuses } from '#shared/support-status';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { inputClasses } from '#web/components/ui/text-field';
import { AdminPageHeader } from '../admin-page-header';
import { AdminPager } from '../admin-pager';
import { adminSupportPageQueryOptions } from '../api/support';
import { useListParams } from '../use-list-params';
import { SupportTable } from './support-table';

const KEYS = ['status', 'page'] as const;

/** /admin/support: the contact form's messages, newest first, by status. */
export function SupportPage() {
  const { params, set, pageHref } = useListParams(KEYS);
  const list = useQuery(adminSupportPageQueryOptions(params));
  const page = list.data;

  return (
    <>
      <AdminPageHeader title="Support">
        Messages from the contact form. Open one to read it and reply by e-mail.
      </AdminPageHeader>

      <label className="block text-sm font-medium text-zinc-200 sm:w-60">
        Status
        <select
          value={params.status ?? ''}
          onChange={(event) => set({ status: event.target.value || undefined })}
          className={`${inputClasses} mt-1.5`}
        >
          <option value="">All messages</option>
          {supportStatuses.map((status) => (
            <option key={status} value={status}>
              {supportStatusLabels[status]}
            </option>
          ))}
        </select>
      </label>

      <section aria-labelledby="support-list-heading" className="mt-8 space-y-3">
        <h2 id="support-list-heading" className="text-lg font-semibold text-white">
          {page ? `${page.total} ${page.total === 1 ? 'message' : 'messages'}` : 'Messages'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading messages" className="space-y-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The messages could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={params.status ? 'No messages with this status.' : 'No messages yet.'}>
            {params.status
              ? 'Choose another status.'
              : 'Messages sent from the support page appear here.'}
          </EmptyState>
        ) : (
          <div aria-busy={list.isPlaceholderData}>
            <SupportTable messages={page!.data} />
          </div>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
