import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from '#web/components/shell/toast';
import type { AdminSupportThread } from '#shared/admin-support';
import { supportCategoryLabels } from '#shared/support';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { useAdminWrite } from '../api/admin-write';
import { adminSupportApi, adminSupportThreadQueryOptions } from '../api/support';
import { writeError } from '../forms/form-errors';
import { ReplyForm } from './reply-form';
import { SupportStatusBadge } from './support-status-badge';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Close a message, or reopen a closed one. */
function StatusAction({ thread }: { thread: AdminSupportThread }) {
  const next = thread.status === 'closed' ? 'open' : 'closed';
  const change = useAdminWrite(() => adminSupportApi.setStatus(thread.id, next));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        disabled={change.isPending}
        onClick={() =>
          change.mutate(undefined, {
            onSuccess: () =>
              toast.success(next === 'closed' ? 'Message closed' : 'Message reopened'),
          })
        }
      >
        {next === 'closed' ? 'Close message' : 'Reopen message'}
      </Button>
      {change.isError && (
        <p role="alert" className="text-sm text-red-300">
          {writeError(change.error).message}
        </p>
      )}
    </div>
  );
}

/** One entry of the thread: who wrote, when, and what. */
function ThreadEntry({
  from,
  at,
  body,
  store,
}: {
  from: string;
  at: string;
  body: string;
  store?: boolean;
}) {
  return (
    <li
      className={`rounded-xl border p-5 ${store ? 'border-brand-500/30 bg-brand-600/10' : 'border-zinc-800 bg-zinc-900'}`}
    >
      <p className="text-sm text-zinc-400">
        <span className="font-medium break-all text-zinc-100">{from}</span> ·{' '}
        <time dateTime={at}>{when(at)}</time>
      </p>
      <p className="mt-3 text-sm break-words whitespace-pre-wrap text-zinc-200">{body}</p>
    </li>
  );
}

/** /admin/support/:id: the message, the store's replies, and a reply form. */
export function SupportMessagePage() {
  const { id = '' } = useParams();
  const query = useQuery(adminSupportThreadQueryOptions(id));
  const thread = query.data;

  return (
    <>
      <Link
        to="/admin/support"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-zinc-300 hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All messages
      </Link>
      {query.isPending ? (
        <div role="status" aria-label="Loading the message" className="space-y-3">
          <Skeleton className="h-10 w-2/3 rounded-lg" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : query.isError ? (
        <ErrorAlert title={writeError(query.error).message ?? 'The message could not be loaded.'}>
          <RetryButton onRetry={() => void query.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <>
          <div className="min-w-0 break-words">
            <AdminPageHeader title={thread!.subject}>
              {supportCategoryLabels[thread!.category]} · from {thread!.name}
            </AdminPageHeader>
          </div>
          <div className="-mt-2 mb-8 flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-zinc-400">
              Status <SupportStatusBadge status={thread!.status} />
            </p>
            <StatusAction thread={thread!} />
          </div>
          <section aria-labelledby="thread-heading" className="space-y-3">
            <h2 id="thread-heading" className="text-lg font-semibold text-white">
              Conversation
            </h2>
            <ol className="space-y-3">
              <ThreadEntry
                from={`${thread!.name} <${thread!.email}>`}
                at={thread!.createdAt}
                body={thread!.message}
              />
              {thread!.replies.map((reply) => (
                <ThreadEntry
                  key={reply.id}
                  from={`Loopmarket support${reply.author ? ` (${reply.author.email})` : ''}`}
                  at={reply.createdAt}
                  body={reply.body}
                  store
                />
              ))}
            </ol>
          </section>
          <div className="mt-8">
            <ReplyForm thread={thread!} />
          </div>
        </>
      )}
    </>
  );
}
