import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from '#web/components/ui/button';

/** A click that the browser would follow as a navigation inside this store. */
function inAppLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download'))
    return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return to === `${window.location.pathname}${window.location.search}` ? null : to;
}

/** Where the owner asked to go: a path in the store, or a step back or forward in the history. */
type Destination = { path: string } | { historyKey: string };

/** The browser's Navigation API, where it has one (Chromium; Firefox and Safari since 2025). */
function browserNavigation(): Navigation | undefined {
  return 'navigation' in window ? window.navigation : undefined;
}

/**
 * Unsaved changes are not lost by accident: closing or reloading the tab asks the browser's own
 * question (beforeunload); a link inside the store and the browser's Back and Forward ask first
 * in a dialog. The store's router is declarative (router.tsx: no data router, for the shopper's
 * bundle), where React Router's useBlocker does not work, so the guard catches link clicks before
 * the router does, and holds Back and Forward with the Navigation API's cancelable `navigate`
 * event (a browser without that API still warns on links, reload and close).
 */
export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<Destination | null>(null);
  const leaving = useRef(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const to = inAppLink(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ path: to });
    };
    const onNavigate = (event: NavigateEvent) => {
      // Only Back and Forward: links are asked about above, and the browser cancels a traversal
      // only after the owner has used the page (its guard against pages that trap Back).
      if (event.navigationType !== 'traverse' || !event.cancelable || leaving.current) return;
      event.preventDefault();
      setPending({ historyKey: event.destination.key });
    };
    const navigation = browserNavigation();
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capturing on the window: ahead of React's own listener on the root, so Link never sees it.
    window.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [dirty]);

  const leave = (to: Destination) => {
    if ('path' in to) return void navigate(to.path);
    const navigation = browserNavigation();
    if (!navigation) return;
    leaving.current = true;
    // The router hears the traversal's popstate and shows that page.
    const { finished } = navigation.traverseTo(to.historyKey);
    void Promise.resolve(finished)
      .catch(() => undefined)
      .finally(() => {
        leaving.current = false;
      });
  };

  const dialog = (
    <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            Leave without saving?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            This product has changes that are not saved. They will be lost if you leave.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Stay on this page
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses('danger', 'md')}
              onClick={() => {
                const to = pending;
                setPending(null);
                if (to) leave(to);
              }}
            >
              Leave
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );

  return { dialog };
}
