import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, Loader2, Receipt } from 'lucide-react';
import type { OrderView } from '#shared/orders';
import { checkoutMessages, checkoutSessionOrderQueryOptions } from '#web/api/checkout';
import { ApiError } from '#web/api/http';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { useSession } from '#web/session/use-session';
import type { GuestOrderAccess } from '#shared/guest-checkout';
import { guestOrderPagePath } from '#web/api/checkout';
import { useSettlePaidCheckout } from './paid-checkout';
import { GuestOrderFiles, useGuestOrderAccess } from './guest-order-access';

/**
 * A payment still confirming (a slow Stripe method, or the payment event not yet in) is asked
 * again after 1 s, then 1.5 times longer each time up to 8 s, for a minute.
 */
const POLL_FIRST_MS = 1000;
const POLL_MAX_MS = 8000;
const POLL_FOR_MS = 60_000;

/** How long to wait before asking again, after `answers` answers. */
export const pollDelay = (answers: number) =>
  Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * 1.5 ** Math.max(0, answers - 1)));

function Outcome({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
      {icon}
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-white">{title}</h1>
      {children}
    </div>
  );
}

const iconClass = 'grid size-16 place-items-center rounded-full';

function Processing() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
      <PageTitle title="Processing your payment" />
      <Loader2 aria-hidden="true" className="size-12 animate-spin text-brand-400" />
      <p className="text-lg text-zinc-200">Processing your payment...</p>
    </div>
  );
}

function Succeeded({
  sessionId,
  order,
  guestAccess,
}: {
  sessionId: string;
  order: OrderView | null;
  /** The guest's own files, for the browser that bought; null for anyone else. */
  guestAccess: GuestOrderAccess | null;
}) {
  const navigate = useNavigate();
  return (
    <Outcome
      title="Payment Successful!"
      icon={
        <span className={`${iconClass} bg-emerald-500/15 text-emerald-400`}>
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
      }
    >
      <p className="text-zinc-300">
        Thank you for your purchase.
        {order && ` A receipt for order ${order.orderNumber} is on its way to ${order.email}.`}
      </p>
      {sessionId && (
        <p className="max-w-full text-sm break-all text-zinc-400">
          Session ID: <code className="text-zinc-300">{sessionId}</code>
        </p>
      )}
      {guestAccess && <GuestOrderFiles sessionId={sessionId} access={guestAccess} />}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {order && (
          <Button
            size="lg"
            onClick={() =>
              void navigate('/order-confirmation', {
                state: { orderNumber: order.orderNumber, sessionId },
              })
            }
          >
            <Receipt aria-hidden="true" className="size-4" />
            View Order Confirmation
          </Button>
        )}
        {/* A guest has no order history to sign in to: their order is the guest order page. */}
        <Link
          to={guestAccess ? guestOrderPagePath(guestAccess.token) : '/orders'}
          className={buttonClasses(order ? 'secondary' : 'primary', 'lg')}
        >
          View Orders
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'lg')}>
          Continue Shopping
        </Link>
      </div>
    </Outcome>
  );
}

function NotPaid({ title, message }: { title: string; message: string }) {
  return (
    <Outcome
      title={title}
      icon={
        <span className={`${iconClass} bg-red-500/15 text-red-400`}>
          <CircleAlert aria-hidden="true" className="size-9" />
        </span>
      }
    >
      <p className="text-zinc-300">{message}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/checkout" className={buttonClasses('primary', 'lg')}>
          Return to Checkout
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'lg')}>
          Continue Shopping
        </Link>
      </div>
    </Outcome>
  );
}

function StillConfirming({ order }: { order: OrderView }) {
  return (
    <Outcome
      title="Payment Processing"
      icon={
        <span className={`${iconClass} bg-amber-500/15 text-amber-400`}>
          <Clock aria-hidden="true" className="size-9" />
        </span>
      }
    >
      <p className="text-zinc-300">
        Your payment for order {order.orderNumber} is still being confirmed. The receipt goes to{' '}
        {order.email} as soon as it completes.
      </p>
      <Link to="/" className={buttonClasses('secondary', 'lg', 'mt-2')}>
        Continue Shopping
      </Link>
    </Outcome>
  );
}

/**
 * Payment success: 'Processing your payment...' only while the order is not yet known to be
 * paid (asked again with backoff), then the outcome: no fixed wait (the spec's 2 s pretended
 * to work). With a session id the order is read (which also completes a paid Stripe session);
 * once it is paid, the cart bought is cleared.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const [pollingOver, setPollingOver] = useState(false);
  const order = useQuery({
    ...checkoutSessionOrderQueryOptions(sessionId),
    enabled: sessionId !== '',
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' && !pollingOver
        ? pollDelay(query.state.dataUpdateCount)
        : false,
  });
  const status = order.data?.status;
  useSettlePaidCheckout(sessionId, status);
  const session = useSession();
  const isGuestPaid = !session.isPending && !session.user && status === 'COMPLETED';
  const guestAccess = useGuestOrderAccess(sessionId, isGuestPaid);

  useEffect(() => {
    const timer = window.setTimeout(() => setPollingOver(true), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const polling = status === 'PENDING' && !pollingOver;
  const waiting =
    sessionId !== '' &&
    (order.isPending ||
      polling ||
      (status === 'COMPLETED' && (session.isPending || (isGuestPaid && guestAccess.isPending))));

  return (
    <Container className="py-16 sm:py-24">
      {waiting ? (
        <Processing />
      ) : !sessionId || status === 'COMPLETED' ? (
        <Succeeded
          sessionId={sessionId}
          order={order.data ?? null}
          guestAccess={guestAccess.data ?? null}
        />
      ) : order.isError ? (
        <NotPaid
          title="Payment Not Confirmed"
          message={
            order.error instanceof ApiError && order.error.status < 500
              ? checkoutMessages.invalidSession
              : checkoutMessages.paymentUnavailable
          }
        />
      ) : status === 'PENDING' && order.data ? (
        <StillConfirming order={order.data} />
      ) : (
        <NotPaid
          title="Payment Not Completed"
          message="The payment for this order did not go through, and you have not been charged. Your cart is saved."
        />
      )}
    </Container>
  );
}
