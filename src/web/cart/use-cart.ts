import { useIsMutating, useQuery } from '@tanstack/react-query';
import type { CartLine } from '#shared/cart';
import type { Promo } from '#shared/promo';
import { cartKeys, storedCartQueryOptions } from '#web/api/cart';
import { useSession } from '#web/session/use-session';
import { useLocalCart } from './local-cart';

/**
 * - 'auth-loading': the session is still being checked, so which cart applies is not known yet.
 * - 'preparing': signed in, and the stored cart is loading or the guest cart is merging into it.
 * - 'error': the stored cart could not be loaded.
 * - 'ready': the guest cart, or the signed-in user's stored cart.
 */
export type CartStatus = 'auth-loading' | 'preparing' | 'error' | 'ready';

export interface CartState {
  status: CartStatus;
  /** Newest first. */
  lines: CartLine[];
  promo: Promo | null;
  /** Whose stored cart this is; null for a guest, whose cart lives in this browser. */
  userId: string | null;
  /** A change is on its way to the server. */
  isSyncing: boolean;
  error: Error | null;
  retry: () => void;
}

/** The cart that applies now: the guest's in this browser, or the signed-in user's stored one. */
export function useCart(): CartState {
  const session = useSession();
  const local = useLocalCart();
  const userId = session.user?.id ?? null;
  const merging = useIsMutating({ mutationKey: cartKeys.merge() }) > 0;
  const writing = useIsMutating({ mutationKey: cartKeys.writes() }) > 0;
  const stored = useQuery({
    ...storedCartQueryOptions(userId ?? ''),
    enabled: userId !== null,
    // A view that mounts while a change is on its way (the drawer an add opens) shows the change
    // made ahead of the server; a load then would hide it. The write's answer settles the cart.
    refetchOnMount: !writing,
  });
  const retry = () => void stored.refetch();

  // Until the session answers, this browser's lines are the best guess (a signed-in user's are
  // kept on the server, so theirs are normally empty here).
  if (session.isPending || userId === null) {
    return {
      status: session.isPending ? 'auth-loading' : 'ready',
      lines: local.items,
      promo: local.promo,
      userId: null,
      isSyncing: false,
      error: null,
      retry,
    };
  }
  const status: CartStatus =
    stored.isPending || merging ? 'preparing' : stored.isError && !stored.data ? 'error' : 'ready';
  return {
    status,
    lines: stored.data ?? [],
    promo: local.promo,
    userId,
    isSyncing: writing,
    error: stored.error,
    retry,
  };
}
