import { MutationObserver, mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import type { Product } from '#shared/catalogue';
import { wishlistMessages } from '#shared/wishlist';
import type { WishlistItem } from '#shared/wishlist-api';
import { ApiError } from '#web/api/http';
import { wishlistApi, wishlistKeys, wishlistWriteScope } from '#web/api/wishlist';
import { sessionKeys } from '#web/session/session-query';

/**
 * A signed-in heart's write, loaded on the first heart clicked (use-wishlist.ts): the hearts on a
 * page's cards carry no mutation of their own, so hydrating them costs less, and this code is
 * not part of the first page's JavaScript.
 */
export interface WishlistWrite {
  /** Whose saved list is written; the cache entry it shows through is keyed by them. */
  userId: string;
  product: Product;
  save: boolean;
}

/** The list once a write is made, before the server answers. */
function expectedItems(items: WishlistItem[], { product, save }: WishlistWrite): WishlistItem[] {
  const rest = items.filter((item) => item.productId !== product.id);
  if (!save) return rest;
  return [{ productId: product.id, addedAt: new Date().toISOString(), product }, ...rest];
}

/**
 * A heart on the signed-in list, shown at once: the cached list takes the change before the
 * server answers; a refusal puts the list back and says why; the last answer settles it.
 */
const wishlistWriteOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: wishlistKeys.writes(),
    scope: wishlistWriteScope,
    mutationFn: ({ product, save }: WishlistWrite) =>
      save ? wishlistApi.add(product.id) : wishlistApi.remove(product.id),
    onMutate: async (write: WishlistWrite) => {
      const key = wishlistKeys.stored(write.userId);
      // A load still on its way would overwrite what this write is about to show.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WishlistItem[]>(key);
      if (previous) queryClient.setQueryData(key, expectedItems(previous, write));
      return { previous };
    },
    onSuccess: (items, { userId }) => {
      // While later writes wait, their expected list stays on screen; the last answer settles.
      if (queryClient.isMutating({ mutationKey: wishlistKeys.writes() }) <= 1) {
        queryClient.setQueryData(wishlistKeys.stored(userId), items);
      }
    },
    onError: (error, { userId }, context) => {
      toast.error(wishlistMessages.saveFailed(error.message), { id: 'wishlist-error' });
      const alone = queryClient.isMutating({ mutationKey: wishlistKeys.writes() }) <= 1;
      if (alone && context?.previous) {
        queryClient.setQueryData(wishlistKeys.stored(userId), context.previous);
      }
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.stored(userId) });
    },
  });

/** Writes a heart to the signed-in list; a failure is told and undone by the options. */
export function writeWishlist(queryClient: QueryClient, write: WishlistWrite) {
  new MutationObserver(queryClient, wishlistWriteOptions(queryClient))
    .mutate(write)
    .catch(() => {});
}
