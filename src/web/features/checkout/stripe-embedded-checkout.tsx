import { use } from 'react';
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { checkoutMessages } from '#web/api/checkout';
import { PaymentErrorBox } from './checkout-alerts';

/** Stripe.js is loaded once per key; a script that cannot load resolves to null. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe's embedded Checkout for a session's client secret; Stripe itself sends the buyer on to
 * /payment/success. Loaded only when Stripe is the provider, so Stripe.js never reaches any
 * other page.
 */
export function StripeEmbeddedCheckout({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) {
  const stripe = use(stripeFor(publishableKey));
  if (!stripe) return <PaymentErrorBox message={checkoutMessages.paymentUnavailable} />;
  return (
    <div className="overflow-hidden rounded-xl bg-white">
      <EmbeddedCheckoutProvider key={clientSecret} stripe={stripe} options={{ clientSecret }}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
