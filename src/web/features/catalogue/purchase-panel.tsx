import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Zap } from 'lucide-react';
import { loginPathFor } from '#shared/auth-labels';
import type { Product } from '#shared/catalogue';
import { purchaseLimit } from '#shared/product';
import { purchaseStatusQueryOptions } from '#web/api/downloads';
import type { DirectCheckoutState } from '#web/api/checkout';
import { AddToCartButton } from '#web/components/product/add-to-cart-button';
import { payTermsOf, type ChosenAmount } from '#web/cart/product-line';
import { WishlistButton } from '#web/components/product/wishlist-button';
import { sessionQuery } from '#web/session/session-query';
import { useSession } from '#web/session/use-session';
import { Button } from '#web/components/ui/button';
import type { BuyNowLocation } from './buy-now-location';
import { OwnedNotice } from './owned-notice';
import { FreePanel } from './free-panel';
import { isFree } from '#shared/free-price';
import { QuantitySelector } from './quantity-selector';
import type { BuyingButtonsProps } from './buying-buttons-props';
import { ReadySuspense } from '#web/components/shell/ready-suspense';

/** The checkout client loads when Buy Now is near the pointer or focused, not with the page. */
const loadCheckoutApi = () => import('#web/api/checkout');
/** The country list, for a signed-in shopper only: it is not part of the page's first load. */
const loadLocation = () => import('./buy-now-location');
const BuyNowLocationFields = lazy(loadLocation);
/** The amount field and its rule, only on a pay-what-you-want product's page. */
const PayWhatYouWantOptions = lazy(() =>
  import('./pay-what-you-want-options').then((m) => ({ default: m.PayWhatYouWantOptions })),
);

/** The generic checkout failure, for when the checkout client cannot load (a new release). */
const CHECKOUT_UNAVAILABLE = 'Failed to start checkout process. Please refresh and try again.';

/**
 * Buy Now: signed in only (otherwise /login, coming back here); 'Processing...' while
 * the direct session is made; then /checkout/direct with the client secret, product and
 * quantity in navigation state. A failure shows beside the button.
 */
function useBuyNow(
  product: Product,
  quantity: number,
  location: BuyNowLocation | null,
  chooseAmount: (() => Promise<ChosenAmount | null>) | undefined,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [isProcessing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const buyNow = async () => {
    if (isProcessing) return;
    const amount = chooseAmount ? await chooseAmount() : undefined;
    if (amount === null) return;
    setProcessing(true);
    setError(null);
    try {
      const [session, checkoutApi, locationApi] = await Promise.all([
        queryClient.ensureQueryData(sessionQuery).catch(() => undefined),
        loadCheckoutApi().catch(() => null),
        loadLocation().catch(() => null),
      ]);
      if (session === null) {
        void navigate(loginPathFor(`${pathname}${search}`));
        return;
      }
      if (session === undefined || checkoutApi === null || locationApi === null)
        throw new Error(CHECKOUT_UNAVAILABLE);
      const where = location ?? (await locationApi.guessBuyNowLocation());
      const locationError = locationApi.buyNowLocationError(where);
      if (locationError) throw new Error(locationError);
      const { startCheckout } = checkoutApi;
      const created = await startCheckout({
        items: [{ productId: product.id, quantity, ...amount }],
        checkoutType: 'direct',
        uiMode: 'embedded',
        billingDetails: {
          country: where.country,
          ...(where.region ? { region: where.region } : {}),
        },
      });
      const state: DirectCheckoutState = {
        clientSecret: created.client_secret ?? '',
        // A pay-what-you-want product's summary shows the amount chosen.
        product: amount ? { ...product, priceCents: amount.amountCents } : product,
        quantity,
        totalCents: created.totalCents,
      };
      void navigate('/checkout/direct', { state });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProcessing(false);
    }
  };

  return { buyNow, isProcessing, error };
}

/** Whether the signed-in user already owns this digital download (checked only when signed in). */
function useOwnsDownload(product: Product): boolean {
  const { user } = useSession();
  const status = useQuery({
    ...purchaseStatusQueryOptions(user?.id ?? '', product.id),
    enabled: Boolean(user),
  });
  return Boolean(user && status.data?.isPurchased && status.data.isDigitalDownload);
}

/** Quantity, Add to Cart, Buy Now and the wishlist toggle of the detail page. */
export function PurchasePanel({ product }: { product: Product }) {
  // A $0 product is had without a card (docs/free-products.md); a pay-what-you-want one whose
  // suggested price is $0 lets the buyer choose to pay (docs/pay-what-you-want.md).
  return isFree(product.priceCents) && !product.payWhatYouWant ? (
    <FreePanel product={product} />
  ) : (
    <PaidPanel product={product} />
  );
}

function PaidPanel({ product }: { product: Product }) {
  const owned = useOwnsDownload(product);
  if (owned) {
    return (
      <div className="space-y-4">
        <OwnedNotice />
        <WishlistButton product={product} variant="labelled" />
      </div>
    );
  }
  return <BuyingOptions product={product} />;
}

function BuyingOptions({ product }: { product: Product }) {
  const terms = payTermsOf(product);
  return terms ? (
    <ReadySuspense fallback={null}>
      <PayWhatYouWantOptions product={product} terms={terms} Buttons={BuyingButtons} />
    </ReadySuspense>
  ) : (
    <BuyingButtons product={product} />
  );
}

function BuyingButtons({ product, chooseAmount, children }: BuyingButtonsProps) {
  const [quantity, setQuantity] = useState(1);
  const limit = purchaseLimit(product);
  const { user } = useSession();
  const [location, setLocation] = useState<BuyNowLocation | null>(null);
  const { buyNow, isProcessing, error } = useBuyNow(product, quantity, location, chooseAmount);
  const preload = () => void loadCheckoutApi();

  return (
    <div className="space-y-4">
      {children}
      <QuantitySelector value={quantity} max={limit} onChange={setQuantity} />
      {/* Buy Now is for signed-in shoppers, so only they are asked where they buy from. */}
      {user && (
        <Suspense fallback={null}>
          <BuyNowLocationFields value={location} onChange={setLocation} />
        </Suspense>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <AddToCartButton
          product={product}
          quantity={quantity}
          size="lg"
          className="h-12"
          chooseAmount={chooseAmount}
        />
        <Button
          variant="secondary"
          size="lg"
          onClick={() => void buyNow()}
          onPointerEnter={preload}
          onFocus={preload}
          aria-busy={isProcessing || undefined}
          className="h-12"
        >
          {isProcessing ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Zap aria-hidden="true" className="size-4" />
          )}
          {isProcessing ? 'Processing...' : 'Buy Now'}
        </Button>
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-sm text-red-200"
        >
          {error}
        </p>
      )}
      <WishlistButton product={product} variant="labelled" />
    </div>
  );
}
