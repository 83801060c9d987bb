import { useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import toast from 'react-hot-toast';
import { Button, buttonClasses, type ButtonVariant } from '#web/components/ui/button';
import { useAdminWrite } from '../api/admin-write';
import { writeError } from '../forms/form-errors';

/**
 * A button whose write runs only once confirmed: "Sign out everywhere", "Lift the ban". The
 * dialog stays open with the server's message when the write fails.
 */
export function ConfirmWriteDialog({
  trigger,
  title,
  children,
  confirm,
  pending,
  variant = 'danger',
  run,
  done,
}: {
  trigger: string;
  title: string;
  children: ReactNode;
  confirm: string;
  pending: string;
  variant?: ButtonVariant;
  run: () => Promise<unknown>;
  done: string;
}) {
  const [open, setOpen] = useState(false);
  const write = useAdminWrite(run);
  const failed = write.isError ? writeError(write.error) : null;

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) write.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="secondary">{trigger}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            {children}
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
              variant={variant}
              disabled={write.isPending}
              onClick={() =>
                write.mutate(undefined, {
                  onSuccess: () => {
                    toast.success(done);
                    setOpen(false);
                  },
                })
              }
            >
              {write.isPending ? pending : confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
