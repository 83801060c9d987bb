import { createRouter } from '../http/router';
import type { Services } from '../services';
import { uploadsRoutes } from '../uploads/uploads.routes';
import { adminCategoriesRoutes } from './categories/admin-categories.routes';
import { adminCustomersRoutes } from './customers/admin-customers.routes';
import { adminDashboardRoutes } from './dashboard/admin-dashboard.routes';
import { adminLicensesRoutes } from './licenses/admin-licenses.routes';
import { adminNewsletterRoutes } from './newsletter/admin-newsletter.routes';
import { adminOrdersRoutes } from './orders/admin-orders.routes';
import { adminProductsRoutes } from './products/admin-products.routes';
import { adminPromosRoutes } from './promos/admin-promos.routes';
import { adminSalesRoutes } from './sales/admin-sales.routes';
import { adminReportsRoutes } from './reports/admin-reports.routes';
import { requireAdmin, type AdminEnv } from './require-admin';
import { acceptApiKeys } from './api-keys/api-key-gate';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { adminJobsRoutes } from './jobs/admin-jobs.routes';
import { adminReviewsRoutes } from './reviews/admin-reviews.routes';
import { adminSettingsRoutes } from './settings/admin-settings.routes';
import { adminStoreSettingsRoutes } from './settings/admin-store-settings.routes';
import { promiseSettingsRoutes } from './settings/promise-settings.routes';
import { cartReminderSettingsRoutes } from './settings/cart-reminder-settings.routes';
import { adminSummaryRoutes } from './summary/admin-summary.routes';
import { adminSupportRoutes } from './support/admin-support.routes';
import { adminVersionsRoutes } from '../versions/admin-versions.routes';
import { packExtractionRoutes } from '../packs/pack-extraction.routes';
import { adminCampaignsRoutes } from '../campaigns/admin-campaigns.routes';
import { adminWebhooksRoutes } from '../webhooks/webhooks-admin.routes';
import { affiliatesAdminRoutes } from '../affiliates/affiliates-admin.routes';

/**
 * The store admin: every route under /admin, all behind the one gate, registered before any of
 * them (401 without a session, 403 for a customer; admin-access.test.ts walks every route), so
 * each admin route reads the admin the gate let through. An `Authorization: Bearer` API key is
 * checked first (api-key-gate.ts: its scope for the route, its per-key limit) and stands for
 * its owner; every route has its scope in api-keys/api-key-scopes.ts.
 */
export function adminRoutes(services: Services) {
  const admin = createRouter<AdminEnv>();
  admin.use('/admin/*', acceptApiKeys(services.db, services.config.apiKeyRequestsPerMinute));
  admin.use('/admin/*', requireAdmin);
  return (
    admin
      .route('/', adminSummaryRoutes(services))
      .route('/', adminDashboardRoutes(services))
      // Before the products', customers' and orders' routes: /admin/<them>/export.csv is no id.
      .route('/', adminReportsRoutes(services))
      .route('/', adminCategoriesRoutes(services))
      .route('/', adminProductsRoutes(services))
      .route('/', adminVersionsRoutes(services))
      .route('/', packExtractionRoutes(services))
      .route('/', adminOrdersRoutes(services))
      .route('/', adminCustomersRoutes(services))
      .route('/', adminLicensesRoutes(services))
      .route('/', adminPromosRoutes(services))
      .route('/', adminSalesRoutes(services))
      .route('/', uploadsRoutes(services))
      .route('/', adminNewsletterRoutes(services))
      .route('/', adminSupportRoutes(services))
      .route('/', adminReviewsRoutes(services))
      .route('/', adminJobsRoutes(services))
      .route('/', adminSettingsRoutes(services))
      .route('/', adminCampaignsRoutes(services))
      .route('/', adminStoreSettingsRoutes(services))
      .route('/', promiseSettingsRoutes(services))
      .route('/', cartReminderSettingsRoutes(services))
      .route('/', apiKeysRoutes(services))
      .route('/', adminWebhooksRoutes(services))
      .route('/', affiliatesAdminRoutes(services))
  );
}
