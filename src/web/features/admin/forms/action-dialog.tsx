import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button, buttonClasses } from '#web/components/ui/button';

/**
 * An admin action asked about first: what it does, what it needs (`children`: a choice, a
 * reason), and why the server refused it, if it did. The dialog stays open until the action
 * succeeds or the owner cancels.
 */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  danger = false,
  pending,
  canConfirm = true,
  error,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  danger?: boolean;
  pending: boolean;
  canConfirm?: boolean;
  error: string | null;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-zinc-300">
            {description}
          </AlertDialog.Description>
          {children && <div className="mt-4 space-y-4">{children}</div>}
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Cancel
            </AlertDialog.Cancel>
            <Button
              variant={danger ? 'danger' : 'primary'}
              disabled={pending || !canConfirm}
              onClick={onConfirm}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
