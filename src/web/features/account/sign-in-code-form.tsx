import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { codeDigits, isCompleteCode, signInCodeMessages } from '#shared/sign-in-codes';
import { emailCodesApi, type InboxSignIn } from '#web/api/email-codes';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';
import { ResendButton } from './resend-button';
import { signInCodeErrorMessage } from './sign-in-code-errors';

/**
 * The code step: the six digits from the email (typed, pasted with spaces, or filled in by the
 * phone from the message), a new code after a short wait, or back to another address.
 */
export function SignInCodeForm({
  email,
  onSignedIn,
  onChangeEmail,
}: {
  email: string;
  onSignedIn: (result: InboxSignIn) => Promise<void>;
  onChangeEmail: () => void;
}) {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const signIn = useMutation({
    mutationFn: (otp: string) => emailCodesApi.signInWithCode(email, otp),
    onSuccess: onSignedIn,
  });
  const resend = useMutation({ mutationFn: () => emailCodesApi.sendCode(email) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const complete = isCompleteCode(code);
    setIncomplete(!complete);
    if (complete) signIn.mutate(code);
  };
  const onResend = async () => {
    signIn.reset();
    setIncomplete(false);
    try {
      await resend.mutateAsync();
    } catch {
      return false;
    }
    setCode('');
    return true;
  };

  const error = incomplete
    ? signInCodeMessages.enterCode
    : signIn.isError
      ? signInCodeErrorMessage(signIn.error)
      : resend.isError
        ? authErrorMessage(resend.error, signInCodeMessages.sendFailed)
        : null;

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {resend.isSuccess && !error && (
        <FormMessage tone="success">We sent a new code to {email}.</FormMessage>
      )}
      <TextField
        label="Sign-in code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        autoFocus
        required
        aria-invalid={error && !resend.isError ? true : undefined}
        className="w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3.5 py-2.5 text-center font-mono text-2xl tracking-[0.5em] text-zinc-100 focus:border-brand-500 aria-invalid:border-red-500"
        value={code}
        onChange={(e) => setCode(codeDigits(e.target.value))}
      />
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ResendButton label="Resend code" pending={resend.isPending} onResend={onResend} />
        <button
          type="button"
          className="text-sm text-zinc-300 hover:text-white"
          onClick={onChangeEmail}
        >
          Use a different email
        </button>
      </div>
      <p className="text-xs text-zinc-400">{signInCodeMessages.noMailHint}</p>
    </form>
  );
}
