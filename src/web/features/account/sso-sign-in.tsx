import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LogIn } from 'lucide-react';
import { authMessages, loginPathFor, ssoErrorMessage } from '#shared/auth';
import { useStoreInfo } from '#web/api/store';
import { ssoApi } from '#web/api/sso';
import { Button } from '#web/components/ui/button';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

/**
 * The sign-in page's single sign-on: why the last attempt at a provider came back (`?error=`,
 * in the store's words), a "Continue with …" button for each configured provider, and the line
 * between them and the password form. Nothing when no provider is configured and nothing failed.
 */
export function SsoSignIn({ target }: { target: string }) {
  const providers = useStoreInfo()?.signInProviders ?? [];
  const [params] = useSearchParams();
  const error = params.get('error');
  const raw = params.get('redirectTo');
  const start = useMutation({
    mutationFn: (provider: string) =>
      ssoApi.signIn(provider, target, raw ? loginPathFor(target) : '/login'),
    onSuccess: ({ url }) => window.location.assign(url),
  });

  if (providers.length === 0 && !error) return null;
  // Still pending on success: the browser is on its way to the provider.
  const leaving = start.isPending || start.isSuccess;

  return (
    <div className="mb-6 space-y-3">
      {error && <FormMessage tone="error">{ssoErrorMessage(error)}</FormMessage>}
      {start.isError && (
        <FormMessage tone="error">
          {authErrorMessage(start.error, authMessages.signInFailed)}
        </FormMessage>
      )}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={leaving}
          onClick={() => start.mutate(provider.id)}
        >
          <LogIn aria-hidden="true" className="size-4" />
          {leaving && start.variables === provider.id
            ? `Going to ${provider.name}...`
            : `Continue with ${provider.name}`}
        </Button>
      ))}
      {providers.length > 0 && (
        <div className="flex items-center gap-3 pt-2 text-xs text-zinc-400 uppercase">
          <span className="h-px flex-1 bg-zinc-800" />
          or with your e-mail
          <span className="h-px flex-1 bg-zinc-800" />
        </div>
      )}
    </div>
  );
}
