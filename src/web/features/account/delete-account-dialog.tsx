import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { Fingerprint, Mail, TriangleAlert } from 'lucide-react';
import { leavingMessages } from '#shared/account-leaving';
import { SIGN_IN_CODE_LENGTH } from '#shared/auth';
import { leavingApi, signInMethodsQuery } from '#web/api/devices-and-leaving';
import { ApiError } from '#web/api/http';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { PasswordField } from './account-fields';
import { FormMessage } from './auth-card';
import { useLeaveSession } from './use-leave-session';

type Confirmation =
  { by: 'password'; password: string } | { by: 'code'; code: string } | { by: 'passkey' };

/** How a deletion that did not happen reads: a wrong password in our words, else the server's. */
function failure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
    return leavingMessages.wrongPassword;
  }
  if (error instanceof ApiError && error.status < 500 && error.code !== 'NETWORK') {
    return error.message;
  }
  return leavingMessages.deleteFailed;
}

/**
 * "Delete my account": what deleting does, then the confirmation: the password, or for an account
 * without one a fresh sign-in (an e-mailed code or a passkey) right before the deletion.
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const methods = useQuery({ ...signInMethodsQuery, enabled: open });
  const leave = useLeaveSession();

  const remove = useMutation({
    mutationFn: async (confirm: Confirmation) => {
      // A fresh sign-in first, for an account without a password: its new session confirms.
      if (confirm.by === 'passkey') await leavingApi.signInWithPasskey(email);
      if (confirm.by === 'code') await leavingApi.signInWithCode(email, confirm.code);
      return leavingApi.deleteAccount(confirm.by === 'password' ? confirm.password : undefined);
    },
    onSuccess: async () => {
      toast.success(leavingMessages.accountDeleted);
      await leave('/');
    },
  });
  const sendCode = useMutation({ mutationFn: () => leavingApi.sendSignInCode(email) });

  const reset = () => {
    setPassword('');
    setCode('');
    remove.reset();
    sendCode.reset();
  };
  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password) remove.mutate({ by: 'password', password });
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) remove.mutate({ by: 'code', code: code.trim() });
  };
  const error = remove.isError ? failure(remove.error) : null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">Delete my account</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <Dialog.Title className="flex items-center gap-2 text-xl font-semibold text-white">
            <TriangleAlert aria-hidden="true" className="size-5 text-red-400" />
            Delete your account?
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-2 text-sm text-zinc-300">
              <p>This cannot be undone.</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>You are signed out on every device.</li>
                <li>Your downloads end, and your newsletter subscription stops.</li>
                <li>
                  Your orders stay in the store&apos;s books without your name, e-mail or address.
                </li>
              </ul>
              <p>Download your data first if you want a copy.</p>
            </div>
          </Dialog.Description>

          <div className="mt-5 space-y-4">
            {error && <FormMessage tone="error">{error}</FormMessage>}
            {methods.isPending && <Skeleton className="h-24" />}
            {methods.isError && (
              <FormMessage tone="error">{leavingMessages.deleteFailed}</FormMessage>
            )}
            {methods.data?.hasPassword && (
              <form onSubmit={onPassword} className="space-y-4" noValidate>
                <PasswordField
                  label="Your password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <DialogButtons pending={remove.isPending} disabled={!password} />
              </form>
            )}
            {methods.data && !methods.data.hasPassword && (
              <>
                <p className="text-sm text-zinc-300">
                  Confirm it is you by signing in again: we e-mail a code to{' '}
                  <strong className="text-white">{email}</strong>
                  {methods.data.hasPasskey ? ', or use one of your passkeys.' : '.'}
                </p>
                {sendCode.isSuccess ? (
                  <form onSubmit={onCode} className="space-y-4" noValidate>
                    <TextField
                      label="Sign-in code"
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={SIGN_IN_CODE_LENGTH}
                      value={code}
                      onChange={(event) => setCode(event.target.value)}
                      hint="The code expires in 10 minutes."
                    />
                    <DialogButtons pending={remove.isPending} disabled={!code.trim()} />
                  </form>
                ) : (
                  <div className="flex flex-wrap gap-3">
                    <Button
                      variant="secondary"
                      disabled={sendCode.isPending}
                      onClick={() => sendCode.mutate()}
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      {sendCode.isPending ? 'Sending...' : 'E-mail me a code'}
                    </Button>
                    {methods.data.hasPasskey && (
                      <Button
                        variant="danger"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate({ by: 'passkey' })}
                      >
                        <Fingerprint aria-hidden="true" className="size-4" />
                        Use a passkey and delete
                      </Button>
                    )}
                    <Dialog.Close asChild>
                      <Button variant="ghost">Cancel</Button>
                    </Dialog.Close>
                  </div>
                )}
                {sendCode.isError && (
                  <FormMessage tone="error">{failure(sendCode.error)}</FormMessage>
                )}
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogButtons({ pending, disabled }: { pending: boolean; disabled: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" variant="danger" disabled={pending || disabled}>
        {pending ? 'Deleting...' : 'Delete my account'}
      </Button>
      <Dialog.Close asChild>
        <Button variant="ghost">Cancel</Button>
      </Dialog.Close>
    </div>
  );
}
