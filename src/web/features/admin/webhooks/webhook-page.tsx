import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { useAdminWrite } from '../api/admin-write';
import { adminWebhooksApi, webhookQueryOptions } from '../api/webhooks';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { DeliveryList } from './delivery-list';
import { SecretBox } from './secret-box';
import { WebhookForm } from './webhook-form';

/**
 * /admin/webhooks/:id: one endpoint: the notice when the store disabled it (and the way to
 * enable it again), its secret on request, a test event, its settings and its deliveries.
 */
export function WebhookPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const endpoint = useQuery(webhookQueryOptions(id));
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const enable = useAdminWrite((enabled: boolean) =>
    adminWebhooksApi.update({ id, input: { enabled } }),
  );
  const reveal = useAdminWrite(() => adminWebhooksApi.secret(id));

  if (endpoint.isPending) {
    return (
      <div role="status" aria-label="Loading the endpoint" className="space-y-3">
        <Skeleton className="h-10 w-2/3 rounded-lg" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  if (endpoint.isError) {
    return (
      <ErrorAlert title="This endpoint could not be loaded.">
        <RetryButton onRetry={() => void endpoint.refetch()} className="mt-2" />
      </ErrorAlert>
    );
  }
  const data = endpoint.data;

  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/admin/webhooks" className="text-brand-300 underline-offset-4 hover:underline">
          All webhooks
        </Link>
      </p>
      <AdminPageHeader title="Webhook endpoint">
        <span className="break-all">{data.url}</span>
      </AdminPageHeader>

      {!data.enabled && (
        <div
          role="alert"
          className="mb-6 rounded-xl border border-red-500/40 bg-red-950/40 p-4 text-sm text-red-100"
        >
          <p className="font-medium">This endpoint is disabled.</p>
          <p className="mt-1">
            {data.disabledReason ??
              'You switched it off. Nothing is sent to it until it is enabled.'}
          </p>
          <Button
            className="mt-3"
            size="sm"
            disabled={enable.isPending}
            onClick={() => enable.mutate(true)}
          >
            {enable.isPending ? 'Enabling...' : 'Enable endpoint'}
          </Button>
        </div>
      )}

      <section aria-labelledby="actions-heading" className="mb-8 space-y-3">
        <h2 id="actions-heading" className="sr-only">
          Actions
        </h2>
        <div className="flex flex-wrap gap-2">
          <ConfirmWriteDialog
            trigger={
              <Button variant="secondary" size="sm">
                Send test event
              </Button>
            }
            title="Send a test event?"
            confirm="Send"
            pending="Sending..."
            danger={false}
            run={() => adminWebhooksApi.test(id)}
            done="Test event queued"
          >
            A webhook.test event is queued for this endpoint and appears in its deliveries.
          </ConfirmWriteDialog>
          <Button
            variant="secondary"
            size="sm"
            disabled={reveal.isPending}
            onClick={() =>
              reveal.mutate(undefined, {
                onSuccess: (value) => setSecret({ value, rotated: false }),
              })
            }
          >
            Show signing secret
          </Button>
          <ConfirmWriteDialog
            trigger={
              <Button variant="secondary" size="sm">
                Rotate secret
              </Button>
            }
            title="Rotate the signing secret?"
            confirm="Rotate"
            pending="Rotating..."
            run={async () => setSecret({ value: await adminWebhooksApi.rotate(id), rotated: true })}
            done="Secret rotated"
          >
            Deliveries are signed with the new secret from now on; the old one stops verifying.
            Update your receiver with the new secret.
          </ConfirmWriteDialog>
          {data.enabled && (
            <ConfirmWriteDialog
              trigger={
                <Button variant="secondary" size="sm">
                  Disable
                </Button>
              }
              title="Disable this endpoint?"
              confirm="Disable"
              pending="Disabling..."
              run={() => adminWebhooksApi.update({ id, input: { enabled: false } })}
              done="Endpoint disabled"
            >
              Nothing is sent to it until you enable it again; events in between are not sent.
            </ConfirmWriteDialog>
          )}
          <ConfirmWriteDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-red-300 hover:text-red-200">
                Delete
              </Button>
            }
            title="Delete this endpoint?"
            confirm="Delete"
            pending="Deleting..."
            run={async () => {
              await adminWebhooksApi.remove(id);
              void navigate('/admin/webhooks');
            }}
            done="Endpoint deleted"
          >
            The endpoint and its delivery log are deleted. This cannot be undone.
          </ConfirmWriteDialog>
        </div>
        {secret && (
          <SecretBox
            secret={secret.value}
            note={
              secret.rotated
                ? 'The new signing secret. Update your receiver with it.'
                : 'The signing secret your receiver verifies each delivery with.'
            }
          />
        )}
      </section>

      <section aria-labelledby="deliveries-heading" className="mb-10">
        <DeliveryList endpointId={id} enabled={data.enabled} />
      </section>

      <section aria-labelledby="settings-heading" className="max-w-2xl space-y-4">
        <h2 id="settings-heading" className="text-lg font-semibold text-white">
          Settings
        </h2>
        <WebhookForm
          key={`${data.url}|${data.description}|${data.events.join()}`}
          initial={data}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          run={(input) => adminWebhooksApi.update({ id, input })}
          onSaved={() => {}}
        />
      </section>
    </>
  );
}
