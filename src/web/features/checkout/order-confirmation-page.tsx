import type { ReactNode } from 'react';
import { invoicePaths } from '#shared/invoices';
import { InvoiceDownloads } from '#web/components/orders/invoice-downloads';
import { LicenseKeyList } from '#web/components/licenses/license-key-list';
import { Link, Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CreditCard, Download, LifeBuoy, Loader2, Mail, Star } from 'lucide-react';
import { orderMoneyRows } from '#shared/order-money';
import { orderRatingClaim } from '#shared/order-rating';
import type { OrderView } from '#shared/orders';
import { paymentCardLabel } from '#shared/payment-card';
import { checkoutSessionOrderQueryOptions } from '#web/api/checkout';
import { archivesApi } from '#web/api/downloads';
import { storeRatingQueryOptions } from '#web/api/reviews';
import { DownloadEverything } from '#web/components/orders/download-everything';
import { useSession } from '#web/session/use-session';
import { ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { RetryButton } from '#web/components/ui/retry-button';
import { SummaryRow } from '#web/components/ui/summary-row';
import type { GuestOrderAccess } from '#shared/guest-checkout';
import { GuestOrderFiles, useGuestOrderAccess } from './guest-order-access';

/** What the success page hands over: the order number, and the session that finds the order. */
interface ConfirmationState {
  orderNumber: string;
  sessionId: string;
}

function confirmationStateOf(state: unknown): ConfirmationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { orderNumber, sessionId } = state as Partial<ConfirmationState>;
  return typeof orderNumber === 'string' &&
    orderNumber &&
    typeof sessionId === 'string' &&
    sessionId
    ? { orderNumber, sessionId }
    : null;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium text-zinc-100 tabular-nums">{children}</dd>
    </div>
  );
}

function NextStep({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-600/20 text-sm font-semibold text-brand-300"
      >
        {n}
      </span>
      <div>
        <p className="font-medium text-white">{title}</p>
        <p className="text-sm text-zinc-400">{children}</p>
      </div>
    </li>
  );
}

/** The order's money, row for row as the receipt email has it (shared/order-money). */
function OrderMoney({ order }: { order: OrderView }) {
  const { lines, totals, note } = orderMoneyRows(order);
  return (
    <>
      <ul aria-label="Items" className="mt-2 space-y-2 border-t border-zinc-800 pt-4">
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-4 text-sm">
            <span className="min-w-0 text-zinc-300">
              {line.label} <span className="text-zinc-400 capitalize">{line.detail}</span>
              {line.members && <span className="block text-xs text-zinc-400">{line.members}</span>}
              {line.credit && <span className="block text-xs text-emerald-400">{line.credit}</span>}
            </span>
            <span className="text-zinc-200 tabular-nums">{line.amount}</span>
          </li>
        ))}
      </ul>
      <dl aria-label="Totals" className="mt-4 space-y-2 border-t border-zinc-800 pt-4">
        {totals.map((row) => (
          <SummaryRow key={row.key} label={row.label} total={row.kind === 'total'}>
            <span className={row.kind === 'discount' ? 'text-emerald-400' : undefined}>
              {row.amount}
            </span>
          </SummaryRow>
        ))}
      </dl>
      {note && <p className="mt-3 text-xs text-zinc-400">{note}</p>}
    </>
  );
}

function Confirmation({
  order,
  isGuest,
  sessionId,
  guestAccess,
}: {
  order: OrderView;
  isGuest: boolean;
  sessionId: string;
  /** The guest's own files, for the browser that bought (null elsewhere: the receipt has them). */
  guestAccess: GuestOrderAccess | null;
}) {
  const { data: storeRating } = useQuery(storeRatingQueryOptions());
  const ratingClaim = orderRatingClaim(storeRating);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageTitle title="Order Confirmed!" />
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-emerald-500/15 text-emerald-400">
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Order Confirmed!
        </h1>
        <p className="max-w-lg text-zinc-300">
          Thank you for your purchase. Your payment went through and your products are ready.
        </p>
      </div>

      <Card as="section" aria-labelledby="order-details-title" className="p-5 sm:p-6">
        <h2 id="order-details-title" className="text-lg font-semibold text-white">
          Order Details
        </h2>
        <dl className="mt-2 divide-y divide-zinc-800">
          <Detail label="Order number">#{order.orderNumber}</Detail>
          <Detail label="Email">
            <span className="break-all">{order.email}</span>
          </Detail>
          <Detail label="Date">
            {dateTimeFormat.format(new Date(order.completedAt ?? order.createdAt))}
          </Detail>
          <Detail label="Payment method">
            <CreditCard
              aria-hidden="true"
              className="mr-2 inline size-4 align-[-0.2em] text-zinc-400"
            />
            {paymentCardLabel(order)}
          </Detail>
        </dl>
        <OrderMoney order={order} />
        {!isGuest && (
          <div className="mt-4">
            <InvoiceDownloads
              documents={order}
              paths={{
                invoice: invoicePaths.own(order.id),
                creditNote: (number) => invoicePaths.ownCreditNote(order.id, number),
              }}
            />
          </div>
        )}
      </Card>

      {order.items.some((item) => item.licenses.length > 0) && (
        <Card as="section" aria-labelledby="licence-keys-title" className="p-5 sm:p-6">
          <h2 id="licence-keys-title" className="text-lg font-semibold text-white">
            Your Licence Keys
          </h2>
          <ul className="mt-2 divide-y divide-zinc-800">
            {order.items
              .filter((item) => item.licenses.length > 0)
              .map((item) => (
                <li key={item.id} className="py-3">
                  <p className="text-sm font-medium text-zinc-100">{item.name}</p>
                  <LicenseKeyList productName={item.name} licenses={item.licenses} />
                </li>
              ))}
          </ul>
        </Card>
      )}

      <Card as="section" aria-labelledby="next-steps-title" className="p-5 sm:p-6">
        <h2 id="next-steps-title" className="mb-5 text-lg font-semibold text-white">
          What&apos;s Next?
        </h2>
        <ol className="space-y-5">
          <NextStep n={1} title="Check your email">
            Your receipt is on its way to {order.email}.
          </NextStep>
          <NextStep n={2} title="Download your products">
            {!isGuest
              ? 'Your files are ready in your Download Hub, with the downloads each purchase includes.'
              : guestAccess
                ? 'Your files are ready below, and the receipt email has the same link, valid for 30 days.'
                : 'The receipt email has your download link, valid for 30 days.'}
          </NextStep>
          <NextStep n={3} title="Get support">
            Questions about installing or licensing? Our support team is here to help.
          </NextStep>
        </ol>
      </Card>

      <div className="space-y-4">
        {isGuest && guestAccess ? (
          <GuestOrderFiles sessionId={sessionId} access={guestAccess} />
        ) : isGuest ? (
          <p className="flex items-start gap-3 rounded-xl border border-brand-500/30 bg-brand-500/10 p-4 text-sm text-zinc-200">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
            <span>
              <strong className="font-semibold text-white">Download All Products:</strong> your
              download link is in the receipt email sent to {order.email}.
            </span>
          </p>
        ) : (
          <div className="space-y-2">
            <DownloadEverything
              size="lg"
              label="Download All Products"
              request={() => archivesApi.order(order.id)}
            />
            <p className="text-center text-sm text-zinc-400">
              One ZIP of every product in this order. Or pick files one by one in your{' '}
              <Link
                to="/download-hub"
                className="font-medium text-brand-300 underline underline-offset-2 hover:text-brand-200"
              >
                <Download aria-hidden="true" className="mr-1 inline size-3.5 align-[-0.15em]" />
                Download Hub
              </Link>
              .
            </p>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/products" className={buttonClasses('secondary', 'lg')}>
            Continue Shopping
          </Link>
          {isGuest ? (
            // A guest has no account to view: the signup form opens with the order's email.
            <Link
              to="/signup"
              state={{ email: order.email }}
              className={buttonClasses('secondary', 'lg')}
            >
              Create an account with this e-mail
            </Link>
          ) : (
            <Link to="/account" className={buttonClasses('secondary', 'lg')}>
              View Account
            </Link>
          )}
        </div>
      </div>

      <aside className="flex flex-col items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-5 sm:flex-row sm:items-center">
        <LifeBuoy aria-hidden="true" className="size-6 shrink-0 text-brand-400" />
        <div className="flex-1">
          <p className="font-medium text-white">Need help with your order?</p>
          <p className="text-sm text-zinc-400">
            Our team replies within 24-48 hours. Quote order #{order.orderNumber}.
          </p>
        </div>
        <Link to="/support" className={buttonClasses('ghost', 'sm')}>
          Contact Support
        </Link>
      </aside>

      {ratingClaim && (
        <p className="text-center text-sm text-zinc-400">
          <Star
            aria-hidden="true"
            className="mr-1.5 inline size-4 align-[-0.2em] fill-amber-400 text-amber-400"
          />
          {ratingClaim}
        </p>
      )}
    </div>
  );
}

/**
 * Order confirmation: needs the order number in navigation state, else goes to /;
 * 'Loading order details...' until the order is read.
 */
export function OrderConfirmationPage() {
  const confirmation = confirmationStateOf(useLocation().state);
  const session = useSession();
  const order = useQuery({
    ...checkoutSessionOrderQueryOptions(confirmation?.sessionId ?? ''),
    enabled: confirmation !== null,
  });
  const isGuestPaid = !session.isPending && !session.user && order.data?.status === 'COMPLETED';
  const guestAccess = useGuestOrderAccess(confirmation?.sessionId ?? '', isGuestPaid);
  if (!confirmation) return <Navigate to="/" replace />;

  const successPath = `/payment/success?session_id=${encodeURIComponent(confirmation.sessionId)}`;
  return (
    <Container className="py-12 sm:py-16">
      {order.isPending || session.isPending || (isGuestPaid && guestAccess.isPending) ? (
        <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
          <PageTitle title="Order confirmation" />
          <Loader2 aria-hidden="true" className="size-10 animate-spin text-brand-400" />
          <p className="text-zinc-300">Loading order details...</p>
        </div>
      ) : order.isError ? (
        <div className="mx-auto max-w-xl">
          <PageTitle title="Order confirmation" />
          <ErrorAlert title="Failed to load order details">
            <p>{order.error.message}</p>
            <RetryButton onRetry={() => void order.refetch()} />
          </ErrorAlert>
        </div>
      ) : order.data.status !== 'COMPLETED' ? (
        // Not paid (yet): the payment page tells which it is.
        <Navigate to={successPath} replace />
      ) : (
        <Confirmation
          order={order.data}
          isGuest={!session.user}
          sessionId={confirmation.sessionId}
          guestAccess={guestAccess.data ?? null}
        />
      )}
    </Container>
  );
}
