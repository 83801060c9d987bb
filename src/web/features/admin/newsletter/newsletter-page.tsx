import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { inputClasses } from '#web/components/ui/text-field';
import { AdminPageHeader } from '../admin-page-header';
import { AdminPager } from '../admin-pager';
import { adminSubscriberPageQueryOptions, subscriberExportHref } from '../api/newsletter';
import { useListParams } from '../use-list-params';
import { subscriberListLabels, subscriberLists } from './subscriber-lists';
import { SubscriberTable } from './subscriber-table';

const KEYS = ['list', 'q', 'page'] as const;

/** /admin/newsletter: who confirmed a subscription, per list; their CSV; unsubscribing one. */
export function NewsletterPage() {
  const { params, set, pageHref } = useListParams(KEYS);
  const list = useQuery(adminSubscriberPageQueryOptions(params));
  const [q, setQ] = useState(params.q ?? '');
  const page = list.data;
  const filtered = Boolean(params.q || params.list);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: q.trim() || undefined });
  };

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <AdminPageHeader title="Newsletter">
          Everyone who confirmed a subscription and has not unsubscribed.
        </AdminPageHeader>
        <a
          href={subscriberExportHref(params)}
          download
          className={buttonClasses('primary', 'md', 'mb-8')}
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <label className="block text-sm font-medium text-zinc-200 sm:w-60">
          List
          <select
            value={params.list ?? ''}
            onChange={(event) => set({ list: event.target.value || undefined })}
            className={`${inputClasses} mt-1.5`}
          >
            <option value="">All lists</option>
            {subscriberLists.map((type) => (
              <option key={type} value={type}>
                {subscriberListLabels[type]}
              </option>
            ))}
          </select>
        </label>
        <form role="search" onSubmit={onSearch} className="flex flex-1 items-end gap-2">
          <label className="block flex-1 text-sm font-medium text-zinc-200">
            Search by e-mail
            <input
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              placeholder="name@example.com"
              className={`${inputClasses} mt-1.5`}
            />
          </label>
          <Button type="submit" variant="secondary" className="shrink-0 py-2.5">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </form>
      </div>

      <section aria-labelledby="subscriber-list-heading" className="mt-8 space-y-3">
        <h2 id="subscriber-list-heading" className="text-lg font-semibold text-white">
          {page
            ? `${page.total} ${page.total === 1 ? 'subscriber' : 'subscribers'}`
            : 'Subscribers'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading subscribers" className="space-y-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The subscribers could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={filtered ? 'No subscribers match.' : 'No subscribers yet.'}>
            {filtered
              ? 'Try another list or address.'
              : 'Signups appear here once they confirm their address.'}
          </EmptyState>
        ) : (
          <div aria-busy={list.isPlaceholderData}>
            <SubscriberTable subscribers={page!.data} />
          </div>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
