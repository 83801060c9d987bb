import { useQuery } from '@tanstack/react-query';
import { auditAuthor, type AuditEntryView } from '#shared/admin';
import { ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { adminCustomerAuditQueryOptions } from '../api/customers';
import { formatDateTime } from './customer-dates';

const actionLabels: Record<string, string> = {
  ban: 'Banned',
  unban: 'Ban lifted',
  'revoke-sessions': 'Signed out everywhere',
};

/** What an entry changed, in the words of the customer's page. */
function details(entry: AuditEntryView): [label: string, value: string][] {
  const after = (field: string) => entry.changes[field]?.[1];
  const lines: [string, string][] = [];
  const reason = after('banReason');
  if (entry.action === 'ban' && typeof reason === 'string') lines.push(['Reason', reason]);
  if (entry.action === 'ban' && 'banExpires' in entry.changes) {
    const end = after('banExpires');
    lines.push(['Until', typeof end === 'string' ? formatDateTime(end) : 'Lifted by an admin']);
  }
  const ended = entry.changes.sessions?.[0];
  if (typeof ended === 'number') {
    lines.push(['Sessions ended', String(ended)]);
  }
  return lines;
}

/** Who banned, unbanned or signed out the customer, and when: newest first. */
export function CustomerHistory({ id }: { id: string }) {
  const history = useQuery(adminCustomerAuditQueryOptions(id));
  return (
    <section aria-labelledby="customer-history" className="space-y-3">
      <h2 id="customer-history" className="text-lg font-semibold text-white">
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
        <p className="text-sm text-zinc-400">No admin has changed this account.</p>
      ) : (
        <ol className="rounded-xl border border-zinc-800 bg-zinc-900 px-5 py-4">
          {history.data.map((entry) => (
            <li key={entry.id} className="border-t border-zinc-800 py-3 first:border-t-0">
              <p className="text-sm text-zinc-200">
                <span className="font-semibold text-white">
                  {actionLabels[entry.action] ?? entry.action}
                </span>{' '}
                by {auditAuthor(entry)},{' '}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
                {details(entry).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-zinc-400">{label}</dt>
                    <dd className="break-words text-zinc-200">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
