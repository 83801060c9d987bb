import { Dialog } from 'radix-ui';
import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button';

/** After sign-up: the confirmation email is on its way. Closing leads on. */
export function CheckEmailDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 text-center shadow-2xl">
          <MailCheck aria-hidden="true" className="mx-auto size-10 text-brand-400" />
          <Dialog.Title className="mt-4 text-xl font-semibold text-white">
            Check your email
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-300">
            We sent a confirmation link to <strong className="text-white">{email}</strong>. Open it
            to activate your account, then sign in. The link expires in 24 hours.
          </Dialog.Description>
          <Dialog.Close asChild>
            <Button size="lg" className="mt-6 w-full">
              Close
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
