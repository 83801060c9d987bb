import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './components/shell/app-layout';

/**
 * Each page is its own chunk, loaded by React.lazy under the layout's Suspense boundary; the
 * shell loads with the first page. The routes are declarative (`useRoutes` in a BrowserRouter)
 * rather than a data router: no page uses loaders or actions, and the data router's code
 * would add about 17 kB gzip to every first visit.
 */
const page = (load: () => Promise<ComponentType>): Pick<RouteObject, 'element'> => {
  const Page = lazy(async () => ({ default: await load() }));
  return { element: <Page /> };
};

/** Developer pages (SPEC §2): shown when the server says diagnostics are on, else coming soon. */
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
        ...page(() => import('./features/home/home-page').then((m) => m.HomePage)),
      },
      {
        path: 'home',
        ...page(() => import('./features/home/home-page').then((m) => m.HomePage)),
      },
      {
        path: 'products',
        ...page(() => import('./features/catalogue/products-page').then((m) => m.ProductsPage)),
      },
      {
        path: 'products/:id',
        ...page(() => import('./features/catalogue/product-page').then((m) => m.ProductPage)),
      },
      {
        path: 'cart',
        ...page(() => import('./features/cart/cart-page').then((m) => m.CartPage)),
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
        ...page(() => import('./features/content/learn-page').then((m) => m.LearnPage)),
      },
      {
        path: 'support',
        ...page(() => import('./features/content/support-page').then((m) => m.SupportPage)),
      },
      {
        path: 'about',
        ...page(() => import('./features/content/about-page').then((m) => m.AboutPage)),
      },
      {
        path: 'privacy',
        ...page(() => import('./features/content/privacy-page').then((m) => m.PrivacyPage)),
      },
      {
        path: 'terms',
        ...page(() => import('./features/content/terms-page').then((m) => m.TermsPage)),
      },
      {
        path: 'license',
        ...page(() => import('./features/content/license-page').then((m) => m.LicensePage)),
      },
      {
        path: 'login',
        ...page(() => import('./features/account/login-page').then((m) => m.LoginPage)),
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
        path: 'newsletter/unsubscribe',
        ...page(() =>
          import('./features/newsletter/unsubscribe-page').then((m) => m.UnsubscribePage),
        ),
      },
      ...['profile', 'account'].map((path) => ({
        path,
        ...page(() => import('./features/account/profile-page').then((m) => m.ProfilePage)),
      })),
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
        path: 'downloads/guest',
        ...page(() =>
          import('./features/downloads/guest-downloads-page').then((m) => m.GuestDownloadsPage),
        ),
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
        ...page(() => import('./features/content/coming-soon-page').then((m) => m.ComingSoonPage)),
      },
    ],
  },
];

/** The pages of the store, rendered inside a BrowserRouter (main.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
