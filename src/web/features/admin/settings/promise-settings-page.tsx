import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { promiseMessages, promiseSettingsSchema, type PromiseSettings } from '#shared/promises';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import {
  promiseSettingsKey,
  promiseSettingsQueryOptions,
  savePromiseSettings,
} from '../api/promises';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import { SettingsTabs } from './settings-tabs';

/** The days as typed: '' or 0 for no guarantee. */
const daysOf = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));

function PromisesForm({ promises }: { promises: PromiseSettings }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(promises.refundDays > 0 ? String(promises.refundDays) : '');
  const [freeUpdates, setFreeUpdates] = useState(promises.freeUpdates);
  const save = useCheckedWrite(promiseSettingsSchema, savePromiseSettings);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { refundDays: daysOf(days), freeUpdates };
    save.submit(input, input, (saved) => {
      queryClient.setQueryData(promiseSettingsKey(), saved);
      setDays(saved.refundDays > 0 ? String(saved.refundDays) : '');
      setFreeUpdates(saved.freeUpdates);
      toast.success(promiseMessages.saved);
    });
  };

  return (
    <Card as="section" aria-labelledby="promises-heading" className="p-5 sm:p-6">
      <h2 id="promises-heading" className="text-lg font-semibold text-white">
        What every product promises
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Unless a product says otherwise in its editor. Product pages show a promise only where it is
        made.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-5 sm:grid-cols-2">
        <Field
          label="Money-back guarantee (days)"
          errors={save.errors.refundDays}
          hint="Empty or 0: no money-back guarantee. Shown as “14-day money-back guarantee”."
        >
          {(control) => (
            <input
              {...control}
              name="refundDays"
              inputMode="numeric"
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          )}
        </Field>
        <div className="flex items-start sm:pt-8">
          <label className="flex items-center gap-3 text-sm text-zinc-200">
            <input
              type="checkbox"
              name="freeUpdates"
              checked={freeUpdates}
              onChange={(event) => setFreeUpdates(event.target.checked)}
              className="size-4 accent-brand-500"
            />
            Products get free updates
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save promises'}
          </Button>
          <WriteFailure message={save.message} />
        </div>
      </form>
    </Card>
  );
}

/** /admin/settings/promises: the store's money-back window and free updates. */
export function PromiseSettingsPage() {
  const promises = useQuery(promiseSettingsQueryOptions());
  return (
    <>
      <AdminPageHeader title="Promises">
        What your store promises its buyers. Nothing is promised until you say so here or on a
        product.
      </AdminPageHeader>
      <SettingsTabs />
      {promises.isPending ? (
        <div role="status" aria-label="Loading the promises">
          <Skeleton className="h-56 rounded-xl" />
        </div>
      ) : promises.isError ? (
        <ErrorAlert title="The promises could not be loaded.">
          <RetryButton onRetry={() => void promises.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <PromisesForm promises={promises.data} />
      )}
    </>
  );
}
