import { Link, Navigate, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { cartTotals } from '#shared/cart-money';
import { PLACEHOLDER_IMAGE, productImages } from '#shared/product';
import type { DirectCheckoutState } from '#web/api/checkout';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { CheckoutSummary } from './checkout-summary';
import { PaymentForm } from './payment-form';

/** The state Buy Now leaves, or null when the page was reached any other way. */
function directStateOf(state: unknown): DirectCheckoutState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { clientSecret, product, quantity } = state as Partial<DirectCheckoutState>;
  const valid =
    typeof clientSecret === 'string' &&
    clientSecret !== '' &&
    typeof quantity === 'number' &&
    quantity >= 1 &&
    typeof product?.id === 'string';
  return valid ? (state as DirectCheckoutState) : null;
}

/**
 * /checkout/direct: one product's payment. Without Buy Now's navigation state it
 * redirects to / and replaces the history entry.
 */
export function DirectCheckoutPage() {
  const direct = directStateOf(useLocation().state);
  if (!direct) return <Navigate to="/" replace />;
  const { clientSecret, product, quantity } = direct;
  const totals = cartTotals([
    { priceCents: product.priceCents, originalPriceCents: null, quantity },
  ]);

  return (
    <Container className="max-w-6xl py-10 sm:py-14">
      <PageTitle title="Checkout" />
      <Link
        to={`/products/${product.id}`}
        className="mb-6 inline-flex items-center gap-2 rounded text-sm text-zinc-400 transition-colors hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to {product.name}
      </Link>
      {/* As on /checkout: on phones the folded summary comes before the Pay button. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:gap-x-10">
        <h1 className="text-3xl font-bold tracking-tight text-white lg:col-start-1 lg:row-start-1">
          Complete your purchase
        </h1>
        <CheckoutSummary
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
          lines={[
            {
              key: product.id,
              name: product.name,
              image: productImages(product)[0] ?? PLACEHOLDER_IMAGE,
              detail: product.category?.name ?? 'Audio Product',
              quantity,
              unitPriceCents: product.priceCents,
            },
          ]}
          totals={totals}
        />
        <section
          aria-labelledby="payment-title"
          className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2"
        >
          <h2 id="payment-title" className="text-2xl font-semibold text-white">
            Payment
          </h2>
          {/* The amount charged is the server's, which the summary's estimate matches. */}
          <PaymentForm
            clientSecret={clientSecret}
            totalCents={direct.totalCents ?? totals.totalCents}
          />
        </section>
      </div>
    </Container>
  );
}
