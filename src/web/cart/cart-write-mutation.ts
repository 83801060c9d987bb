import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { cartMessages, lineAmountFields, type CartLine } from '#shared/cart';
import type { StoredCartLine } from '#shared/cart-api';
import { cartApi, cartKeys, cartWriteScope, type CartLineRef } from '#web/api/cart';
import { ApiError } from '#web/api/http';
import { sessionKeys } from '#web/session/session-query';
import { openCartDrawer } from './cart-drawer-state';
import { cartErrorMessage } from './cart-errors';
import { withAmount, withLineAdded, withQuantity } from './cart-lines';
import { clearLocalCart } from './local-cart';

export type CartWrite =
  | { kind: 'add'; line: CartLine }
  | { kind: 'set'; line: CartLineRef; quantity: number }
  | { kind: 'amount'; line: CartLineRef; amountCents: number; amountConfirmed: boolean }
  | { kind: 'remove'; line: CartLineRef }
  | { kind: 'clear' };

export interface CartWriteVariables {
  /** Whose stored cart is written; the cache entry it shows through is keyed by them. */
  userId: string;
  write: CartWrite;
}

function sendWrite(write: CartWrite): Promise<StoredCartLine[]> {
  switch (write.kind) {
    case 'add': {
      const { productId, licenseType, quantity } = write.line;
      return cartApi.add({ productId, licenseType, quantity, ...lineAmountFields(write.line) });
    }
    case 'amount':
      return cartApi.setAmount({ ...write.line, ...write });
    case 'set':
      return cartApi.setQuantity({ ...write.line, quantity: write.quantity });
    case 'remove':
      return cartApi.remove(write.line);
    case 'clear':
      return cartApi.clear();
  }
}

/** What a write does to the lines before the server answers. */
export function expectedLines(lines: StoredCartLine[], write: CartWrite): StoredCartLine[] {
  switch (write.kind) {
    case 'add':
      return withLineAdded(lines, { ...write.line, addedAt: new Date().toISOString() });
    case 'set':
      return withQuantity(lines, write.line, write.quantity);
    case 'amount':
      return withAmount(lines, write.line, write.amountCents, write.amountConfirmed);
    case 'remove':
      return withQuantity(lines, write.line, 0);
    case 'clear':
      return [];
  }
}

/** What the visitor sees once a change is made, in either cart. */
export function confirmWrite(write: CartWrite) {
  if (write.kind === 'add') openCartDrawer();
  else if (write.kind === 'clear') {
    clearLocalCart();
    toast.success(cartMessages.cleared);
  } else if (write.kind === 'remove' || (write.kind === 'set' && write.quantity <= 0)) {
    toast.success(cartMessages.itemRemoved);
  }
}

/**
 * A write to the signed-in cart, shown at once: the cached cart takes the change (an added line
 * opens the drawer) before the server answers; a refusal puts the cart back and says why; the
 * server's answer settles it.
 */
export const cartWriteMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: cartKeys.writes(),
    // One write at a time, in the order made: a later quantity never lands before an earlier one.
    scope: cartWriteScope,
    mutationFn: ({ write }: CartWriteVariables) => sendWrite(write),
    onMutate: async ({ userId, write }: CartWriteVariables) => {
      const key = cartKeys.stored(userId);
      // A load still on its way would overwrite what this write is about to show.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StoredCartLine[]>(key);
      if (previous) queryClient.setQueryData(key, expectedLines(previous, write));
      // Adding answers at once: the drawer shows the new line while the server saves it.
      if (write.kind === 'add') openCartDrawer();
      return { previous };
    },
    onSuccess: (items, { userId, write }) => {
      // While later writes wait, their expected lines stay on screen; the last answer settles.
      if (queryClient.isMutating({ mutationKey: cartKeys.writes() }) <= 1) {
        queryClient.setQueryData(cartKeys.stored(userId), items);
      }
      if (write.kind !== 'add') confirmWrite(write);
    },
    onError: (error, { userId, write }, context) => {
      toast.error(cartErrorMessage(error, write.kind));
      // Back to the cart before this write, unless later writes already show on top of it.
      const alone = queryClient.isMutating({ mutationKey: cartKeys.writes() }) <= 1;
      if (alone && context?.previous) {
        queryClient.setQueryData(cartKeys.stored(userId), context.previous);
      }
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
      void queryClient.invalidateQueries({ queryKey: cartKeys.stored(userId) });
    },
  });
