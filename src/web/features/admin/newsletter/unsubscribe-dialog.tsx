import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import toast from 'react-hot-toast';
import type { AdminSubscriber } from '#shared/admin-newsletter';
import { Button, buttonClasses } from '#web/components/ui/button';
import { adminNewsletterApi } from '../api/newsletter';
import { useAdminWrite } from '../api/admin-write';
import { writeError } from '../forms/form-errors';
import { subscriberListLabels } from './subscriber-lists';

/** Unsubscribe someone who asked, once confirmed. */
export function UnsubscribeDialog({ subscriber }: { subscriber: AdminSubscriber }) {
  const [open, setOpen] = useState(false);
  const unsubscribe = useAdminWrite(() => adminNewsletterApi.unsubscribe(subscriber.id));
  const failed = unsubscribe.isError ? writeError(unsubscribe.error) : null;
  const list = subscriberListLabels[subscriber.list];

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) unsubscribe.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-300 hover:text-red-200"
          aria-label={`Unsubscribe ${subscriber.email} from ${list}`}
        >
          Unsubscribe
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            Unsubscribe {subscriber.email}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-zinc-300">
            They stop receiving {list} e-mails and leave the export. To come back, they sign up
            again and confirm.
          </AlertDialog.Description>
          {failed?.message && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {failed.message}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Cancel
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={unsubscribe.isPending}
              onClick={() =>
                unsubscribe.mutate(undefined, {
                  onSuccess: () => {
                    toast.success(`${subscriber.email} unsubscribed`);
                    setOpen(false);
                  },
                })
              }
            >
              {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
