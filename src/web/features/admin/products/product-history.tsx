import { useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '#shared/admin-categories';
import { auditAuthor } from '#shared/admin';
import type { AuditEntryView } from '#shared/admin-products-api';
import { ErrorAlert } from '#web/components/ui/alert';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { adminProductAuditQueryOptions } from '../api/products';
import { actionLabels, auditValue, fieldLabel, inEditorOrder } from './audit-values';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Entry({ entry, categories }: { entry: AuditEntryView; categories: AdminCategory[] }) {
  const changes = inEditorOrder(entry.changes);
  const created = entry.action === 'create';
  return (
    <li className="border-t border-zinc-800 py-4 first:border-t-0 first:pt-0">
      <p className="text-sm text-zinc-200">
        <span className="font-semibold text-white">
          {actionLabels[entry.action] ?? entry.action}
        </span>{' '}
        by {auditAuthor(entry)},{' '}
        <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        {changes.map(([field, [before, after]]) => (
          <div key={field} className="contents">
            <dt className="text-zinc-400">{fieldLabel(field)}</dt>
            <dd className="break-words text-zinc-200">
              {created ? (
                auditValue(field, after, categories)
              ) : (
                <>
                  <span className="text-zinc-400">{auditValue(field, before, categories)}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> changed to </span>
                  {auditValue(field, after, categories)}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Who changed what on the product, and when: its audit log, newest first. */
export function ProductHistory({ id, categories }: { id: string; categories: AdminCategory[] }) {
  const history = useQuery(adminProductAuditQueryOptions(id));
  return (
    <Card as="section" aria-labelledby="product-history" className="mt-8 p-5 sm:p-6">
      <h2 id="product-history" className="mb-4 text-lg font-semibold text-white">
        History
      </h2>
      {history.isPending ? (
        <div role="status" aria-label="Loading the history">
          <Skeleton className="h-16 rounded-lg" />
        </div>
      ) : history.isError ? (
        <ErrorAlert title="The history could not be loaded.">
          <RetryButton onRetry={() => void history.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-zinc-400">No changes recorded yet.</p>
      ) : (
        <ol>
          {history.data.map((entry) => (
            <Entry key={entry.id} entry={entry} categories={categories} />
          ))}
        </ol>
      )}
    </Card>
  );
}
