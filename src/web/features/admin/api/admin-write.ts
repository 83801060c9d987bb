import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * An admin write: afterwards everything the admin caches is read again, and so is whatever of
 * the store's own data in this tab (`alsoRefresh`) the write changes.
 */
export function useAdminWrite<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  alsoRefresh: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all(
        [adminKeys.all, ...alsoRefresh].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
