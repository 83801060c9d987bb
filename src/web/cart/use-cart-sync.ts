import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { cartMessages, lineAmountFields } from '#shared/cart';
import {
  cartApi,
  cartKeys,
  cartWriteScope,
  storedCartQueryOptions,
  type CartLineInput,
} from '#web/api/cart';
import { useSession } from '#web/session/use-session';
import { clearLocalLines, useLocalCart } from './local-cart';

/**
 * The cart on sign-in: a non-empty guest cart is merged into the stored one, saved, and the
 * copy in this browser removed; otherwise the stored cart simply loads. Runs once, in the shell.
 */
export function useCartSync() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const { items } = useLocalCart();
  const stored = useQuery({ ...storedCartQueryOptions(userId ?? ''), enabled: userId !== null });

  const { mutate: merge } = useMutation({
    mutationKey: cartKeys.merge(),
    scope: cartWriteScope,
    mutationFn: ({ lines }: { userId: string; lines: CartLineInput[] }) => cartApi.merge(lines),
    onSuccess: async (merged, { userId: owner }) => {
      // A load that started before the merge was saved must not replace its answer.
      await queryClient.cancelQueries({ queryKey: cartKeys.stored(owner) });
      queryClient.setQueryData(cartKeys.stored(owner), merged);
      clearLocalLines();
    },
    // The guest lines stay in this browser, to be merged at the next sign-in or change.
    onError: (error) => toast.error(cartMessages.loadFailed(error.message), { id: 'cart-load' }),
  });

  // One merge per sign-in, even when effects run twice (React's strict mode does so).
  const mergingFor = useRef<string | null>(null);
  const hasGuestLines = items.length > 0;
  useEffect(() => {
    if (userId === null || !hasGuestLines || mergingFor.current === userId) return;
    mergingFor.current = userId;
    const lines = items.map((line) => ({
      productId: line.productId,
      licenseType: line.licenseType,
      quantity: line.quantity,
      ...lineAmountFields(line),
    }));
    merge(
      { userId, lines },
      {
        onSettled: () => {
          mergingFor.current = null;
        },
      },
    );
  }, [userId, hasGuestLines, items, merge]);

  const loadError = stored.error;
  useEffect(() => {
    if (loadError) toast.error(cartMessages.loadFailed(loadError.message), { id: 'cart-load' });
  }, [loadError]);
}
