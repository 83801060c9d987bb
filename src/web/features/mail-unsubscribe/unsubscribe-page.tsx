import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { campaignMessages } from '#shared/campaigns';
import { ApiError, apiFetch } from '#web/api/http';
import { useStoreInfo } from '#web/api/store';
import { Button, buttonClasses } from '#web/components/ui/button';
import { PageTitle } from '#web/components/ui/page-title';

const unsubscribe = (token: string) =>
  apiFetch<{ email: string }>(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
  });

/**
 * /mail/unsubscribe?token=…: where a campaign e-mail's unsubscribe link leads. Opening the link
 * changes nothing (mail scanners follow links); the button does. A mail client's one-click
 * unsubscribe posts to the same address without this page.
 */
export function MailUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const storeName = useStoreInfo()?.name ?? 'this store';
  const done = useMutation({ mutationFn: () => unsubscribe(token) });
  const failed = !token
    ? campaignMessages.badUnsubscribeLink
    : done.isError
      ? done.error instanceof ApiError && done.error.status < 500
        ? done.error.message
        : 'Failed to unsubscribe. Please try again.'
      : null;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <PageTitle title="Unsubscribe" />
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-semibold text-white">Unsubscribe</h1>
        {done.isSuccess ? (
          <div role="status" className="mt-4 space-y-2 text-sm text-zinc-300">
            <p className="flex items-center gap-2 font-medium text-emerald-300">
              <CircleCheck aria-hidden className="size-4" />
              {campaignMessages.unsubscribed}.
            </p>
            <p>
              <span className="font-medium text-white">{done.data.email}</span> will get no more
              news from {storeName}, and has left its newsletter. Receipts and download links still
              arrive.
            </p>
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm text-zinc-300">
              Stop getting news and offers from {storeName} by e-mail? Receipts and download links
              still arrive.
            </p>
            {failed && (
              <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-red-200">
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {failed}
              </p>
            )}
            {token && (
              <Button
                size="lg"
                className="mt-6 w-full"
                disabled={done.isPending}
                onClick={() => done.mutate()}
              >
                {done.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
              </Button>
            )}
          </>
        )}
        <Link to="/" className={buttonClasses('secondary', 'lg', 'mt-3 w-full')}>
          Back to home
        </Link>
      </div>
    </div>
  );
}
