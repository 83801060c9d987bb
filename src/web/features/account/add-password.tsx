import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { authApi } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { FormMessage } from './auth-card';

export const ADD_PASSWORD_SENT =
  'Check your email: the link in it lets you choose a password. Choosing it signs you out everywhere, so sign in again with it.';

/**
 * For an account without a password (opened by an e-mailed code or a sign-in provider): a
 * password is chosen through the reset link sent to the account's own address, which proves the
 * inbox the same way a code does.
 */
export function AddPassword({ email }: { email: string }) {
  const send = useMutation({ mutationFn: () => authApi.requestPasswordReset(email) });
  return (
    <section className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
        <KeyRound aria-hidden="true" className="size-5 text-brand-400" />
        Password
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        You sign in without a password. Add one to sign in with it too.
      </p>
      <div className="mt-5 space-y-4">
        {send.isSuccess && <FormMessage tone="success">{ADD_PASSWORD_SENT}</FormMessage>}
        {send.isError && (
          <FormMessage tone="error">Something went wrong. Please try again.</FormMessage>
        )}
        <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Email Me a Link to Choose One'}
        </Button>
      </div>
    </section>
  );
}
