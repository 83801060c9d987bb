import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '#shared/auth';
import { emailCodesApi } from '#web/api/email-codes';
import { sessionKeys } from '#web/session/session-query';
import { Button, buttonClasses } from '#web/components/ui/button';
import { AuthCard, FormMessage } from './auth-card';
import { signInCodeErrorMessage } from './sign-in-code-errors';
import { TwoFactorChallenge } from './two-factor-challenge';
import { useRedirectTarget } from './use-redirect-target';

/**
 * Where an e-mailed sign-in link leads. The link is spent only when the visitor presses the
 * button: a mail scanner that opens every link neither signs anyone in nor uses the link up.
 * A link that needs the account's second factor comes back here with `step=second-factor`.
 */
export function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { target, raw } = useRedirectTarget();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [secondFactor, setSecondFactor] = useState(params.get('step') === 'second-factor');

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    void navigate(target, { replace: true });
  };
  const signIn = useMutation({
    mutationFn: () => emailCodesApi.signInWithLink(token ?? ''),
    onSuccess: async (result) => {
      if (result.twoFactorRedirect) setSecondFactor(true);
      else await finish();
    },
  });
  const newCode = raw ? `/login/code?redirectTo=${encodeURIComponent(raw)}` : '/login/code';

  if (secondFactor) {
    return (
      <AuthCard
        title="Two-factor authentication"
        subtitle="Enter the 6-digit code from your authenticator app."
      >
        <TwoFactorChallenge onVerified={finish} />
      </AuthCard>
    );
  }

  const failure = !token
    ? authMessages.invalidSignInLink
    : signIn.isError
      ? signInCodeErrorMessage(signIn.error)
      : null;

  return (
    <AuthCard title="Sign in to Loopmarket" subtitle="You followed a sign-in link from your email.">
      {failure ? (
        <div className="space-y-5">
          <FormMessage tone="error">{failure}</FormMessage>
          <Link to={newCode} className={buttonClasses('primary', 'lg', 'w-full')}>
            Get a new code
          </Link>
        </div>
      ) : (
        <Button
          size="lg"
          className="w-full"
          disabled={signIn.isPending}
          onClick={() => signIn.mutate()}
        >
          {signIn.isPending ? 'Signing in...' : 'Continue to sign in'}
        </Button>
      )}
    </AuthCard>
  );
}
