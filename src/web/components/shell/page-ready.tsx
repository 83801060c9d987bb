import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cartKeys } from '#web/api/cart';
import { sessionQuery, type SessionData } from '#web/session/session-query';
import { onReadySuspenseChange, pendingReadySuspense } from './ready-suspense';

/**
 * Whether the visitor's cart can take a change: the session check answered and, for a signed-in
 * visitor, their stored cart loaded with no guest cart merging into it (until then the cart
 * refuses to add, as the spec says).
 */
function cartKnown(queryClient: QueryClient): boolean {
  const session = queryClient.getQueryState<SessionData | null>(sessionQuery.queryKey);
  if (session?.status === 'error') return true;
  if (session?.status !== 'success') return false;
  const userId = session.data?.user.id;
  if (!userId) return true;
  // Loaded or failed (the drawer then offers to retry): either way the cart answers a click.
  const cart = queryClient.getQueryState(cartKeys.stored(userId));
  return (
    cart !== undefined &&
    cart.status !== 'pending' &&
    queryClient.isMutating({ mutationKey: cartKeys.merge() }) === 0
  );
}

/**
 * Marks the document `data-ready` once the first page is interactive: rendered, or, when the
 * server drew it, hydrated, with every ReadySuspense boundary's code loaded and hydrated too, and
 * the visitor's cart known (see cartKnown). Rendered beside the
 * page inside its Suspense boundary, whose effects run only when the page's own code has loaded.
 * Browser journeys wait for it before they click.
 *
 * It reads the queries' state from the cache rather than observing them: an observer mounting
 * would check a failed session again, and the layout, which swaps the page for the error screen
 * and back on that, would never settle.
 */
export function PageReady() {
  const queryClient = useQueryClient();
  const ready = useSyncExternalStore(
    (onChange) => {
      const queries = queryClient.getQueryCache().subscribe(onChange);
      const mutations = queryClient.getMutationCache().subscribe(onChange);
      return () => {
        queries();
        mutations();
      };
    },
    () => cartKnown(queryClient),
    () => false,
  );
  useEffect(() => {
    if (!ready) return;
    const mark = () => {
      if (pendingReadySuspense() === 0) document.documentElement.dataset.ready = '';
    };
    mark();
    return onReadySuspenseChange(mark);
  }, [ready]);
  return null;
}
