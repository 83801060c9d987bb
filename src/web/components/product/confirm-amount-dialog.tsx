import { AlertDialog } from 'radix-ui';
import { pwywMessages } from '#shared/pay-what-you-want';
import { Button, buttonClasses } from '#web/components/ui/button';

/** Asked above the owner's confirm amount: the buyer says yes to paying that much, or not. */
export function ConfirmAmountDialog({
  name,
  amount,
  onAnswer,
}: {
  name: string;
  amount: number;
  onAnswer: (confirmed: boolean) => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            {pwywMessages.confirmTitle}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            {pwywMessages.confirmRequired(name, amount)}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Change amount
            </AlertDialog.Cancel>
            <Button onClick={() => onAnswer(true)}>{pwywMessages.confirmAction(amount)}</Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
