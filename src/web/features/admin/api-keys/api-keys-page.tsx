import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CreatedApiKey } from '#shared/api-keys';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { apiKeysQueryOptions } from '../api/api-keys';
import { ApiKeyTable } from './api-key-table';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewKeyPanel } from './new-key-panel';

/** /admin/api-keys: keys for programs that use the admin API, each within its scopes. */
export function ApiKeysPage() {
  const list = useQuery(apiKeysQueryOptions());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <>
      <AdminPageHeader title="API keys">
        A program (an accounting sync, a script) reaches the admin API with a key: only what its
        scopes allow, until it expires or you revoke it. Each key is shown once, when it is made.
      </AdminPageHeader>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          {created && <NewKeyPanel created={created} onDone={() => setCreated(null)} />}
          <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
            <CreateApiKeyForm onCreated={setCreated} />
          </div>
        </div>

        <section aria-labelledby="key-list-heading" className="min-w-0 space-y-3">
          <h2 id="key-list-heading" className="text-lg font-semibold text-white">
            Keys
          </h2>
          {list.isPending ? (
            <div role="status" aria-label="Loading keys" className="space-y-2">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} className="h-12 rounded-lg" />
              ))}
            </div>
          ) : list.isError ? (
            <ErrorAlert title="The keys could not be loaded.">
              <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
            </ErrorAlert>
          ) : list.data.data.length === 0 ? (
            <EmptyState title="No API keys yet.">Make one with the form.</EmptyState>
          ) : (
            <ApiKeyTable keys={list.data.data} />
          )}
        </section>
      </div>
    </>
  );
}
