import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { webhookEventLabels } from '#shared/webhooks';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminWebhooksApi, webhooksQueryOptions } from '../api/webhooks';
import { SecretBox } from './secret-box';
import { WebhookForm } from './webhook-form';

/** /admin/webhooks: the endpoints the store posts its events to, and a form to add one. */
export function WebhooksPage() {
  const list = useQuery(webhooksQueryOptions());
  const [made, setMade] = useState<{ id: string; url: string; secret: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <>
      <AdminPageHeader title="Webhooks">
        The store posts its events (orders, refunds, licence activations, reviews, newsletter
        confirmations) to your endpoints, signed in the Standard Webhooks format, and retries a
        failure with a growing wait.
      </AdminPageHeader>

      <section aria-labelledby="endpoints-heading" className="space-y-3">
        <h2 id="endpoints-heading" className="text-lg font-semibold text-white">
          Endpoints
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading endpoints" className="space-y-2">
            {[0, 1].map((key) => (
              <Skeleton key={key} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The endpoints could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : list.data.length === 0 ? (
          <EmptyState title="No endpoints yet.">
            Add one below to receive the store's events.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
            {list.data.map((endpoint) => (
              <li key={endpoint.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
                <Link
                  to={`/admin/webhooks/${endpoint.id}`}
                  className="min-w-0 flex-1 break-all font-medium text-brand-300 underline-offset-4 hover:underline"
                >
                  {endpoint.url}
                </Link>
                <span
                  className={
                    endpoint.enabled
                      ? 'text-sm text-emerald-300'
                      : 'text-sm font-medium text-red-300'
                  }
                >
                  {endpoint.enabled ? 'Enabled' : 'Disabled'}
                </span>
                <p className="w-full text-sm text-zinc-400">
                  {endpoint.description ? `${endpoint.description} · ` : ''}
                  {endpoint.events.map((type) => webhookEventLabels[type]).join(', ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-heading" className="mt-10 max-w-2xl space-y-4">
        <h2 id="add-heading" className="text-lg font-semibold text-white">
          Add an endpoint
        </h2>
        {made && (
          <div role="status" className="space-y-2">
            <SecretBox
              secret={made.secret}
              note={`Endpoint added: ${made.url}. Its signing secret is below; your receiver verifies each delivery with it. You can show it again from the endpoint's page.`}
            />
            <Link
              to={`/admin/webhooks/${made.id}`}
              className="text-sm text-brand-300 underline-offset-4 hover:underline"
            >
              Open the endpoint
            </Link>
          </div>
        )}
        <WebhookForm
          key={formKey}
          submitLabel="Add endpoint"
          pendingLabel="Adding..."
          run={adminWebhooksApi.create}
          onSaved={(result) => {
            setMade({ id: result.data.id, url: result.data.url, secret: result.secret });
            setFormKey((key) => key + 1);
          }}
        />
      </section>
    </>
  );
}
