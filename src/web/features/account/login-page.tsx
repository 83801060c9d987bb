import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { authMessages } from '#shared/auth';
import { authApi } from '#web/api/auth';
import type { TwoFactorOffer } from '#web/api/phone';
import { sessionKeys } from '#web/session/session-query';
import { useSession } from '#web/session/use-session';
import { Button } from '#web/components/ui/button';
import { EmailField, PasswordField } from './account-fields';
import { AuthCard, FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';
import { SignInByEmail } from './sign-in-by-email';
import { SsoSignIn } from './sso-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { TwoFactorChallenge } from './two-factor-challenge';
import { useRedirectTarget } from './use-redirect-target';

/** Login: back to where the visitor came from, else /profile. */
export function LoginPage() {
  const { user } = useSession();
  const { target, raw } = useRedirectTarget();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [needsCode, setNeedsCode] = useState<TwoFactorOffer | null>(null);

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    void navigate(target, { replace: true });
  };
  const signIn = useMutation({
    mutationFn: authApi.signIn,
    onSuccess: async (result) => {
      if (result.twoFactorRedirect) setNeedsCode(result as TwoFactorOffer);
      else await finish();
    },
  });

  if (user && !signIn.isPending && !needsCode) return <Navigate to={target} replace />;

  if (needsCode) {
    return (
      <AuthCard
        title="Two-factor authentication"
        subtitle={
          needsCode.twoFactorMethods?.includes('totp') === false
            ? 'We can text a code to your phone.'
            : 'Enter the 6-digit code from your authenticator app.'
        }
      >
        <TwoFactorChallenge offer={needsCode} onVerified={finish} />
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    signIn.mutate({ email: email.trim(), password });
  };
  const signupLink = raw ? `/signup?redirectTo=${encodeURIComponent(raw)}` : '/signup';

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to reach your downloads and orders."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={signupLink} className="font-medium text-brand-300 hover:text-brand-200">
            Sign up
          </Link>
        </>
      }
    >
      <SsoSignIn target={target} />
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        {signIn.isError && (
          <FormMessage tone="error">
            {authErrorMessage(signIn.error, authMessages.signInFailed)}
          </FormMessage>
        )}
        <EmailField
          // The browser offers the account's passkeys among this field's suggestions.
          autoComplete="username webauthn"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end">
          <Link to="/reset-password" className="text-sm text-brand-300 hover:text-brand-200">
            Forgot your password?
          </Link>
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!email.trim() || !password || signIn.isPending}
        >
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <div className="mt-6 mb-3 flex items-center gap-3 text-xs tracking-wide text-zinc-400 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-800" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-800" />
      </div>
      <PasskeySignIn onSignedIn={finish} />
      <SignInByEmail redirectTo={raw} />
    </AuthCard>
  );
}
