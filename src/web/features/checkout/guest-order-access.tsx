import { useId } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Loader2, Mail, RotateCw } from 'lucide-react';
import type { GuestOrderAccess } from '#shared/guest-checkout';
import type { Purchase } from '#shared/downloads';
import { guestAccessQueryOptions, guestOrderPagePath, resendGuestReceipt } from '#web/api/checkout';
import {
  archivesApi,
  downloadsApi,
  guestOrderQueryOptions,
  purchaseKeys,
} from '#web/api/downloads';
import { ApiError } from '#web/api/http';
import { DownloadEverything } from '#web/components/orders/download-everything';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { startDownload } from '#web/components/ui/start-download';

/**
 * A paid guest order's token and receipt address, asked only for a guest (a signed-in buyer's
 * order is theirs in the hub). The server answers the browser that bought, nobody else.
 */
export function useGuestOrderAccess(sessionId: string, enabled: boolean) {
  return useQuery({ ...guestAccessQueryOptions(sessionId), enabled: enabled && sessionId !== '' });
}

const linkClass = 'font-medium text-brand-300 underline underline-offset-2 hover:text-brand-200';

function FileRow({ token, purchase }: { token: string; purchase: Purchase }) {
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: () => downloadsApi.createForGuest(token, purchase.id),
    onSuccess: (link) => {
      startDownload(link.downloadUrl, link.fileName);
      toast.success(`Download started for ${purchase.product.name}`);
    },
    onError: (error) =>
      toast.error(error instanceof ApiError && error.message ? error.message : 'Download failed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.guestOrder(token) }),
  });
  const none = purchase.downloadsRemaining <= 0;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-zinc-100">{purchase.product.name}</p>
        <p className="text-xs text-zinc-400">
          {none
            ? 'No Downloads Left'
            : `${purchase.downloadsRemaining} ${purchase.downloadsRemaining === 1 ? 'download' : 'downloads'} left`}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => download.mutate()}
        disabled={none || download.isPending}
        aria-busy={download.isPending}
        aria-label={`Download ${purchase.product.name}`}
      >
        {download.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        Download
      </Button>
    </li>
  );
}

/** Where the receipt went, and a way to have it sent there again (never to another address). */
export function ReceiptResend({ sessionId, email }: { sessionId: string; email: string }) {
  const statusId = useId();
  const resend = useMutation({ mutationFn: () => resendGuestReceipt(sessionId) });
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex min-w-0 items-start gap-3 text-sm text-zinc-200">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
        <span className="min-w-0">
          Receipt sent to <strong className="font-semibold break-all text-white">{email}</strong>
        </span>
      </p>
      <div className="shrink-0">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          aria-describedby={statusId}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Re-send receipt
        </Button>
      </div>
      <div id={statusId} aria-live="polite" className="text-sm empty:hidden sm:basis-full">
        {resend.isSuccess && (
          <p className="text-emerald-300">Receipt sent again to {resend.data.sentTo}.</p>
        )}
        {resend.isError && (
          <p role="alert" className="text-red-300">
            {resend.error instanceof ApiError && resend.error.message
              ? resend.error.message
              : 'The receipt could not be sent. Please try again.'}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A guest's files on the spot: the order's download buttons (the receipt's signed link, without
 * opening the mail), the whole order as one ZIP, and the guest order page.
 */
export function GuestOrderFiles({
  sessionId,
  access,
}: {
  sessionId: string;
  access: GuestOrderAccess;
}) {
  const order = useQuery(guestOrderQueryOptions(access.token));
  return (
    <section
      aria-labelledby="guest-downloads-title"
      className="w-full space-y-4 rounded-xl border border-brand-500/30 bg-brand-500/5 p-5 text-left sm:p-6"
    >
      <div>
        <h2 id="guest-downloads-title" className="text-lg font-semibold text-white">
          Your Downloads
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Ready now, no need to wait for the email. The receipt carries the same link, valid for 30
          days.
        </p>
      </div>
      <DownloadEverything
        size="lg"
        label="Download All Products"
        request={() => archivesApi.guest(access.token)}
      />
      {order.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-400">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Loading your files...
        </p>
      ) : order.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Your files could not be listed here. Open your order page below, or use the link in the
          receipt.
        </p>
      ) : (
        <ul aria-label="Files in this order" className="divide-y divide-zinc-800">
          {order.data.data.map((purchase) => (
            <FileRow key={purchase.id} token={access.token} purchase={purchase} />
          ))}
        </ul>
      )}
      <p className="text-sm text-zinc-400">
        Other formats, licence certificates and invoices are on{' '}
        <Link to={guestOrderPagePath(access.token)} className={linkClass}>
          your order page
        </Link>
        .
      </p>
      <ReceiptResend sessionId={sessionId} email={access.email} />
    </section>
  );
}
