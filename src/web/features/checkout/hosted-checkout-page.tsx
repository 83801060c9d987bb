import type { ReactNode } from 'react';
import { licenseName } from '#shared/cart';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, LockKeyhole } from 'lucide-react';
import type { OrderView } from '#shared/orders';
import { checkoutMessages, localSessionQueryOptions } from '#web/api/checkout';
import { ApiError } from '#web/api/http';
import { ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { CheckoutSummary } from './checkout-summary';
import { LocalCardForm } from './local-card-form';
import { RetryButton } from '#web/components/ui/retry-button';

/** A session that cannot be paid: why, and the way back to the checkout. */
function Unpayable({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="max-w-xl space-y-4">
      <ErrorAlert title={title}>{children}</ErrorAlert>
      <Link to="/checkout" className={buttonClasses('primary', 'md')}>
        Return to Checkout
      </Link>
    </div>
  );
}

function HostedPayment({ order, sessionId }: { order: OrderView; sessionId: string }) {
  if (order.status === 'COMPLETED') {
    return (
      <div className="max-w-xl space-y-4">
        <p className="text-lg text-zinc-200">This order is already paid.</p>
        <Link
          to={`/payment/success?session_id=${encodeURIComponent(sessionId)}`}
          className={buttonClasses('primary', 'md')}
        >
          View payment
        </Link>
      </div>
    );
  }
  if (order.status !== 'PENDING') return <Unpayable title={checkoutMessages.sessionExpired} />;
  return (
    <div className="grid grid-cols-1 items-start gap-10 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <CheckoutSummary
        lines={order.items.map((item) => ({
          key: item.id,
          name: item.name,
          image: item.image,
          detail: licenseName(item.licenseType),
          quantity: item.quantity,
          unitPriceCents: item.unitPriceCents,
        }))}
        totals={order}
        note={`Receipt to ${order.email}`}
      />
      <section aria-labelledby="hosted-payment-title" className="min-w-0 space-y-6">
        <h2 id="hosted-payment-title" className="text-2xl font-semibold text-white">
          Pay with card
        </h2>
        <LocalCardForm sessionId={sessionId} totalCents={order.totalCents} />
        <Link
          to="/payment/cancel"
          className="inline-flex items-center gap-2 rounded text-sm text-zinc-400 transition-colors hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Cancel and return to the store
        </Link>
      </section>
    </div>
  );
}

/**
 * /checkout/hosted?session_id=…: the local test processor's hosted payment page, the redirect
 * target of a hosted session. It charges the order the session names, nothing the URL says.
 */
export function HostedCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const order = useQuery({ ...localSessionQueryOptions(sessionId), enabled: sessionId !== '' });
  const unknownSession =
    sessionId === '' || (order.error instanceof ApiError && order.error.status < 500);

  return (
    <Container className="max-w-5xl py-10 sm:py-14">
      <PageTitle title="Secure Checkout" />
      <div className="mb-8 flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-emerald-500/15 text-emerald-400">
          <LockKeyhole aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-white">Secure Checkout</h1>
          <p className="text-sm text-zinc-400">Loopmarket test card processor</p>
        </div>
      </div>
      {unknownSession ? (
        <Unpayable title={checkoutMessages.invalidSession} />
      ) : order.isPending ? (
        <div
          role="status"
          aria-label="Loading checkout"
          className="grid grid-cols-1 gap-10 lg:grid-cols-[24rem_1fr]"
        >
          <Skeleton className="h-80 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
        </div>
      ) : order.isError ? (
        <Unpayable title={checkoutMessages.paymentUnavailable}>
          <RetryButton onRetry={() => void order.refetch()} />
        </Unpayable>
      ) : (
        <HostedPayment order={order.data} sessionId={sessionId} />
      )}
    </Container>
  );
}
