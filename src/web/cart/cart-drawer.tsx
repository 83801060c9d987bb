import { useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { Loader2, ShoppingBag, ShoppingCart, X } from 'lucide-react';
import { itemCount } from '#shared/cart';
import { buttonClasses } from '#web/components/ui/button';
import { closeCartDrawer, setCartDrawerOpen, useCartDrawerOpen } from './cart-drawer-state';
import { CartLineItem } from './cart-line-item';
import { CartLoadError } from './cart-load-error';
import { CartTotals } from './cart-totals';
import { PromoCodeForm } from './promo-code-form';
import { useCart, type CartState } from './use-cart';
import { useCartActions } from './use-cart-actions';

function DrawerEmpty() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-zinc-900 text-zinc-500">
        <ShoppingBag aria-hidden="true" className="size-8" />
      </span>
      <p className="text-lg font-semibold text-white">Your cart is empty</p>
      <p className="text-sm text-zinc-400">Add some amazing audio products to get started!</p>
      <Dialog.Close className={buttonClasses('primary', 'md', 'mt-3')}>
        Continue Shopping
      </Dialog.Close>
    </div>
  );
}

function DrawerItems({ cart }: { cart: CartState }) {
  const { setQuantity, setAmount, remove } = useCartActions();
  return (
    <>
      <ul
        aria-label="Items in your cart"
        className="flex-1 divide-y divide-zinc-800 overflow-y-auto px-5"
      >
        {cart.lines.map((line) => (
          <CartLineItem
            key={`${line.productId}:${line.licenseType}`}
            line={line}
            onQuantityChange={(quantity) => setQuantity(line, quantity)}
            onAmountChange={(amount) => setAmount(line, amount)}
            onRemove={() => remove(line)}
          />
        ))}
      </ul>
      <div className="space-y-4 border-t border-zinc-800 bg-zinc-950 px-5 py-5">
        <PromoCodeForm promo={cart.promo} productIds={cart.lines.map((line) => line.productId)} />
        <CartTotals lines={cart.lines} promo={cart.promo} />
        <div className="grid gap-2">
          <Link to="/checkout" className={buttonClasses('primary', 'lg', 'w-full')}>
            Proceed to Checkout
          </Link>
          <Link to="/cart" className={buttonClasses('secondary', 'md', 'w-full')}>
            View Cart Details
          </Link>
        </div>
      </div>
    </>
  );
}

function DrawerBody({ cart }: { cart: CartState }) {
  if (cart.lines.length > 0) return <DrawerItems cart={cart} />;
  if (cart.status === 'auth-loading' || cart.status === 'preparing') {
    return (
      <div role="status" className="flex flex-1 items-center justify-center gap-2 text-zinc-300">
        <Loader2 aria-hidden="true" className="size-5 animate-spin text-brand-400" />
        Loading cart...
      </div>
    );
  }
  if (cart.status === 'error') {
    return (
      <div className="p-5">
        <CartLoadError cart={cart} />
      </div>
    );
  }
  return <DrawerEmpty />;
}

/** The cart drawer: slides in from the right; closes by its button, the overlay or a link. */
export function CartDrawer() {
  const open = useCartDrawerOpen();
  const cart = useCart();
  const count = itemCount(cart.lines);
  // The drawer has no Radix trigger (it opens from the header and from Add to Cart buttons), so
  // it remembers what had focus and gives it back on closing, unless a link led elsewhere.
  const returnFocus = useRef<Element | null>(null);

  /** Following any link in the drawer closes it. */
  const closeOnLink = (event: MouseEvent) => {
    if (!(event.target instanceof Element && event.target.closest('a[href]'))) return;
    returnFocus.current = null;
    closeCartDrawer();
  };

  return (
    <Dialog.Root open={open} onOpenChange={setCartDrawerOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm transition-opacity duration-300 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          onClickCapture={closeOnLink}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            if (target instanceof HTMLElement && target.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-zinc-800 bg-zinc-950 shadow-2xl shadow-black/60 transition-transform duration-300 ease-out starting:translate-x-full"
        >
          <div className="flex items-center justify-between gap-3 border-b border-zinc-800 px-5 py-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-white">
              <ShoppingCart aria-hidden="true" className="size-5 text-brand-300" />
              Shopping Cart <span className="text-base font-normal text-zinc-400">({count})</span>
            </Dialog.Title>
            <div className="flex items-center gap-2">
              {cart.isSyncing && (
                <span role="status">
                  <Loader2 aria-hidden="true" className="size-4 animate-spin text-zinc-400" />
                  <span className="sr-only">Saving cart</span>
                </span>
              )}
              <Dialog.Close
                aria-label="Close cart"
                className="grid size-10 place-items-center rounded-lg text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
          </div>
          <DrawerBody cart={cart} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
