import { lazy, Suspense, useState } from 'react';
import { useCartDrawerOpen } from './cart-drawer-state';
import { useCartSync } from './use-cart-sync';

const loadDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

/** Fetches the drawer's code ahead of its first opening (on hover of a button that opens it). */
export const preloadCartDrawer = () => void loadDrawer();

/**
 * The shell's part of the cart: keeps it in step with the session, and mounts the drawer the
 * first time it opens (its code stays out of the first page's bundle until then).
 */
export function CartHost() {
  useCartSync();
  const open = useCartDrawerOpen();
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
