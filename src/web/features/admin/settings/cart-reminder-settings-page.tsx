import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cartReminderMessages,
  cartReminderSettingsSchema,
  type CartReminderSettings,
} from '#shared/cart-reminders';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import {
  cartReminderSettingsKey,
  cartReminderSettingsQueryOptions,
  saveCartReminderSettings,
} from '../api/cart-reminders';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import { SettingsTabs } from './settings-tabs';

function RemindersForm({ settings }: { settings: CartReminderSettings }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [hours, setHours] = useState(String(settings.delayHours));
  const save = useCheckedWrite(cartReminderSettingsSchema, saveCartReminderSettings);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { enabled, delayHours: Number(hours.trim()) };
    save.submit(input, input, (saved) => {
      queryClient.setQueryData(cartReminderSettingsKey(), saved);
      setEnabled(saved.enabled);
      setHours(String(saved.delayHours));
      toast.success(cartReminderMessages.saved);
    });
  };

  return (
    <Card as="section" aria-labelledby="reminders-heading" className="p-5 sm:p-6">
      <h2 id="reminders-heading" className="text-lg font-semibold text-white">
        Cart reminders
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        One e-mail to a buyer who left a cart: signed-in buyers, and guests who ticked the box at
        checkout. Never after they bought since, never twice before their next purchase, never to an
        address that unsubscribed from your mail.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-5 sm:grid-cols-2">
        <div className="flex items-start sm:col-span-2">
          <label className="flex items-center gap-3 text-sm text-zinc-200">
            <input
              type="checkbox"
              name="enabled"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              className="size-4 accent-brand-500"
            />
            Send cart reminders
          </label>
        </div>
        <Field
          label="Send after (hours)"
          errors={save.errors.delayHours}
          hint="How long after the cart last changed. From 1 to 168 hours (a week)."
        >
          {(control) => (
            <input
              {...control}
              name="delayHours"
              inputMode="numeric"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save reminders'}
          </Button>
          <WriteFailure message={save.message} />
        </div>
      </form>
    </Card>
  );
}

/** /admin/settings/reminders: whether cart reminders are sent, and after how long. */
export function CartReminderSettingsPage() {
  const settings = useQuery(cartReminderSettingsQueryOptions());
  return (
    <>
      <AdminPageHeader title="Reminders">
        Remind buyers of the carts they left, once. Off until you switch it on.
      </AdminPageHeader>
      <SettingsTabs />
      {settings.isPending ? (
        <div role="status" aria-label="Loading the reminder settings">
          <Skeleton className="h-56 rounded-xl" />
        </div>
      ) : settings.isError ? (
        <ErrorAlert title="The reminder settings could not be loaded.">
          <RetryButton onRetry={() => void settings.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <RemindersForm settings={settings.data} />
      )}
    </>
  );
}
