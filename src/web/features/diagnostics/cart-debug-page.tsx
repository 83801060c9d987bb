import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { lineTotalCents } from '#shared/cart';
import { cartTotals, TAX_PERCENT } from '#shared/cart-money';
import { formatPrice } from '#shared/money';
import { promoDiscountLabel } from '#shared/promo-discount';
import { useSession } from '#web/session/use-session';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
// The one page that looks inside another feature: showing the cart's state is its purpose.
import { useCart, type CartState } from '#web/cart/use-cart';
import { storedCartRowsQueryOptions } from './api';
import { DeveloperPage, DeveloperSection } from './developer-page';
import { JsonView } from './json-view';
import { useLocalStorageEntry } from './use-local-storage-entry';

/** The guest cart's fixed key (src/web/cart/local-cart.ts). */
const CART_STORAGE_KEY = 'loopmarket.cart';

/** The cart as the browser sees it, beside what this browser stores and what the server stores. */
export function CartDebugPage() {
  const session = useSession();
  const cart = useCart();
  const userId = session.user?.id ?? null;
  const stored = useQuery({
    ...storedCartRowsQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });
  const local = useLocalStorageEntry(CART_STORAGE_KEY);

  function refresh() {
    void session.refetch();
    if (!userId) return;
    cart.retry();
    void stored.refetch();
  }

  return (
    <DeveloperPage
      title="Cart Debug"
      lead={
        <p>
          The cart this browser shows, the guest cart kept in local storage, and the signed-in
          cart&apos;s rows from <code className="text-zinc-300">GET /api/cart</code>.
        </p>
      }
      actions={
        <Button variant="secondary" onClick={refresh} disabled={stored.isFetching}>
          <RefreshCw
            aria-hidden="true"
            className={`size-4 ${stored.isFetching ? 'animate-spin' : ''}`}
          />
          Refresh
        </Button>
      }
    >
      <CartStateSection
        cart={cart}
        email={session.user?.email ?? null}
        sessionPending={session.isPending}
      />

      <DeveloperSection title="Local storage">
        <p className="mb-3 text-sm text-zinc-400">
          Key <code className="text-zinc-300">{CART_STORAGE_KEY}</code>
          {local.raw === null ? ': nothing stored.' : ''}
        </p>
        {local.raw !== null && <JsonView value={local.parsed} label="Local storage cart as JSON" />}
      </DeveloperSection>

      <DeveloperSection title="Stored cart rows">
        {userId === null ? (
          <p className="text-sm text-zinc-400">
            Not signed in: a guest has no stored cart. Sign in to see the rows kept for the account.
          </p>
        ) : stored.isPending ? (
          <Skeleton className="h-24" />
        ) : stored.isError ? (
          <ErrorAlert title="Failed to load the stored cart">{stored.error.message}</ErrorAlert>
        ) : (
          <JsonView value={stored.data} label="Stored cart rows as JSON" />
        )}
      </DeveloperSection>
    </DeveloperPage>
  );
}

function CartStateSection({
  cart,
  email,
  sessionPending,
}: {
  cart: CartState;
  email: string | null;
  sessionPending: boolean;
}) {
  const totals = cartTotals(cart.lines, cart.promo);
  const state: [string, string][] = [
    ['Signed in', sessionPending ? 'checking…' : email ? `yes, as ${email}` : 'no (guest)'],
    ['Status', cart.status],
    ['Syncing', cart.isSyncing ? 'yes' : 'no'],
    ['Promo', cart.promo ? `${cart.promo.code} (${promoDiscountLabel(cart.promo)})` : 'none'],
  ];
  // src/shared/cart's cartTotals: the numbers the cart page and drawer show.
  const money: [string, string][] = [
    ['Items', String(totals.itemCount)],
    ['Subtotal', formatPrice(totals.subtotalCents)],
    ['Discount', formatPrice(totals.discountCents)],
    [`Tax (${TAX_PERCENT}%)`, formatPrice(totals.taxCents)],
    ['Total', formatPrice(totals.totalCents)],
    ['Sale savings', formatPrice(totals.savingsCents)],
  ];
  return (
    <DeveloperSection title="Cart state">
      <div className="grid gap-x-10 gap-y-2 lg:grid-cols-2">
        <Facts facts={state} />
        <Facts facts={money} />
      </div>
      {cart.error && (
        <div className="mt-4">
          <ErrorAlert title="The stored cart failed to load">{cart.error.message}</ErrorAlert>
        </div>
      )}
      <div className="mt-5 overflow-x-auto rounded-lg border border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Cart lines</caption>
          <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
            <tr>
              {['Product', 'Licence', 'Quantity', 'Price', 'Line total'].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800 text-zinc-200">
            {cart.lines.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-zinc-400">
                  The cart is empty.
                </td>
              </tr>
            ) : (
              cart.lines.map((line) => (
                <tr key={`${line.productId}:${line.licenseType}`}>
                  <th scope="row" className="px-4 py-3 font-medium text-zinc-100">
                    {line.name}
                    <span className="block font-mono text-xs font-normal text-zinc-400">
                      {line.productId}
                    </span>
                  </th>
                  <td className="px-4 py-3">{line.licenseType}</td>
                  <td className="px-4 py-3 tabular-nums">{line.quantity}</td>
                  <td className="px-4 py-3 tabular-nums">{formatPrice(line.priceCents)}</td>
                  <td className="px-4 py-3 tabular-nums">{formatPrice(lineTotalCents(line))}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </DeveloperSection>
  );
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid h-fit grid-cols-[8rem_1fr] gap-x-6 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-400">{label}</dt>
          <dd className="text-zinc-100 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
