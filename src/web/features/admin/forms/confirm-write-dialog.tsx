import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { useAdminWrite } from '../api/admin-write';
import { ActionDialog } from './action-dialog';
import { writeError } from './form-errors';

/**
 * A write that runs only once confirmed ("Sign out everywhere", "Unsubscribe", "Delete
 * category"): `trigger` opens the question, the write runs on `confirm`, a toast says `done`,
 * and the dialog stays open with the server's message when the write fails.
 */
export function ConfirmWriteDialog({
  trigger,
  title,
  children,
  confirm,
  pending,
  danger = true,
  run,
  done,
  alsoRefresh,
}: {
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  confirm: string;
  pending: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  done: string;
  /** The store's own data in this tab that the write changes (see useAdminWrite). */
  alsoRefresh?: readonly QueryKey[];
}) {
  const [open, setOpen] = useState(false);
  const write = useAdminWrite(run, alsoRefresh);
  const failed = write.isError ? writeError(write.error) : null;

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) write.reset();
      }}
      trigger={trigger}
      title={title}
      description={children}
      confirmLabel={confirm}
      pendingLabel={pending}
      danger={danger}
      pending={write.isPending}
      error={failed?.message ?? null}
      // Through the promise, not mutate's own callbacks: the refresh after the write can remove
      // the dialog (a row whose "Mark paid" is gone once nothing is owed), and React Query skips
      // those callbacks once the component that asked is gone; the owner would hear nothing.
      onConfirm={() =>
        write.mutateAsync(undefined).then(
          () => {
            toast.success(done);
            setOpen(false);
          },
          // A refusal is shown from the mutation's state (`failed` above).
          () => {},
        )
      }
    />
  );
}
