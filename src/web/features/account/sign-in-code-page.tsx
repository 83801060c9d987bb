import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '#shared/auth';
import { signInCodeMessages } from '#shared/sign-in-codes';
import { emailCodesApi, type InboxSignIn } from '#web/api/email-codes';
import { sessionKeys } from '#web/session/session-query';
import { useSession } from '#web/session/use-session';
import { Button } from '#web/components/ui/button';
import { EmailField } from './account-fields';
import { AuthCard, FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';
import { ResendButton } from './resend-button';
import { SignInCodeForm } from './sign-in-code-form';
import { TwoFactorChallenge } from './two-factor-challenge';
import { useRedirectTarget } from './use-redirect-target';

type Step = 'email' | 'code' | 'link' | 'second-factor';

/**
 * Sign-in without a password: an address, then the code e-mailed to it (or a link to click). An
 * address with no account gets a code too, and the code opens the account; what the screen says
 * never depends on whether the address had one.
 */
export function SignInCodePage() {
  const { user } = useSession();
  const { target, raw } = useRedirectTarget();
  const [params] = useSearchParams();
  const preferLink = params.get('via') === 'link';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const [step, setStep] = useState<Step>('email');
  const [finishing, setFinishing] = useState(false);

  const sendCode = useMutation({
    mutationFn: emailCodesApi.sendCode,
    onSuccess: () => setStep('code'),
  });
  const sendLink = useMutation({
    mutationFn: (address: string) => emailCodesApi.sendLink(address, target),
    onSuccess: () => setStep('link'),
  });

  const finish = async () => {
    setFinishing(true);
    await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    void navigate(target, { replace: true });
  };
  const onSignedIn = async (result: InboxSignIn) => {
    if (result.twoFactorRedirect) setStep('second-factor');
    else await finish();
  };

  if (user && !finishing && step !== 'second-factor') return <Navigate to={target} replace />;

  const withRedirect = (path: string) =>
    raw ? `${path}?redirectTo=${encodeURIComponent(raw)}` : path;
  const startOver = () => {
    sendCode.reset();
    sendLink.reset();
    setStep('email');
  };

  if (step === 'second-factor') {
    return (
      <AuthCard
        title="Two-factor authentication"
        subtitle="Enter the 6-digit code from your authenticator app."
      >
        <TwoFactorChallenge onVerified={finish} />
      </AuthCard>
    );
  }

  if (step === 'code') {
    return (
      <AuthCard
        title="We sent a code"
        subtitle={
          <>
            Enter the 6-digit code we sent to <strong className="text-zinc-200">{email}</strong>. It
            works once and expires in 10 minutes.
          </>
        }
      >
        <SignInCodeForm email={email} onSignedIn={onSignedIn} onChangeEmail={startOver} />
      </AuthCard>
    );
  }

  if (step === 'link') {
    return (
      <AuthCard
        title="We sent a sign-in link"
        subtitle={
          <>
            Open the link we sent to <strong className="text-zinc-200">{email}</strong> to sign in.
            It works once and expires in 10 minutes.
          </>
        }
      >
        <div className="space-y-5">
          {sendLink.isError && (
            <FormMessage tone="error">
              {authErrorMessage(sendLink.error, signInCodeMessages.sendFailed)}
            </FormMessage>
          )}
          <p className="text-xs text-zinc-400">{signInCodeMessages.noMailHint}</p>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <ResendButton
              label="Resend link"
              pending={sendLink.isPending}
              onResend={() =>
                sendLink.mutateAsync(email).then(
                  () => true,
                  () => false,
                )
              }
            />
            <button
              type="button"
              className="text-sm text-zinc-300 hover:text-white"
              onClick={startOver}
            >
              Use a different email
            </button>
          </div>
        </div>
      </AuthCard>
    );
  }

  const send = (how: 'code' | 'link') => {
    const address = email.trim();
    setMissing(!address);
    if (!address) return;
    setEmail(address);
    sendCode.reset();
    sendLink.reset();
    if (how === 'code') sendCode.mutate(address);
    else sendLink.mutate(address);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(preferLink ? 'link' : 'code');
  };
  const failed = sendCode.error ?? sendLink.error;
  const pending = sendCode.isPending || sendLink.isPending;

  return (
    <AuthCard
      title={preferLink ? 'Sign in with a link' : 'Sign in with a code'}
      subtitle="No password needed: we email you a code or a link. New here? It opens your account, with the orders you placed as a guest under that email."
      footer={
        <Link
          to={withRedirect('/login')}
          className="font-medium text-brand-300 hover:text-brand-200"
        >
          Sign in with your password instead
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        {missing && <FormMessage tone="error">{authMessages.enterEmail}</FormMessage>}
        {failed && (
          <FormMessage tone="error">
            {authErrorMessage(failed, signInCodeMessages.sendFailed)}
          </FormMessage>
        )}
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Sending...' : preferLink ? 'Email me a sign-in link' : 'Email me a code'}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={pending}
          onClick={() => send(preferLink ? 'code' : 'link')}
        >
          {preferLink ? 'Email me a code instead' : 'Email me a sign-in link instead'}
        </Button>
      </form>
    </AuthCard>
  );
}
