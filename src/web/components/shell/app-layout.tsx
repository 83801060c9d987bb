import { Outlet, ScrollRestoration } from 'react-router';
import { CartHost } from '#web/features/cart/cart-host';
import { AppToaster } from './app-toaster';
import { AuthErrorScreen } from './auth-error-screen';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useSession } from './use-session';

/** The shared shell of every page: header, the page, footer and toasts. */
export function AppLayout() {
  const session = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {session.isError ? <AuthErrorScreen /> : <Outlet />}
      </main>
      <SiteFooter />
      <AppToaster />
      <CartHost />
      {/* Pages opened by address share the key 'default'; keying them by path and hash lets /about#careers land on its section. */}
      <ScrollRestoration getKey={(l) => (l.key === 'default' ? l.pathname + l.hash : l.key)} />
    </div>
  );
}
