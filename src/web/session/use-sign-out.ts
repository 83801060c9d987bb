import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '#web/components/shell/toast';
import { SIGN_OUT_FAILED } from '#shared/auth-labels';
import { authApi } from '#web/api/auth';
import { cartKeys } from '#web/api/cart';
import { wishlistKeys } from '#web/api/wishlist';
import { clearLocalCart } from '#web/cart/local-cart';
import { sessionKeys, sessionQuery } from './session-query';

/** Signs out, forgets everything that belonged to the session, and returns to /. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Ends the wait below once the page being left is off screen: the location changed, or the
  // page calling this (the profile page) unmounted. The router navigates in a transition, so
  // that page stays until the home page's code has loaded.
  const leftPage = useRef<(() => void) | null>(null);
  useEffect(() => () => leftPage.current?.(), [pathname]);

  const { mutate, isPending } = useMutation({
    // The session ends at once, but the visitor leaves before this app forgets it: a signed-in
    // page still on screen would send them to /login once the session is gone.
    mutationFn: async () => {
      const leaving =
        pathname === '/'
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              leftPage.current = resolve;
              void navigate('/');
            });
      await Promise.all([authApi.signOut(), leaving]);
    },
    onSuccess: () => {
      queryClient.setQueryData(sessionQuery.queryKey, null);
      queryClient.removeQueries({ queryKey: sessionKeys.all, exact: false, type: 'inactive' });
      // Signing out leaves an empty guest cart; the stored one stays on the server.
      clearLocalCart();
      queryClient.removeQueries({ queryKey: cartKeys.all });
      // The saved wishlist stays on the server; this browser shows the guest's again.
      queryClient.removeQueries({ queryKey: wishlistKeys.all });
    },
    onError: () => toast.error(SIGN_OUT_FAILED),
  });
  return { signOut: () => mutate(), isSigningOut: isPending };
}
