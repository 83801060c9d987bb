import { lazy, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type Params, type RouteObject } from 'react-router';
import { AppLayout } from './components/shell/app-layout';

/**
 * Each page is its own chunk, loaded by React.lazy under the layout's Suspense boundary; the
 * shell loads with the first page. The routes are declarative (`useRoutes` in a BrowserRouter)
 * rather than a data router: no page uses loaders or actions, and the data router's code
 * would add about 17 kB gzip to every first visit.
 */
const page = (
  load: () => Promise<ComponentType>,
  { serverRendered = false }: Partial<RouteHandle> = {},
): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazy(async () => ({ default: await load() }));
  return { element: <Page />, handle: { serverRendered } satisfies RouteHandle };
};

/**
 * `serverRendered`: the public pages, the same for every visitor, which the server renders to
 * HTML (ssr/render-page.tsx). The others (account, cart, checkout, admin) are drawn in the
 * browser. What a page asks for first is the server's business alone (ssr/first-queries.ts),
 * so that its query code stays out of the browser's first JavaScript.
 */
export interface RouteHandle {
  serverRendered: boolean;
}

const serverRendered = { serverRendered: true };

/**
 * Developer pages: drawn when the server says diagnostics are on (outside production, from this
 * machine); otherwise the path answers with the store's Coming Soon page, as if it did not exist.
 */
const diagnosticPage = (load: () => Promise<ComponentType>) =>
  page(async () => {
    const [{ withDiagnosticsGate }, Page, { ComingSoonPage }] = await Promise.all([
      import('./features/diagnostics/diagnostics-gate'),
      load(),
      import('./features/content/coming-soon-page'),
    ]);
    return withDiagnosticsGate(Page, ComingSoonPage);
  });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      {
        index: true,
        ...page(() => import('./features/home/home-page').then((m) => m.HomePage), serverRendered),
      },
      {
        path: 'home',
        ...page(() => import('./features/home/home-page').then((m) => m.HomePage), serverRendered),
      },
      {
        path: 'products',
        ...page(
          () => import('./features/catalogue/products-page').then((m) => m.ProductsPage),
          serverRendered,
        ),
      },
      {
        path: 'products/:id',
        ...page(
          () => import('./features/catalogue/product-page').then((m) => m.ProductPage),
          serverRendered,
        ),
      },
      {
        path: 'cart',
        ...page(() => import('./features/cart/cart-page').then((m) => m.CartPage)),
      },
      {
        path: 'wishlist',
        ...page(() => import('./features/wishlist/wishlist-page').then((m) => m.WishlistPage)),
      },
      {
        path: 'checkout',
        ...page(() => import('./features/checkout/checkout-page').then((m) => m.CheckoutPage)),
      },
      {
        path: 'checkout/direct',
        ...page(() =>
          import('./features/checkout/direct-checkout-page').then((m) => m.DirectCheckoutPage),
        ),
      },
      {
        path: 'checkout/hosted',
        ...page(() =>
          import('./features/checkout/hosted-checkout-page').then((m) => m.HostedCheckoutPage),
        ),
      },
      {
        path: 'checkout/resume',
        ...page(() =>
          import('./features/checkout/resume-payment-page').then((m) => m.ResumePaymentPage),
        ),
      },
      {
        path: 'order-confirmation',
        ...page(() =>
          import('./features/checkout/order-confirmation-page').then(
            (m) => m.OrderConfirmationPage,
          ),
        ),
      },
      {
        path: 'payment/success',
        ...page(() =>
          import('./features/checkout/payment-success-page').then((m) => m.PaymentSuccessPage),
        ),
      },
      {
        path: 'payment/cancel',
        ...page(() =>
          import('./features/checkout/payment-cancel-page').then((m) => m.PaymentCancelPage),
        ),
      },
      {
        path: 'learn',
        ...page(
          () => import('./features/content/learn-page').then((m) => m.LearnPage),
          serverRendered,
        ),
      },
      {
        path: 'support',
        ...page(
          () => import('./features/content/support-page').then((m) => m.SupportPage),
          serverRendered,
        ),
      },
      {
        path: 'about',
        ...page(
          () => import('./features/content/about-page').then((m) => m.AboutPage),
          serverRendered,
        ),
      },
      {
        path: 'privacy',
        ...page(
          () => import('./features/content/privacy-page').then((m) => m.PrivacyPage),
          serverRendered,
        ),
      },
      {
        path: 'terms',
        ...page(
          () => import('./features/content/terms-page').then((m) => m.TermsPage),
          serverRendered,
        ),
      },
      {
        path: 'license',
        ...page(
          () => import('./features/content/license-page').then((m) => m.LicensePage),
          serverRendered,
        ),
      },
      {
        path: 'licenses/verify/:id',
        ...page(() =>
          import('./features/licenses/license-verify-page').then((m) => m.LicenseVerifyPage),
        ),
      },
      {
        path: 'login',
        ...page(() => import('./features/account/login-page').then((m) => m.LoginPage)),
      },
      {
        path: 'login/code',
        ...page(() => import('./features/account/sign-in-code-page').then((m) => m.SignInCodePage)),
      },
      {
        path: 'login/link',
        ...page(() => import('./features/account/sign-in-link-page').then((m) => m.SignInLinkPage)),
      },
      {
        path: 'signup',
        ...page(() => import('./features/account/signup-page').then((m) => m.SignupPage)),
      },
      {
        path: 'reset-password',
        ...page(() =>
          import('./features/account/reset-password-page').then((m) => m.ResetPasswordPage),
        ),
      },
      {
        path: 'reset-password/confirm',
        ...page(() =>
          import('./features/account/reset-password-confirm-page').then(
            (m) => m.ResetPasswordConfirmPage,
          ),
        ),
      },
      {
        path: 'email-confirmation',
        ...page(() =>
          import('./features/account/email-confirmation-page').then((m) => m.EmailConfirmationPage),
        ),
      },
      {
        path: 'newsletter/confirm',
        ...page(() =>
          import('./features/newsletter/confirm-subscription-page').then(
            (m) => m.ConfirmSubscriptionPage,
          ),
        ),
      },
      {
        path: 'updates/unsubscribe',
        ...page(() =>
          import('./features/update-emails/unsubscribe-page').then(
            (m) => m.UpdateEmailsUnsubscribePage,
          ),
        ),
      },
      {
        path: 'mail/unsubscribe',
        ...page(() =>
          import('./features/mail-unsubscribe/unsubscribe-page').then((m) => m.MailUnsubscribePage),
        ),
      },
      {
        path: 'newsletter/unsubscribe',
        ...page(() =>
          import('./features/newsletter/unsubscribe-page').then((m) => m.UnsubscribePage),
        ),
      },
      ...['profile', 'account'].map((path) => ({
        path,
        ...page(() => import('./features/account/profile-page').then((m) => m.ProfilePage)),
      })),
      {
        path: 'affiliate',
        ...page(() => import('./features/account/affiliate-page').then((m) => m.AffiliatePage)),
      },
      ...['order-history', 'orders'].map((path) => ({
        path,
        ...page(() =>
          import('./features/orders/order-history-page').then((m) => m.OrderHistoryPage),
        ),
      })),
      {
        path: 'download-hub',
        ...page(() =>
          import('./features/downloads/download-hub-page').then((m) => m.DownloadHubPage),
        ),
      },
      {
        // A guest's mailed link for a free product (docs/free-products.md).
        path: 'free/confirm',
        ...page(() =>
          import('./features/downloads/free-confirm-page').then((m) => m.FreeConfirmPage),
        ),
      },
      {
        path: 'downloads/guest',
        ...page(() =>
          import('./features/downloads/guest-downloads-page').then((m) => m.GuestDownloadsPage),
        ),
      },
      {
        // The store admin, drawn in the browser only. One lazy entry keeps the
        // shopper's shell small; its pages are chunks of their own (features/admin/admin-routes).
        path: 'admin/*',
        ...page(() => import('./features/admin/admin-routes').then((m) => m.AdminRoutes)),
      },
      {
        path: 'checkout-test',
        ...diagnosticPage(() =>
          import('./features/diagnostics/checkout-test-page').then((m) => m.CheckoutTestPage),
        ),
      },
      {
        path: 'cart-debug',
        ...diagnosticPage(() =>
          import('./features/diagnostics/cart-debug-page').then((m) => m.CartDebugPage),
        ),
      },
      {
        path: 'supabase-test',
        ...diagnosticPage(() =>
          import('./features/diagnostics/supabase-test-page').then((m) => m.SupabaseTestPage),
        ),
      },
      {
        path: '*',
        ...page(
          () => import('./features/content/coming-soon-page').then((m) => m.ComingSoonPage),
          serverRendered,
        ),
      },
    ],
  },
];

/**
 * React Router flattens and ranks the whole table on every match (useRoutes at each rendering,
 * matchRoutes at each call): with fifty routes that was a tenth of a server rendering's CPU.
 * Every route but the index and the catch-all starts with a fixed segment, so a path can only
 * match the routes beginning with its own first segment: the table is split by that segment
 * once, and each match ranks a handful of routes (the layout, the candidates, the catch-all),
 * with the same answer as the whole table. Segments are compared as React Router does: decoded
 * and case-insensitively.
 */
const [layout] = routes as [RouteObject & { children: RouteObject[] }];
const firstSegment = (path: string) => path.split('/')[0]!.toLowerCase();
const catchAll = layout.children.filter((route) => route.path === '*');
const tablesBySegment = new Map<string, RouteObject[]>();
for (const route of layout.children) {
  if (route.path === '*') continue;
  const segment = route.index ? '' : firstSegment(route.path ?? '');
  const table = tablesBySegment.get(segment) ?? [];
  tablesBySegment.set(segment, [...table, route]);
}
const tableFor = new Map<string, RouteObject[]>(
  [...tablesBySegment].map(([segment, children]) => [
    segment,
    [{ ...layout, children: [...children, ...catchAll] }],
  ]),
);
const catchAllTable: RouteObject[] = [{ ...layout, children: catchAll }];

function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The routes `pathname` can match: its first segment's, and the catch-all. */
export function routesFor(pathname: string): RouteObject[] {
  const segment = decodeSegment(pathname.split('/')[1] ?? '').toLowerCase();
  return tableFor.get(segment) ?? catchAllTable;
}

/** The page at `pathname`: its route's path and handle, and the path's parameters. */
export function pageMatch(pathname: string) {
  const match = matchRoutes(routesFor(pathname), pathname)?.at(-1);
  return (
    match && {
      path: match.route.path,
      handle: match.route.handle as RouteHandle | undefined,
      params: match.params as Params,
    }
  );
}

/** Whether the server renders the page at `pathname` (unknown paths too: their 404 page). */
export function isServerRendered(pathname: string): boolean {
  return pageMatch(pathname)?.handle?.serverRendered ?? false;
}

/** The pages of the store, in a BrowserRouter (main.tsx) or the server's StaticRouter. */
export function AppRoutes() {
  return useRoutes(routesFor(useLocation().pathname));
}
