import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import type { Product } from '#shared/catalogue';
import { wishlistMessages } from '#shared/wishlist';
import { storedWishlistQueryOptions } from '#web/api/wishlist';
import { useSession } from '#web/session/use-session';
import { setLocalSaved, useLocalWishlist } from './local-wishlist';

/**
 * The wishlist that applies now: the guest's in this browser, or the signed-in user's saved one
 * (with anything hearted here before signing in, until it has joined the saved list).
 */
export function useWishlist() {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const localIds = useLocalWishlist();
  const stored = useQuery({
    ...storedWishlistQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });
  return { userId, localIds, stored, isSessionPending: session.isPending };
}

/** Whether a product is on the wishlist, and a toggle that says what it did. */
export function useWishlistToggle(product: Product) {
  const { userId, localIds, stored } = useWishlist();
  const queryClient = useQueryClient();
  const saved =
    localIds.includes(product.id) ||
    (userId !== null && (stored.data ?? []).some((item) => item.productId === product.id));

  const toggle = () => {
    const save = !saved;
    if (userId === null) setLocalSaved(product.id, save);
    else {
      // A heart from before signing in that has not joined the saved list yet goes too.
      if (localIds.includes(product.id)) setLocalSaved(product.id, false);
      void import('./wishlist-write').then(({ writeWishlist }) =>
        writeWishlist(queryClient, { userId, product, save }),
      );
    }
    toast.success(
      save ? wishlistMessages.added(product.name) : wishlistMessages.removed(product.name),
      { id: `wishlist-${product.id}` },
    );
  };
  return { saved, toggle };
}
