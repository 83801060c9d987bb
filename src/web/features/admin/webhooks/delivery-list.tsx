import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookDelivery } from '#shared/webhooks';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { adminWebhooksApi, webhookDeliveriesQueryOptions } from '../api/webhooks';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { DeliveryDetail } from './delivery-detail';

const statusLabels: Record<WebhookDelivery['status'], string> = {
  queued: 'Waiting',
  succeeded: 'Delivered',
  failed: 'Failed',
};
const statusColours: Record<WebhookDelivery['status'], string> = {
  queued: 'text-amber-200',
  succeeded: 'text-emerald-300',
  failed: 'text-red-300',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The endpoint's deliveries, newest first: status, answer, time, attempts, and replay. */
export function DeliveryList({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery(webhookDeliveriesQueryOptions(endpointId, page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <>
      <h2 id="deliveries-heading" className="mb-3 text-lg font-semibold text-white">
        Deliveries{list.data ? ` (${list.data.total})` : ''}
      </h2>
      {list.isPending ? (
        <div role="status" aria-label="Loading deliveries" className="space-y-2">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-14 rounded-lg" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorAlert title="The deliveries could not be loaded.">
          <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No deliveries yet.">
          Events the endpoint hears appear here as they are sent.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
          {list.data.data.map((delivery) => (
            <li key={delivery.id} className="p-4">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <code className="font-mono text-zinc-100">{delivery.type}</code>
                <span className={`font-medium ${statusColours[delivery.status]}`}>
                  {statusLabels[delivery.status]}
                </span>
                <span className="text-zinc-300">
                  {delivery.responseStatus === null
                    ? 'No answer'
                    : `HTTP ${delivery.responseStatus}`}
                  {delivery.responseMs === null ? '' : ` · ${delivery.responseMs} ms`}
                </span>
                <span className="text-zinc-400">
                  {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
                <span className="text-zinc-400">{when(delivery.createdAt)}</span>
                {delivery.replayOf && <span className="text-zinc-400">Replay</span>}
                <span className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={open === delivery.id}
                    aria-label={`Details of ${delivery.type} at ${when(delivery.createdAt)}`}
                    onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                  >
                    Details
                  </Button>
                  {enabled && delivery.status !== 'queued' && (
                    <ConfirmWriteDialog
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Replay ${delivery.type} at ${when(delivery.createdAt)}`}
                        >
                          Replay
                        </Button>
                      }
                      title="Send this event again?"
                      confirm="Replay"
                      pending="Queuing..."
                      danger={false}
                      run={() =>
                        adminWebhooksApi.replay({ id: endpointId, deliveryId: delivery.id })
                      }
                      done="Delivery queued again"
                    >
                      The same body is sent again under the same webhook-id, as a new delivery.
                    </ConfirmWriteDialog>
                  )}
                </span>
              </div>
              {delivery.lastError && (
                <p className="mt-1 break-words text-sm text-red-300">{delivery.lastError}</p>
              )}
              {open === delivery.id && (
                <DeliveryDetail endpointId={endpointId} deliveryId={delivery.id} />
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Deliveries pages" className="mt-3 flex items-center gap-3 text-sm">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </Button>
          <span className="text-zinc-400">
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </Button>
        </nav>
      )}
    </>
  );
}
