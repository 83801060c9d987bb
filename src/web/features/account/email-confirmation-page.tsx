import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { authMessages } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { ApiError } from '#web/api/http';
import { buttonClasses } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AuthCard, FormMessage } from './auth-card';

/** The message for a failed confirmation, by what went wrong. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return authMessages.confirmFailed;
  if (error.code === 'TOKEN_EXPIRED') return authMessages.confirmExpired;
  if (error.code === 'INVALID_TOKEN' || error.code === 'USER_NOT_FOUND') {
    return authMessages.invalidConfirmLink;
  }
  return authMessages.confirmRetry;
}

/** Email confirmation: loading, then success or error; the email's link carries the token. */
export function EmailConfirmationPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const token = params.get('token');
  const hashParams = new URLSearchParams(hash.replace(/^#/, ''));
  const hashError = hashParams.get('error_description') ?? hashParams.get('error');
  const confirm = useQuery({
    queryKey: ['email-confirmation', token],
    queryFn: () => authApi.verifyEmail(token ?? ''),
    enabled: Boolean(token) && !hashError,
    retry: false,
    staleTime: Infinity,
  });

  let outcome: { tone: 'success' | 'error'; message: string } | null = null;
  if (hashError) outcome = { tone: 'error', message: hashError };
  else if (hashParams.get('access_token'))
    outcome = { tone: 'success', message: authMessages.emailConfirmed };
  else if (!token) outcome = { tone: 'error', message: authMessages.invalidConfirmLink };
  else if (confirm.isSuccess) outcome = { tone: 'success', message: authMessages.emailConfirmed };
  else if (confirm.isError) outcome = { tone: 'error', message: failureMessage(confirm.error) };

  return (
    <AuthCard title="Email confirmation">
      {outcome ? (
        <>
          <FormMessage tone={outcome.tone}>{outcome.message}</FormMessage>
          <Link
            to={outcome.tone === 'success' ? '/login' : '/signup'}
            className={buttonClasses('primary', 'lg', 'mt-6 w-full')}
          >
            {outcome.tone === 'success' ? 'Sign In' : 'Back to sign up'}
          </Link>
        </>
      ) : (
        <div role="status" className="space-y-3">
          <p className="text-sm text-zinc-300">Confirming your email...</p>
          <Skeleton className="h-10" />
        </div>
      )}
    </AuthCard>
  );
}
