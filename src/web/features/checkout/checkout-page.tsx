import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { creditDetail, creditNote, groupByBundle } from '#shared/bundle-credit';
import { licenseName, lineAmountFields, type CartLine } from '#shared/cart';
import { orderMoneyRows } from '#shared/order-money';
import { cartTotals, type CartTaxContext } from '#shared/cart-money';
import type { CheckoutSessionResponse } from '#shared/checkout';
import { freeProductMessages } from '#shared/free-products';
import type { OrderView } from '#shared/orders';
import type { Promo } from '#shared/promo';
import { orderTaxSummary, taxLabel } from '#shared/tax';
import {
  checkoutSessionOrderQueryOptions,
  startCheckout,
  startHostedCheckout,
  type CheckoutSessionInput,
} from '#web/api/checkout';
import { savedBillingQuery } from '#web/api/saved-billing';
import { storeInfoQueryOptions } from '#web/api/store';
import { useSession } from '#web/session/use-session';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { CartLoadError } from '#web/cart/cart-load-error';
import { useCart } from '#web/cart/use-cart';
import { useCartTax } from '#web/cart/use-cart-tax';
import {
  billingDetailsOf,
  checkoutFormError,
  DEFAULT_CHECKOUT_ASKS,
  emptyCheckoutForm,
  withSavedBilling,
  type CheckoutForm,
} from './checkout-form';
import { CheckoutSteps } from './checkout-steps';
import { CheckoutSummary, type SummaryLine, type SummaryTotals } from './checkout-summary';
import { InformationStep } from './information-step';
import { rememberCartCheckout } from './paid-checkout';
import { PaymentStep } from './payment-step';
import { hostedCheckoutTarget } from './redirects';

function EmptyCheckout() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-800 bg-zinc-900/40 px-6 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-zinc-900 text-zinc-500">
        <ShoppingBag aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-white">Your cart is empty</h1>
      <p className="max-w-md text-zinc-400">Add a product to your cart, then come back to pay.</p>
      <Link to="/products" className={buttonClasses('primary', 'lg', 'mt-2')}>
        Continue Shopping
      </Link>
    </div>
  );
}

function FreeOrderMailed({ email }: { email: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/40 px-6 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-white">Nothing to pay</h1>
      <p role="status" className="max-w-md text-zinc-300">
        {freeProductMessages.checkEmail(email)}
      </p>
      <Link to="/products" className={buttonClasses('primary', 'lg', 'mt-2')}>
        Continue Shopping
      </Link>
    </div>
  );
}

function CheckoutLoading() {
  return (
    <div
      role="status"
      aria-label="Loading checkout"
      className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <div className="space-y-6">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96" />
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

const cartSummaryLines = (lines: readonly CartLine[]): SummaryLine[] =>
  lines.map((line) => ({
    key: `${line.productId}:${line.licenseType}`,
    name: line.name,
    image: line.image,
    detail: licenseName(line.licenseType),
    quantity: line.quantity,
    unitPriceCents: line.priceCents,
    ...(line.credit
      ? { credit: [creditNote(line.credit, line.priceCents), creditDetail(line.credit)] }
      : {}),
  }));

/** The order's lines, a bundle's members as one line under its name (shared/order-money). */
const orderSummaryLines = (order: OrderView): SummaryLine[] => {
  const rows = orderMoneyRows(order).lines;
  return groupByBundle(order.items).map(({ lines }, i) => {
    const first = lines[0]!;
    const row = rows[i]!;
    return {
      key: first.id,
      name: row.label,
      image: first.image,
      detail: row.members ?? licenseName(first.licenseType),
      quantity: first.quantity,
      unitPriceCents: row.cents / first.quantity,
      ...(row.credit ? { credit: [row.credit] } : {}),
    };
  });
};

/**
 * Before the session exists the summary is the cart's estimate (the accepted promo counts while
 * its code is in the form); once it exists, it is the order the server priced.
 */
function summaryOf(
  lines: readonly CartLine[],
  promo: Promo | null,
  promoCode: string,
  order: OrderView | undefined,
  tax: CartTaxContext | undefined,
): { lines: SummaryLine[]; totals: SummaryTotals } {
  if (order)
    return {
      lines: orderSummaryLines(order),
      totals: {
        ...order,
        taxLabel: taxLabel(orderTaxSummary(order), 'Tax'),
        taxIncluded: order.pricesIncludeTax,
      },
    };
  const applied = promo && promoCode.trim().toUpperCase() === promo.code ? promo : null;
  const totals = cartTotals(lines, applied ?? null, tax);
  return {
    lines: cartSummaryLines(lines),
    totals: {
      ...totals,
      promoCode: applied?.code,
      taxLabel: taxLabel(totals.tax, 'Tax'),
      taxIncluded: totals.tax.pricesIncludeTax,
    },
  };
}

/** /checkout: information, then payment once the session exists. */
export function CheckoutPage() {
  return (
    <Container className="max-w-6xl py-10 sm:py-14">
      <PageTitle title="Checkout" />
      <Checkout />
    </Container>
  );
}

function Checkout() {
  const cart = useCart();
  const { user } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<CheckoutForm>(() => emptyCheckoutForm(cart.promo?.code));
  const [formError, setFormError] = useState<string | null>(null);
  // A signed-in buyer starts from their last paid checkout's billing details, read afresh (a
  // purchase or a deletion since may have changed them), once, before the form is shown.
  const savedBilling = useQuery({
    ...savedBillingQuery,
    enabled: user !== null,
    refetchOnMount: 'always',
  });
  const [prefilled, setPrefilled] = useState(false);
  const [fromSavedBilling, setFromSavedBilling] = useState(false);
  const [remindCart, setRemindCart] = useState(false);
  if (!prefilled && savedBilling.isFetchedAfterMount) {
    setPrefilled(true);
    const saved = savedBilling.data;
    if (saved) {
      setForm((current) => withSavedBilling(current, saved.details));
      setFromSavedBilling(true);
    }
  }
  const awaitingSavedBilling = user !== null && !prefilled;
  // What the owner's settings ask, read afresh: a page drawn earlier may hold an older answer.
  const store = useQuery({ ...storeInfoQueryOptions(), refetchOnMount: 'always' });
  const asks = store.data?.checkout ?? DEFAULT_CHECKOUT_ASKS;
  const [session, setSession] = useState<CheckoutSessionResponse | null>(null);
  // The summary re-prices as the buyer picks their country and state.
  const tax = useCartTax({ country: form.country, region: form.region });

  // A guest's order that came to $0: its link went to this address (free-products).
  const [freeSentTo, setFreeSentTo] = useState<string | null>(null);
  const embedded = useMutation({
    mutationFn: startCheckout,
    onSuccess: (created) => {
      // $0 to pay: no payment step. Completed (signed in) shows as a paid order does.
      if (created.free === 'completed') {
        void navigate(`/payment/success?session_id=${encodeURIComponent(created.sessionId)}`);
        return;
      }
      if (created.free === 'email-sent') {
        setFreeSentTo(form.email.trim());
        return;
      }
      rememberCartCheckout(created.sessionId);
      setSession(created);
    },
  });
  // The hosted page pays the order of the open session, not a new one.
  const hosted = useMutation({
    mutationFn: startHostedCheckout,
    onSuccess: (created) => {
      rememberCartCheckout(created.sessionId);
      const target = hostedCheckoutTarget(created);
      if (target.external) window.location.assign(target.url);
      else void navigate(target.url);
    },
  });
  const order = useQuery({
    ...checkoutSessionOrderQueryOptions(session?.sessionId ?? ''),
    enabled: session !== null,
  });

  const request = (uiMode: CheckoutSessionInput['uiMode']): CheckoutSessionInput => ({
    // A signed-in buyer is charged for the stored cart, whatever is sent here.
    items: cart.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      licenseType: line.licenseType,
      ...lineAmountFields(line),
    })),
    promoCode: form.promoCode.trim() || undefined,
    checkoutType: 'cart',
    customerEmail: user ? undefined : form.email.trim(),
    billingDetails: billingDetailsOf(form),
    remindCart: !user && asks.offersCartReminder && remindCart,
    uiMode,
  });

  const continueToPayment = () => {
    const error = checkoutFormError(
      { ...form, email: user?.email ?? form.email },
      cart.lines.length,
      asks,
    );
    setFormError(error);
    if (!error) embedded.mutate(request('embedded'));
  };

  const backToInformation = () => {
    setSession(null);
    embedded.reset();
    hosted.reset();
  };

  if (freeSentTo) return <FreeOrderMailed email={freeSentTo} />;
  if (!session) {
    if (cart.status === 'auth-loading' || cart.status === 'preparing' || awaitingSavedBilling)
      return <CheckoutLoading />;
    if (cart.status === 'error') return <CartLoadError cart={cart} />;
    if (cart.lines.length === 0) return <EmptyCheckout />;
  }

  const summary = summaryOf(
    cart.lines,
    cart.promo,
    form.promoCode,
    session ? order.data : undefined,
    tax,
  );

  // On phones the folded summary sits between the steps and the form, so the amount is seen
  // before the Pay button; from `lg` it is the side column beside both.
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:gap-y-8">
      <div className="space-y-5 lg:col-start-1 lg:row-start-1">
        <h1 className="text-3xl font-bold tracking-tight text-white">Checkout</h1>
        <CheckoutSteps current={session ? 'payment' : 'information'} />
      </div>
      <CheckoutSummary
        lines={summary.lines}
        totals={summary.totals}
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
      />
      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        {session?.client_secret ? (
          <PaymentStep
            clientSecret={session.client_secret}
            totalCents={session.totalCents}
            onBack={backToInformation}
            hosted={{
              start: () => hosted.mutate(session.sessionId),
              isStarting: hosted.isPending || hosted.isSuccess,
              error: hosted.error?.message ?? null,
            }}
          />
        ) : (
          <InformationStep
            form={form}
            asks={asks}
            signedInEmail={user?.email ?? null}
            fromSavedBilling={fromSavedBilling}
            remindCart={{ checked: remindCart, onChange: setRemindCart }}
            onChange={(name, value) =>
              setForm((current) => ({
                ...current,
                [name]: value,
                // Another country's states are not this one's.
                ...(name === 'country' ? { region: '' } : {}),
              }))
            }
            onSubmit={continueToPayment}
            isCreating={embedded.isPending}
            error={formError ?? embedded.error?.message ?? null}
          />
        )}
      </div>
    </div>
  );
}
