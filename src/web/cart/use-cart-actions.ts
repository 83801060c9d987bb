import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { addLimitError, cartMessages, quantityLimitError, type CartLine } from '#shared/cart';
import type { StoredCartLine } from '#shared/cart-api';
import { cartApi, cartKeys, cartWriteScope, type CartLineRef } from '#web/api/cart';
import { ApiError } from '#web/api/http';
import { sessionKeys } from '#web/session/session-query';
import { openCartDrawer } from './cart-drawer-state';
import { cartErrorMessage } from './cart-errors';
import { quantityInCart, withQuantity } from './cart-lines';
import { addLocalLine, clearLocalCart, removeLocalLine, setLocalQuantity } from './local-cart';
import { cartLineFromProduct, type CartProduct } from './product-line';
import { useCart, type CartStatus } from './use-cart';

type CartWrite =
  | { kind: 'add'; line: CartLine }
  | { kind: 'set'; line: CartLineRef; quantity: number }
  | { kind: 'remove'; line: CartLineRef }
  | { kind: 'clear' };

/** SPEC §5: while the cart is not known yet, changes are refused with a wait message. */
function waitMessage(status: CartStatus, adding: boolean): string | null {
  if (status === 'auth-loading') return adding ? cartMessages.waitCart : cartMessages.wait;
  if (status === 'preparing') return adding ? cartMessages.authLoading : cartMessages.wait;
  return null;
}

function sendWrite(write: CartWrite): Promise<StoredCartLine[]> {
  switch (write.kind) {
    case 'add': {
      const { productId, licenseType, quantity } = write.line;
      return cartApi.add({ productId, licenseType, quantity });
    }
    case 'set':
      return cartApi.setQuantity({ ...write.line, quantity: write.quantity });
    case 'remove':
      return cartApi.remove(write.line);
    case 'clear':
      return cartApi.clear();
  }
}

/** What a write does to the lines before the server answers (adding waits for the server). */
function expectedLines(lines: StoredCartLine[], write: CartWrite): StoredCartLine[] {
  if (write.kind === 'set') return withQuantity(lines, write.line, write.quantity);
  if (write.kind === 'remove') return withQuantity(lines, write.line, 0);
  if (write.kind === 'clear') return [];
  return lines;
}

/** What the visitor sees once a change is made, in either cart. */
function confirm(write: CartWrite) {
  if (write.kind === 'add') openCartDrawer();
  else if (write.kind === 'clear') {
    clearLocalCart();
    toast.success(cartMessages.cleared);
  } else if (write.kind === 'remove' || write.quantity <= 0) {
    toast.success(cartMessages.itemRemoved);
  }
}

/**
 * Add, set a quantity, remove and clear, on the guest cart in this browser or on the signed-in
 * user's stored cart. Limits are checked here first; the server checks them again.
 */
export function useCartActions() {
  const cart = useCart();
  const queryClient = useQueryClient();
  const userId = cart.userId;

  const mutation = useMutation({
    mutationKey: cartKeys.writes(),
    // One write at a time, in the order made: a later quantity never lands before an earlier one.
    scope: cartWriteScope,
    mutationFn: ({ write }: { userId: string; write: CartWrite }) => sendWrite(write),
    onMutate: async ({ userId: owner, write }) => {
      // A load still on its way would overwrite what this write is about to show.
      await queryClient.cancelQueries({ queryKey: cartKeys.stored(owner) });
      queryClient.setQueryData<StoredCartLine[]>(
        cartKeys.stored(owner),
        (lines) => lines && expectedLines(lines, write),
      );
    },
    onSuccess: (items, { userId: owner, write }) => {
      // While later writes wait, their expected lines stay on screen; the last answer settles.
      if (queryClient.isMutating({ mutationKey: cartKeys.writes() }) <= 1) {
        queryClient.setQueryData(cartKeys.stored(owner), items);
      }
      confirm(write);
    },
    onError: (error, { userId: owner, write }) => {
      toast.error(cartErrorMessage(error, write.kind));
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
      void queryClient.invalidateQueries({ queryKey: cartKeys.stored(owner) });
    },
  });

  /** SPEC §5: true (and the visitor told to wait) while the cart is not known yet. */
  const mustWait = (adding: boolean) => {
    const wait = waitMessage(cart.status, adding);
    if (wait) toast(wait, { id: 'cart-wait' });
    return wait !== null;
  };

  const write = (change: CartWrite) => {
    if (userId !== null) {
      mutation.mutate({ userId, write: change });
      return;
    }
    if (change.kind === 'add') addLocalLine(change.line);
    else if (change.kind === 'set') setLocalQuantity(change.line, change.quantity);
    else if (change.kind === 'remove') removeLocalLine(change.line);
    confirm(change);
  };

  const add = (product: CartProduct, quantity = 1) => {
    if (mustWait(true)) return;
    const line = cartLineFromProduct(product, quantity);
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

  const remove = (line: CartLineRef) => {
    if (!mustWait(false)) write({ kind: 'remove', line });
  };

  const clear = () => {
    if (!mustWait(false)) write({ kind: 'clear' });
  };

  return {
    add,
    setQuantity,
    remove,
    clear,
    /** This component's own change is on its way to the server. */
    isPending: mutation.isPending,
  };
}
