import { itemCount } from '#shared/cart';
import { useCart } from '#web/cart/use-cart';

/** How many items the cart holds (quantities summed), for the header badge. */
export function useCartCount(): number {
  return itemCount(useCart().lines);
}
