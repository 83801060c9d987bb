import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '#web/components/ui/alert';
import { Skeleton } from '#web/components/ui/skeleton';
import { webhookDeliveryQueryOptions } from '../api/webhooks';

/** What a delivery sent (its body) and each attempt's answer, first bytes included. */
export function DeliveryDetail({
  endpointId,
  deliveryId,
}: {
  endpointId: string;
  deliveryId: string;
}) {
  const detail = useQuery(webhookDeliveryQueryOptions(endpointId, deliveryId));
  if (detail.isPending) return <Skeleton className="mt-3 h-24 rounded-lg" />;
  if (detail.isError) return <ErrorAlert title="The delivery could not be loaded." />;
  const { body, attemptLog, eventId } = detail.data;
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p className="text-zinc-400">
        webhook-id <code className="font-mono text-zinc-200">{eventId}</code>
      </p>
      <pre
        tabIndex={0}
        aria-label="Body sent"
        className="max-h-64 overflow-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs text-zinc-200"
      >
        {JSON.stringify(JSON.parse(body), null, 2)}
      </pre>
      {attemptLog.length > 0 && (
        <ol className="space-y-1">
          {attemptLog.map((attempt) => (
            <li key={`${attempt.attempt}-${attempt.startedAt}`} className="text-zinc-300">
              Attempt {attempt.attempt}: {attempt.succeeded ? 'delivered' : 'failed'}
              {attempt.responseStatus === null ? '' : `, HTTP ${attempt.responseStatus}`},{' '}
              {attempt.responseMs} ms
              {attempt.error ? ` (${attempt.error})` : ''}
              {attempt.responseBody ? (
                <span className="block break-all text-xs text-zinc-400">
                  Answer: {attempt.responseBody}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
