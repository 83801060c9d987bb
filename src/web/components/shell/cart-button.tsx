import { ShoppingCart } from 'lucide-react';
import { toggleCartDrawer, useCartDrawerOpen } from '#web/cart/cart-drawer-state';
import { preloadCartDrawer } from '#web/cart/cart-host';
import { useCartCount } from './use-cart-count';

/** The header cart button: opens and closes the cart drawer; the badge shows the item count. */
export function CartButton() {
  const count = useCartCount();
  const open = useCartDrawerOpen();
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <button
      type="button"
      onClick={toggleCartDrawer}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      className="relative grid size-10 place-items-center rounded-lg text-zinc-300 transition-colors hover:bg-zinc-800 hover:text-white"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-brand-500 px-1 text-[11px] leading-5 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
