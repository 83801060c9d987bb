import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { addLimitError, cartMessages, quantityLimitError, type CartLine } from '#shared/cart';
import type { CartLineRef } from '#web/api/cart';
import { quantityInCart } from './cart-lines';
import { cartWriteMutationOptions, confirmWrite, type CartWrite } from './cart-write-mutation';
import { addLocalLine, removeLocalLine, setLocalAmount, setLocalQuantity } from './local-cart';
import { cartLineFromProduct, type CartProduct, type ChosenAmount } from './product-line';
import { useCart, type CartStatus } from './use-cart';

/** While the cart is not known yet, changes are refused with a wait message. */
function waitMessage(status: CartStatus, adding: boolean): string | null {
  if (status === 'auth-loading') return adding ? cartMessages.waitCart : cartMessages.wait;
  if (status === 'preparing') return adding ? cartMessages.authLoading : cartMessages.wait;
  return null;
}

/**
 * Add, set a quantity, remove and clear, on the guest cart in this browser or on the signed-in
 * user's stored cart. Limits are checked here first; the server checks them again.
 */
export function useCartActions() {
  const cart = useCart();
  const queryClient = useQueryClient();
  const userId = cart.userId;

  const mutation = useMutation(cartWriteMutationOptions(queryClient));

  /** True (and the visitor told to wait) while the cart is not known yet. */
  const mustWait = (adding: boolean) => {
    const wait = waitMessage(cart.status, adding);
    if (wait) toast.show(wait, { id: 'cart-wait' });
    return wait !== null;
  };

  const write = (change: CartWrite) => {
    if (userId !== null) {
      mutation.mutate({ userId, write: change });
      return;
    }
    if (change.kind === 'add') addLocalLine(change.line);
    else if (change.kind === 'set') setLocalQuantity(change.line, change.quantity);
    else if (change.kind === 'amount')
      setLocalAmount(change.line, change.amountCents, change.amountConfirmed);
    else if (change.kind === 'remove') removeLocalLine(change.line);
    confirmWrite(change);
  };

  /** A pay-what-you-want product at `amount` (checked by the caller), else the suggested price. */
  const add = (product: CartProduct, quantity = 1, amount?: ChosenAmount) => {
    if (mustWait(true)) return;
    const line = cartLineFromProduct(product, quantity, amount);
    const inCart = quantityInCart(cart.lines, line);
    const limitError = addLimitError(inCart, quantity, line.purchaseLimit);
    if (limitError) toast.error(limitError);
    else write({ kind: 'add', line });
  };

  const setQuantity = (line: CartLine, quantity: number) => {
    if (mustWait(false)) return;
    const limitError = quantityLimitError(quantity, line.purchaseLimit);
    if (limitError) toast.error(limitError);
    else write({ kind: 'set', line, quantity });
  };

  /** A pay-what-you-want line's new amount, checked by the caller; the server checks again. */
  const setAmount = (line: CartLineRef, amount: ChosenAmount) => {
    if (!mustWait(false)) write({ kind: 'amount', line, ...amount });
  };

  const remove = (line: CartLineRef) => {
    if (!mustWait(false)) write({ kind: 'remove', line });
  };

  const clear = () => {
    if (!mustWait(false)) write({ kind: 'clear' });
  };

  return {
    add,
    setQuantity,
    setAmount,
    remove,
    clear,
    /** This component's own change is on its way to the server. */
    isPending: mutation.isPending,
    /** The cart's lines as these actions see them (a button needs no second useCart). */
    lines: cart.lines,
  };
}
