import { lazy } from 'react';
import { Link, Navigate, useRoutes } from 'react-router';
import { EmptyState } from '#web/components/ui/alert';
import { AdminLayout } from './admin-layout';

const DashboardPage = lazy(() =>
  import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ProductsPage = lazy(() =>
  import('./products/products-page').then((m) => ({ default: m.ProductsPage })),
);
const ProductEditorPage = lazy(() =>
  import('./products/product-editor-page').then((m) => ({ default: m.ProductEditorPage })),
);
const OrdersPage = lazy(() =>
  import('./orders/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() => import('./orders/order-page').then((m) => ({ default: m.OrderPage })));
const CategoriesPage = lazy(() =>
  import('./categories/categories-page').then((m) => ({ default: m.CategoriesPage })),
);
const PromosPage = lazy(() =>
  import('./promos/promos-page').then((m) => ({ default: m.PromosPage })),
);
const PromoEditorPage = lazy(() =>
  import('./promos/promo-editor-page').then((m) => ({ default: m.PromoEditorPage })),
);
const SalesPage = lazy(() => import('./sales/sales-page').then((m) => ({ default: m.SalesPage })));
const SaleEditorPage = lazy(() =>
  import('./sales/sale-editor-page').then((m) => ({ default: m.SaleEditorPage })),
);

const CustomersPage = lazy(() =>
  import('./customers/customers-page').then((m) => ({ default: m.CustomersPage })),
);
const CustomerPage = lazy(() =>
  import('./customers/customer-page').then((m) => ({ default: m.CustomerPage })),
);
const GuestCustomerPage = lazy(() =>
  import('./customers/guest-customer-page').then((m) => ({ default: m.GuestCustomerPage })),
);

const LicensesPage = lazy(() =>
  import('./licenses/licenses-page').then((m) => ({ default: m.LicensesPage })),
);
const LicensePage = lazy(() =>
  import('./licenses/license-page').then((m) => ({ default: m.LicensePage })),
);

const NewsletterPage = lazy(() =>
  import('./newsletter/newsletter-page').then((m) => ({ default: m.NewsletterPage })),
);

const CampaignsPage = lazy(() =>
  import('./campaigns/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
);
const CampaignEditorPage = lazy(() =>
  import('./campaigns/campaign-editor-page').then((m) => ({ default: m.CampaignEditorPage })),
);
const ApiKeysPage = lazy(() =>
  import('./api-keys/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
);
const JobsPage = lazy(() => import('./jobs/jobs-page').then((m) => ({ default: m.JobsPage })));
const WebhooksPage = lazy(() =>
  import('./webhooks/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const WebhookPage = lazy(() =>
  import('./webhooks/webhook-page').then((m) => ({ default: m.WebhookPage })),
);
const AffiliatesPage = lazy(() =>
  import('./affiliates/affiliates-page').then((m) => ({ default: m.AffiliatesPage })),
);
const ReviewsPage = lazy(() =>
  import('./reviews/reviews-page').then((m) => ({ default: m.ReviewsPage })),
);

const SupportPage = lazy(() =>
  import('./support/support-page').then((m) => ({ default: m.SupportPage })),
);
const SupportMessagePage = lazy(() =>
  import('./support/support-message-page').then((m) => ({ default: m.SupportMessagePage })),
);

const StoreSettingsPage = lazy(() =>
  import('./settings/store-settings-page').then((m) => ({ default: m.StoreSettingsPage })),
);
const LegalPagesPage = lazy(() =>
  import('./settings/legal-pages-page').then((m) => ({ default: m.LegalPagesPage })),
);
const TaxSettingsPage = lazy(() =>
  import('./settings/tax-settings-page').then((m) => ({ default: m.TaxSettingsPage })),
);
const SellerSettingsPage = lazy(() =>
  import('./settings/seller-settings-page').then((m) => ({ default: m.SellerSettingsPage })),
);
const CartReminderSettingsPage = lazy(() =>
  import('./settings/cart-reminder-settings-page').then((m) => ({
    default: m.CartReminderSettingsPage,
  })),
);
const PromiseSettingsPage = lazy(() =>
  import('./settings/promise-settings-page').then((m) => ({ default: m.PromiseSettingsPage })),
);
const TaxReportPage = lazy(() =>
  import('./reports/tax-report-page').then((m) => ({ default: m.TaxReportPage })),
);

/** An address under /admin that no section answers. */
function AdminPageNotFound() {
  return (
    <EmptyState title="There is no such page in the store admin.">
      <Link to="/admin" className="text-brand-300 underline-offset-4 hover:underline">
        Go to the dashboard
      </Link>
    </EmptyState>
  );
}

/**
 * The pages under /admin (router.tsx mounts this at `admin/*`), each its own chunk, inside the
 * admin's layout. A new section adds its page here and its link to admin-nav-links.ts.
 */
export function AdminRoutes() {
  return useRoutes([
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'products/new', element: <ProductEditorPage /> },
        { path: 'products/:id', element: <ProductEditorPage /> },
        { path: 'categories', element: <CategoriesPage /> },
        { path: 'orders', element: <OrdersPage /> },
        { path: 'orders/:id', element: <OrderPage /> },
        { path: 'customers', element: <CustomersPage /> },
        { path: 'customers/guest', element: <GuestCustomerPage /> },
        { path: 'customers/:id', element: <CustomerPage /> },
        { path: 'licenses', element: <LicensesPage /> },
        { path: 'licenses/:id', element: <LicensePage /> },
        { path: 'promo-codes', element: <PromosPage /> },
        { path: 'promo-codes/new', element: <PromoEditorPage /> },
        { path: 'promo-codes/:code', element: <PromoEditorPage /> },
        { path: 'sales', element: <SalesPage /> },
        { path: 'sales/new', element: <SaleEditorPage /> },
        { path: 'sales/:id', element: <SaleEditorPage /> },
        { path: 'newsletter', element: <NewsletterPage /> },
        { path: 'campaigns', element: <CampaignsPage /> },
        { path: 'campaigns/:id', element: <CampaignEditorPage /> },
        { path: 'reviews', element: <ReviewsPage /> },
        { path: 'jobs', element: <JobsPage /> },
        { path: 'api-keys', element: <ApiKeysPage /> },
        { path: 'webhooks', element: <WebhooksPage /> },
        { path: 'webhooks/:id', element: <WebhookPage /> },
        { path: 'affiliates', element: <AffiliatesPage /> },
        { path: 'support', element: <SupportPage /> },
        { path: 'support/:id', element: <SupportMessagePage /> },
        { path: 'reports/tax', element: <TaxReportPage /> },
        { path: 'settings', element: <Navigate to="/admin/settings/tax" replace /> },
        { path: 'settings/store', element: <StoreSettingsPage /> },
        { path: 'settings/pages', element: <LegalPagesPage /> },
        { path: 'settings/tax', element: <TaxSettingsPage /> },
        { path: 'settings/seller', element: <SellerSettingsPage /> },
        { path: 'settings/promises', element: <PromiseSettingsPage /> },
        { path: 'settings/reminders', element: <CartReminderSettingsPage /> },
        { path: '*', element: <AdminPageNotFound /> },
      ],
    },
  ]);
}
