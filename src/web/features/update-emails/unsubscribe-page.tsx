import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { versionMessages } from '#shared/versions';
import { ApiError, apiFetch } from '#web/api/http';
import { buttonClasses } from '#web/components/ui/button';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';

const unsubscribeQuery = (token: string) => ({
  queryKey: ['update-emails-unsubscribe', token] as const,
  queryFn: () =>
    apiFetch<{ email: string }>('/api/update-emails/unsubscribe', {
      method: 'POST',
      body: JSON.stringify({ token }),
    }),
  // Following the link is done once per visit.
  retry: false,
  staleTime: Infinity,
});

/** /updates/unsubscribe?token=…: the link in every update e-mail. One visit is enough. */
export function UpdateEmailsUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({ ...unsubscribeQuery(token), enabled: token !== '' });
  const failed =
    !token || link.isError
      ? link.error instanceof ApiError && link.error.status < 500
        ? link.error.message
        : token
          ? 'Failed to unsubscribe. Please try again.'
          : versionMessages.badUnsubscribeLink
      : null;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <PageTitle title="Update e-mails" />
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-semibold text-white">Update e-mails</h1>
        {failed ? (
          <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-red-200">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {failed}
          </p>
        ) : link.isSuccess ? (
          <div role="status" className="mt-4 space-y-2 text-sm text-zinc-300">
            <p className="flex items-center gap-2 font-medium text-emerald-300">
              <CircleCheck aria-hidden className="size-4" />
              {versionMessages.unsubscribed}.
            </p>
            <p>
              <span className="font-medium text-white">{link.data.email}</span> will not be told
              about new versions of the products it owns. Your downloads stay in your account.
            </p>
          </div>
        ) : (
          <div role="status" className="mt-4 space-y-3">
            <p className="text-sm text-zinc-300">Unsubscribing...</p>
            <Skeleton className="h-10" />
          </div>
        )}
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          Back to home
        </Link>
      </div>
    </div>
  );
}
