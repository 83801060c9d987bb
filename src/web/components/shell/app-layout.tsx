import { lazy, Suspense, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useStoreInfo } from '#web/api/store';
import { CartHost } from '#web/cart/cart-host';
import { PlayerBarHost } from '#web/components/player/player-bar-host';
import { useSession } from '#web/session/use-session';
import { WishlistSync } from '#web/wishlist/wishlist-sync';
import { AppLoading } from './app-loading';
import { AuthErrorScreen } from './auth-error-screen';
import { PageErrorBoundary } from './page-error-boundary';
import { PageReady } from './page-ready';
import { ScrollRestoration } from './scroll-restoration';
import { ReadySuspense } from './ready-suspense';
import { SiteHeader } from './site-header';
import { ToasterHost } from './toaster-host';

/** The shared shell of every page: header, the page, footer, the player bar and toasts. */
/**
 * The footer is below every page's fold: its code (links, social icons) is a chunk of its own,
 * fetched beside the page's rather than in the first page's JavaScript. The server draws it all
 * the same, and the page is ready once it has hydrated (ReadySuspense).
 */
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));

/** One element for the life of the layout: its re-renders never reach the footer's boundary. */
const footer = (
  <ReadySuspense fallback={null}>
    <SiteFooter />
  </ReadySuspense>
);

export function AppLayout() {
  const sessionFailed = useSession().isError;
  const { pathname } = useLocation();
  const accent = useStoreInfo()?.brand.accentCss;
  // The same element until the path or the session's failure changes: the layout re-rendering
  // (the session's answer, the store's settings) then leaves the page alone. While the browser
  // still hydrates a server-drawn page whose code is on its way, an update reaching the page's
  // Suspense boundary would make React drop the server's HTML for the loading screen.
  const page = useMemo(
    () =>
      sessionFailed ? (
        <>
          <AuthErrorScreen />
          <PageReady />
        </>
      ) : (
        <PageErrorBoundary resetKey={pathname}>
          {/* While a page's code loads for the first time; later visits keep showing the
              current page until the next is ready (the router navigates in transitions). */}
          <Suspense fallback={<AppLoading />}>
            <Outlet />
            <ScrollRestoration />
            <PageReady />
          </Suspense>
        </PageErrorBoundary>
      ),
    [sessionFailed, pathname],
  );
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The owner's accent colour, for the whole document (dialogs are outside this element). */}
      {accent && <style>{accent}</style>}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {page}
      </main>
      {footer}
      <PlayerBarHost />
      <ToasterHost />
      <CartHost />
      <WishlistSync />
    </div>
  );
}
