import { Link } from 'react-router';
import { ChevronRight, Trash2 } from 'lucide-react';
import { itemCount } from '#shared/cart';
import { Button } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { CartLineItem } from '#web/cart/cart-line-item';
import { CartLoadError } from '#web/cart/cart-load-error';
import { useCart, type CartState } from '#web/cart/use-cart';
import { useCartActions } from '#web/cart/use-cart-actions';
import { EmptyCart } from './empty-cart';
import { OrderSummary } from './order-summary';
import { ProductSuggestions } from './product-suggestions';
import { useRestoredCart } from './use-restored-cart';

function CartBreadcrumb() {
  return (
    <nav aria-label="Breadcrumb" className="mb-8">
      <ol className="flex items-center gap-2 text-sm">
        <li className="flex items-center gap-2">
          <Link to="/" className="rounded text-zinc-400 transition-colors hover:text-white">
            Home
          </Link>
          <ChevronRight aria-hidden="true" className="size-3.5 text-zinc-600" />
        </li>
        <li aria-current="page" className="font-medium text-zinc-200">
          Shopping Cart
        </li>
      </ol>
    </nav>
  );
}

function CartLoading() {
  return (
    <div role="status" aria-label="Loading cart" className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-6">
        {[0, 1].map((row) => (
          <div key={row} className="flex gap-4">
            <Skeleton className="size-28" />
            <div className="flex-1 space-y-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/4" />
              <Skeleton className="h-8 w-28" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

function FilledCart({ cart }: { cart: CartState }) {
  const { setQuantity, setAmount, remove, clear } = useCartActions();
  const count = itemCount(cart.lines);
  return (
    <div className="space-y-20">
      <div>
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-white">Shopping Cart</h1>
            <p className="mt-1 text-zinc-400">
              {count === 1 ? '1 item' : `${count} items`} in your cart
            </p>
          </div>
          <Button variant="ghost" onClick={clear} className="text-zinc-400 hover:text-red-400">
            <Trash2 aria-hidden="true" className="size-4" />
            Clear cart
          </Button>
        </div>
        <div className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
          <ul
            aria-label="Items in your cart"
            className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/40 px-5 sm:px-6"
          >
            {cart.lines.map((line) => (
              <CartLineItem
                key={`${line.productId}:${line.licenseType}`}
                line={line}
                size="full"
                onQuantityChange={(quantity) => setQuantity(line, quantity)}
                onAmountChange={(amount) => setAmount(line, amount)}
                onRemove={() => remove(line)}
              />
            ))}
          </ul>
          <OrderSummary lines={cart.lines} promo={cart.promo} />
        </div>
      </div>
      <ProductSuggestions title="Complete Your Setup" exclude={cart.lines} />
    </div>
  );
}

function CartContent({ cart }: { cart: CartState }) {
  if (cart.lines.length > 0) return <FilledCart cart={cart} />;
  if (cart.status === 'auth-loading' || cart.status === 'preparing') return <CartLoading />;
  if (cart.status === 'error') {
    return <CartLoadError cart={cart} />;
  }
  return <EmptyCart />;
}

/** The cart page (/cart). */
export function CartPage() {
  const cart = useCart();
  useRestoredCart(cart);
  return (
    <Container className="py-10 sm:py-14">
      <PageTitle title="Shopping Cart" />
      <CartBreadcrumb />
      <CartContent cart={cart} />
    </Container>
  );
}
