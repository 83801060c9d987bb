import { useIsMutating, useQueries } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { productQueryOptions } from '#web/api/catalogue';
import { ApiError } from '#web/api/http';
import { wishlistKeys } from '#web/api/wishlist';
import { useWishlist } from '#web/wishlist/use-wishlist';

export interface WishlistProducts {
  status: 'loading' | 'error' | 'ready';
  /** Newest first. */
  products: Product[];
  /** Whose saved list this is; null for a guest, whose list lives in this browser. */
  userId: string | null;
  retry: () => void;
}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The products on the wishlist: the signed-in buyer's saved list as the server answers it, or
 * the guest's ids read one by one from the catalogue (a product gone from it drops out).
 */
export function useWishlistProducts(): WishlistProducts {
  const { userId, localIds, stored, isSessionPending } = useWishlist();
  const merging = useIsMutating({ mutationKey: wishlistKeys.merge() }) > 0;
  const guestIds = userId === null ? [...localIds].reverse() : [];
  const guest = useQueries({
    queries: guestIds.map((id) => productQueryOptions(id)),
  });

  if (isSessionPending) return { status: 'loading', products: [], userId, retry: () => {} };
  if (userId !== null) {
    const status = stored.isPending || merging ? 'loading' : stored.data ? 'ready' : 'error';
    return {
      status,
      products: (stored.data ?? []).map((item) => item.product),
      userId,
      retry: () => void stored.refetch(),
    };
  }
  const failed = guest.filter((query) => query.isError && !isGone(query.error));
  return {
    status: guest.some((query) => query.isPending) ? 'loading' : failed.length ? 'error' : 'ready',
    products: guest.flatMap((query) => (query.data ? [query.data] : [])),
    userId,
    retry: () => failed.forEach((query) => void query.refetch()),
  };
}
