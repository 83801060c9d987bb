import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { fetchRestoredCart } from '#web/api/cart';
import { toast } from '#web/components/shell/toast';
import type { CartState } from '#web/cart/use-cart';
import { useCartActions } from '#web/cart/use-cart-actions';

/**
 * /cart?restore=…, a cart reminder's "Back to your cart": once the cart is known, the reminder's
 * products still for sale join it (those already in it stay as they are), and the address loses
 * the token. A link that is forged or too old says so and changes nothing.
 */
export function useRestoredCart(cart: CartState) {
  const [params, setParams] = useSearchParams();
  const token = params.get('restore');
  const { add } = useCartActions();
  const restored = useQuery({
    queryKey: ['cart-restore', token],
    queryFn: () => fetchRestoredCart(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (token === null || handled.current === token || cart.status !== 'ready') return;
    if (restored.isPending) return;
    handled.current = token;
    if (restored.isError) toast.error(restored.error.message);
    else {
      for (const product of restored.data.products) {
        if (!cart.lines.some((line) => line.productId === product.id)) add(product);
      }
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('restore');
        return next;
      },
      { replace: true },
    );
  }, [token, cart.status, cart.lines, restored, add, setParams]);
}
