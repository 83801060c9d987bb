import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link2 } from 'lucide-react';
import { ssoErrorMessage, ssoMessages, type SignInProvider } from '#shared/auth';
import { ApiError } from '#web/api/http';
import { ssoApi, ssoKeys, type LinkedAccount } from '#web/api/sso';
import { useStoreInfo } from '#web/api/store';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

interface Row {
  provider: SignInProvider;
  account: LinkedAccount | undefined;
}

/**
 * The single sign-on providers on /profile: each configured provider, linked (with the date) or
 * not, and any identity still linked from a provider no longer offered. Linking goes to the
 * provider and comes back here (with `?error=` when it was refused); unlinking keeps one way in.
 */
export function LinkedIdentities() {
  const providers = useStoreInfo()?.signInProviders ?? [];
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnedError = params.get('error');
  const accounts = useQuery({ queryKey: ssoKeys.accounts, queryFn: ssoApi.listAccounts });

  const link = useMutation({
    mutationFn: ssoApi.link,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const unlink = useMutation({
    mutationFn: (row: Row) => ssoApi.unlink(row.account?.id ?? ''),
    onSuccess: async (_answer, row) => {
      toast.success(`${row.provider.name} is no longer linked`);
      await queryClient.invalidateQueries({ queryKey: ssoKeys.accounts });
    },
  });

  const identities = (accounts.data ?? []).filter((account) => account.providerId !== 'credential');
  const rows: Row[] = [
    ...providers.map((provider) => ({
      provider,
      account: identities.find((account) => account.providerId === provider.id),
    })),
    ...identities
      .filter((account) => !providers.some((provider) => provider.id === account.providerId))
      .map((account) => ({
        provider: { id: account.providerId, name: account.providerId },
        account,
      })),
  ];
  if (providers.length === 0 && identities.length === 0) return null;

  const leaving = link.isPending || link.isSuccess;

  return (
    <section
      aria-labelledby="linked-identities-title"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <h2
        id="linked-identities-title"
        className="flex items-center gap-2 text-lg font-semibold text-white"
      >
        <Link2 aria-hidden="true" className="size-5 text-brand-400" />
        Sign-in providers
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Sign in with an account you already have elsewhere. A provider is linked only when it uses
        this account&apos;s e-mail address.
      </p>

      <div className="mt-4 space-y-3">
        {returnedError && <FormMessage tone="error">{ssoErrorMessage(returnedError)}</FormMessage>}
        {link.isError && (
          <FormMessage tone="error">{authErrorMessage(link.error, ssoMessages.failed)}</FormMessage>
        )}
        {unlink.isError && <FormMessage tone="error">{unlinkMessage(unlink.error)}</FormMessage>}
      </div>

      {accounts.isPending && <Skeleton className="mt-4 h-16" />}
      {accounts.isError && (
        <div className="mt-4">
          <FormMessage tone="error">Failed to load your sign-in providers.</FormMessage>
        </div>
      )}
      {accounts.data && (
        <ul className="mt-4 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
          {rows.map((row) => (
            <li
              key={row.provider.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div>
                <p className="font-medium text-white">{row.provider.name}</p>
                <p className="text-sm text-zinc-400">
                  {row.account ? (
                    <>
                      Linked on{' '}
                      <time dateTime={row.account.createdAt}>
                        {dateFormat.format(new Date(row.account.createdAt))}
                      </time>
                    </>
                  ) : (
                    'Not linked'
                  )}
                </p>
              </div>
              {row.account ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={unlink.isPending}
                  aria-label={`Unlink ${row.provider.name}`}
                  onClick={() => unlink.mutate(row)}
                >
                  Unlink
                </Button>
              ) : (
                <Button
                  size="sm"
                  disabled={leaving}
                  aria-label={`Link ${row.provider.name}`}
                  onClick={() => link.mutate(row.provider.id)}
                >
                  {leaving && link.variables === row.provider.id ? 'Going...' : 'Link'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why an identity was not unlinked: the last way in, or a session too old to remove one. */
function unlinkMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return ssoMessages.signInAgain;
  return authErrorMessage(error, ssoMessages.failed);
}
