import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { wishlistMessages } from '#shared/wishlist';
import { wishlistApi, wishlistKeys, wishlistWriteScope } from '#web/api/wishlist';
import { useSession } from '#web/session/use-session';
import { forgetLocalIds, useLocalWishlist } from './local-wishlist';

/**
 * At sign-in a guest's hearts join the saved list, and leave this browser once saved (as the
 * cart does). Renders nothing; mounted once, in the shell.
 */
export function WishlistSync() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const localIds = useLocalWishlist();

  const { mutate: merge } = useMutation({
    mutationKey: wishlistKeys.merge(),
    scope: wishlistWriteScope,
    mutationFn: ({ productIds }: { userId: string; productIds: string[] }) =>
      wishlistApi.merge(productIds),
    onSuccess: async (items, { userId: owner, productIds }) => {
      // A load that started before the merge was saved must not replace its answer.
      await queryClient.cancelQueries({ queryKey: wishlistKeys.stored(owner) });
      queryClient.setQueryData(wishlistKeys.stored(owner), items);
      forgetLocalIds(productIds);
    },
    // The hearts stay in this browser, to join at the next sign-in or change.
    onError: (error) =>
      toast.error(wishlistMessages.saveFailed(error.message), { id: 'wishlist-error' }),
  });

  // One merge per sign-in, even when effects run twice (React's strict mode does so).
  const mergingFor = useRef<string | null>(null);
  useEffect(() => {
    if (userId === null || localIds.length === 0 || mergingFor.current === userId) return;
    mergingFor.current = userId;
    merge(
      { userId, productIds: [...localIds] },
      {
        onSettled: () => {
          mergingFor.current = null;
        },
      },
    );
  }, [userId, localIds, merge]);

  return null;
}
