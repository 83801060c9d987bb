import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Cents } from '#shared/money';
import { checkoutMessages, paymentsConfigQueryOptions, sessionIdOf } from '#web/api/checkout';
import { Skeleton } from '#web/components/ui/skeleton';
import { PaymentErrorBox } from './checkout-alerts';
import { LocalCardForm } from './local-card-form';
import { StripeTestModeNotice } from './test-mode-notice';

const StripeEmbeddedCheckout = lazy(() =>
  import('./stripe-embedded-checkout').then((m) => ({ default: m.StripeEmbeddedCheckout })),
);

function PaymentFormLoading() {
  return (
    <div role="status" aria-label="Loading payment form" className="space-y-4">
      <Skeleton className="h-24" />
      <Skeleton className="h-11" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-12" />
    </div>
  );
}

/**
 * The embedded payment form fed by a client secret: the local test processor's card form, or
 * Stripe's embedded Checkout when Stripe is configured.
 */
export function PaymentForm({
  clientSecret,
  totalCents,
}: {
  clientSecret: string;
  totalCents?: Cents;
}) {
  const config = useQuery(paymentsConfigQueryOptions());
  if (config.isPending) return <PaymentFormLoading />;
  if (config.isError) return <PaymentErrorBox message={checkoutMessages.paymentUnavailable} />;
  const { provider, publishableKey, testMode } = config.data;
  if (provider === 'local') {
    return <LocalCardForm sessionId={sessionIdOf(clientSecret)} totalCents={totalCents} />;
  }
  if (!publishableKey) return <PaymentErrorBox message={checkoutMessages.paymentUnavailable} />;
  return (
    <div className="space-y-5">
      {testMode && <StripeTestModeNotice />}
      <Suspense fallback={<PaymentFormLoading />}>
        <StripeEmbeddedCheckout publishableKey={publishableKey} clientSecret={clientSecret} />
      </Suspense>
    </div>
  );
}
