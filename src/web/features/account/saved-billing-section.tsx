import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { MapPin } from 'lucide-react';
import { savedBillingMessages } from '#shared/saved-billing';
import { savedBillingApi, savedBillingKeys, savedBillingQuery } from '#web/api/saved-billing';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';
import { billingSummaryLines } from './billing-summary';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * "Saved billing details" on /profile: the address the next checkout starts from (the last paid
 * checkout's), with a way to delete it; or a word on how it comes to be saved.
 */
export function SavedBillingSection() {
  const saved = useQuery(savedBillingQuery);
  const [deleting, setDeleting] = useState(false);

  return (
    <section
      aria-labelledby="saved-billing-heading"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2
            id="saved-billing-heading"
            className="flex items-center gap-2 text-lg font-semibold text-white"
          >
            <MapPin aria-hidden="true" className="size-5 text-brand-400" />
            Saved billing details
          </h2>
          <p className="mt-1 text-sm text-zinc-400">
            Your last order&apos;s billing details fill in your next checkout.
          </p>
        </div>
        {saved.data && (
          <Button
            variant="secondary"
            aria-label="Delete saved billing details"
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        )}
      </div>

      <div className="mt-5">
        {saved.isPending && <Skeleton className="h-24" />}
        {saved.isError && <ErrorAlert title={savedBillingMessages.loadFailed} />}
        {saved.data === null && (
          <p className="text-sm text-zinc-400">{savedBillingMessages.none}</p>
        )}
        {saved.data && (
          <>
            <address
              role="group"
              aria-label="Saved billing address"
              className="text-sm leading-6 text-zinc-200 not-italic"
            >
              {billingSummaryLines(saved.data.details).map((line) => (
                <span key={line} className="block break-words">
                  {line}
                </span>
              ))}
            </address>
            <p className="mt-3 text-xs text-zinc-400">
              Saved{' '}
              <time dateTime={saved.data.updatedAt}>
                {dateFormat.format(new Date(saved.data.updatedAt))}
              </time>
            </p>
          </>
        )}
      </div>
      <DeleteDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

/** Asks first; deleting forgets the details (the orders keep their own). */
function DeleteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: savedBillingApi.remove,
    onSuccess: async () => {
      toast.success(savedBillingMessages.deleted);
      onClose();
      await queryClient.invalidateQueries({ queryKey: savedBillingKeys.all() });
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            Delete your saved billing details?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            Your next checkout starts empty. Your past orders and their invoices keep the details
            they were paid with.
          </AlertDialog.Description>
          {remove.isError && (
            <div className="mt-4">
              <FormMessage tone="error">
                {authErrorMessage(remove.error, savedBillingMessages.deleteFailed)}
              </FormMessage>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Keep Them
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Deleting...' : 'Delete Details'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
