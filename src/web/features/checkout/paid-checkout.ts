import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '#shared/checkout';
import { cartKeys } from '#web/api/cart';
import { orderKeys } from '#web/api/orders';
import { clearLocalCart } from '#web/cart/local-cart';

/**
 * Which payment sessions pay for this browser's cart, kept for the tab (it survives the trip to
 * a hosted payment page and back). A direct Buy Now does not buy the cart, so it is not marked.
 */
const keyOf = (sessionId: string) => `loopmarket.cart-checkout.${sessionId}`;

export function rememberCartCheckout(sessionId: string) {
  try {
    window.sessionStorage.setItem(keyOf(sessionId), '1');
  } catch {
    // Storage blocked: the cart then stays after payment, which is the safe side.
  }
}

function takeCartCheckout(sessionId: string): boolean {
  try {
    const marked = window.sessionStorage.getItem(keyOf(sessionId)) !== null;
    window.sessionStorage.removeItem(keyOf(sessionId));
    return marked;
  } catch {
    return false;
  }
}

/**
 * Once a session's order is paid: the guest cart in this browser is emptied (the server already
 * emptied a signed-in buyer's stored cart), and the cart and order lists are read afresh.
 * Only the first visit clears: a later reload of the page leaves a new cart alone.
 */
export function useSettlePaidCheckout(sessionId: string, status: OrderStatus | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status !== 'COMPLETED') return;
    if (takeCartCheckout(sessionId)) clearLocalCart();
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [queryClient, sessionId, status]);
}
