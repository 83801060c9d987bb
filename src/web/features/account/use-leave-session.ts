import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { cartKeys } from '#web/api/cart';
import { wishlistKeys } from '#web/api/wishlist';
import { clearLocalCart } from '#web/cart/local-cart';
import { sessionKeys, sessionQuery } from '#web/session/session-query';

/**
 * After this browser's session ended on the server (signed out everywhere, or the account
 * deleted): go to `path`, and once the profile is off screen forget everything that belonged to
 * the session. Forgetting it first would have the profile send the visitor to /login and back.
 */
export function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The router navigates in a transition: the page stays until the next one's code has loaded.
  const leftPage = useRef<(() => void) | null>(null);
  useEffect(() => () => leftPage.current?.(), [pathname]);

  return async (path: string) => {
    await new Promise<void>((resolve) => {
      leftPage.current = resolve;
      void navigate(path, { replace: true });
    });
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.removeQueries({ queryKey: sessionKeys.all, exact: false, type: 'inactive' });
    clearLocalCart();
    queryClient.removeQueries({ queryKey: cartKeys.all });
    queryClient.removeQueries({ queryKey: wishlistKeys.all });
  };
}
