import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '#web/components/ui/use-hydrated';
import { sessionQuery } from './session-query';

/**
 * Who is signed in: `user` is null for a visitor; `isError` when the check itself failed.
 *
 * While the browser hydrates a server-rendered page the answer is "not known yet", as it was on
 * the server: the page is hydrated in slices, and a session check that answers between two
 * slices must not draw a signed-in part (Buy Now's country, the account menu) into HTML the
 * server drew for a visitor.
 */
function useBrowserSession() {
  const hydrated = useHydrated();
  const { data, isPending, isError, refetch } = useQuery(sessionQuery);
  return {
    user: hydrated ? (data?.user ?? null) : null,
    isPending: !hydrated || isPending,
    isError: hydrated && isError,
    refetch,
  };
}

type Session = ReturnType<typeof useBrowserSession>;

/** On the server every page is drawn for a visitor whose session is not known yet. */
const NOT_KNOWN_ON_SERVER: Session = {
  user: null,
  isPending: true,
  isError: false,
  refetch: () => Promise.reject(new Error('the session is not read on the server')),
};

/**
 * Chosen once for the environment: the server never reads a session, and skips the query's
 * observer on each of the many controls that ask (the cart, the hearts, the account menu).
 */
export const useSession: () => Session =
  typeof window === 'undefined' ? () => NOT_KNOWN_ON_SERVER : useBrowserSession;
