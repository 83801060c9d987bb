import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/shell/app-layout';
import { AppLoading } from './components/shell/app-loading';
import { RouteError } from './components/shell/route-error';

/** Each page is its own chunk; the shell loads with the first page. */
const page = (load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    hydrateFallbackElement: <AppLoading />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page render inside the shell, so the header still leads somewhere.
        errorElement: <RouteError />,
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
            path: '*',
            ...page(() =>
              import('./features/content/coming-soon-page').then((m) => m.ComingSoonPage),
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
