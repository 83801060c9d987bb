import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { adminRoutes } from './admin/admin.routes';
import { accountLeavingRoutes } from './auth/account-leaving.routes';
import { accountRoutes } from './auth/account.routes';
import { phoneRoutes } from './auth/phone.routes';
import { standardAuthErrors } from './auth/auth-error-shape';
import { authRoutes } from './auth/auth.routes';
import { currentUser } from './auth/session';
import { cartRoutes } from './cart/cart.routes';
import { cartRestoreRoutes } from './cart-reminders/cart-reminders.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { checkoutRoutes } from './checkout/checkout.routes';
import type { Database } from './db/client';
import { archiveRoutes } from './archives/archive.routes';
import { downloadsRoutes } from './downloads/downloads.routes';
import { versionsRoutes } from './versions/versions.routes';
import { healthRoutes } from './health/health.routes';
import { limitBodies } from './http/body-limit';
import { readClientAddress } from './http/client-ip';
import { contentSecurityPolicy, htmlSecurityPolicy } from './http/content-security-policy';
import { errorResponse, handleError } from './http/error-handler';
import { localOnly } from './http/loopback';
import { noStoreUnlessCacheable } from './http/no-store';
import { refuseNulInBodies } from './http/nul-guard';
import { assignRequestIds } from './http/request-id';
import { logRequests } from './http/request-log';
import { createRouter } from './http/router';
import { sameOriginWrites } from './http/same-origin';
import { unknownApiRoute } from './http/unknown-api-route';
import { refuseUnreadableUrls } from './http/url-guard';
import type { Logger } from './logger';
import { devMailRoutes } from './mail/dev-mail.routes';
import { licenseApiRoutes } from './licenses/license-api.routes';
import { measureRequests } from './metrics/http-metrics';
import { METRICS_PATH, metricsRoute } from './metrics/metrics.routes';
import { mountLicensingKeys } from './licenses/licensing-keys.routes';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { mailUnsubscribeRoutes } from './campaigns/mail-unsubscribe.routes';
import { ordersRoutes } from './orders/orders.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { licenseCertificatesRoutes } from './licenses/printed-certificates.routes';
import { licensesRoutes } from './licenses/licenses.routes';
import { localPaymentsRoutes } from './payments/local-payments.routes';
import { paymentsConfigRoutes } from './payments/payments-config.routes';
import { stripeWebhookRoutes } from './payments/stripe-webhook.routes';
import { promoRoutes } from './promo/promo.routes';
import {
  createServices,
  type ServiceOverrides,
  type Services,
  type ServicesConfig,
} from './services';
import { storeRoutes } from './store/store.routes';
import { filesRoutes } from './storage/files.routes';
import { supportRoutes } from './support/support.routes';
import { compression } from './web/compression';
import { mountWeb } from './web/mount-web';
import { pageReader } from './web/page-reads';
import { wishlistRoutes } from './wishlist/wishlist.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { describeAdminSecurity } from './admin/api-keys/api-key-openapi';
import { affiliateAccountRoutes } from './affiliates/affiliate-account.routes';
import { rememberReferrals } from './affiliates/remember-referrals';

export interface AppDeps extends ServiceOverrides {
  config: ServicesConfig;
  database: Database;
  logger: Logger;
}

/** Composition only: the services, the middleware in order, the API under /api, then the web. */
export function createApp({ config, database, logger, ...overrides }: AppDeps) {
  const services = createServices(config, database, logger, overrides);
  const app = new Hono();
  app.onError(handleError(logger));
  app.notFound((c) => errorResponse(c, 'NOT_FOUND', 'Not found'));
  // Times every answer, refusals too, by the route template that took it (metrics/).
  app.use(measureRequests(services.metrics.http));
  // First of the rest, so every answer (a refusal too) names its request, and every log line of it does.
  app.use(assignRequestIds(config.trustedProxyHeader));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  app.use(htmlSecurityPolicy(contentSecurityPolicy({ stripe: config.stripe !== null })));
  app.use(compression());
  // Before any route reads a parameter or a body: readable addresses, bounded bodies, no NUL.
  app.use(refuseUnreadableUrls());
  app.use(limitBodies());
  app.use(refuseNulInBodies());
  // The one place the client's address is read, by the trusted proxy rule (client-ip.ts).
  app.use(readClientAddress(config.trustedProxyHeader));
  // Prometheus's scrape: open outside production, the metrics token's in production.
  app.get(METRICS_PATH, metricsRoute(services));
  app.use('/api/*', logRequests(logger));
  app.use('/api/*', noStoreUnlessCacheable);
  // Catalogue reads answer with an ETag and a short public cache (catalogue/public-cache.ts);
  // etag() turns a matching If-None-Match into 304. ('/x/*' matches '/x' too.)
  app.use('/api/products/*', etag());
  app.use('/api/categories/*', etag());
  app.use('/api/search', etag());
  app.use('/api/*', sameOriginWrites(config.publicUrl));
  app.use('/api/auth/*', standardAuthErrors());
  app.route('/', authRoutes(services));
  app.use('/api/*', currentUser(services.auth, services.db));
  const api = apiRoutes(services);
  app.route('/api', api);
  app.all('/api/*', unknownApiRoute(app));
  if (!config.isProduction) {
    app.use('/dev/*', localOnly);
    app.route('/dev/mail', devMailRoutes(services));
  }
  // A store page opened by an affiliate's link (?ref=) remembers the referral (affiliates/).
  app.use(rememberReferrals(services));
  // A public key set a plugin fetches by a well-known address, as robots.txt is found.
  mountLicensingKeys(app, services);
  // The pages the server renders read the same routes in-process, signed out (web/page-reads.ts).
  const pageReads = pageReader(api, logger);
  mountWeb(app, services, pageReads);
  // Background work that queues mail (the campaign worker) uses the app's branded mailer.
  // main.ts hands the metrics to the mail worker and to the METRICS_PORT server.
  return Object.assign(app, { mailer: services.mailer, metrics: services.metrics, pageReads });
}

/** Every feature's routes under /api, and /api/openapi.json, the contract they describe. */
function apiRoutes(services: Services) {
  const api = createRouter()
    .route('/', healthRoutes(services))
    .route('/', storeRoutes(services))
    .route('/', catalogueRoutes(services))
    .route('/', newsletterRoutes(services))
    .route('/', mailUnsubscribeRoutes(services))
    .route('/', supportRoutes(services))
    .route('/', accountRoutes(services))
    .route('/', phoneRoutes(services))
    .route('/', accountLeavingRoutes(services))
    .route('/', affiliateAccountRoutes(services))
    .route('/', cartRoutes(services))
    .route('/', cartRestoreRoutes(services))
    .route('/', wishlistRoutes(services))
    .route('/', reviewsRoutes(services))
    .route('/', promoRoutes(services))
    .route('/', checkoutRoutes(services))
    .route('/', localPaymentsRoutes(services))
    .route('/', paymentsConfigRoutes(services))
    .route('/', stripeWebhookRoutes(services))
    .route('/', ordersRoutes(services))
    .route('/', invoicesRoutes(services))
    .route('/', licenseCertificatesRoutes(services))
    .route('/', downloadsRoutes(services))
    .route('/', archiveRoutes(services))
    .route('/', licenseApiRoutes(services))
    .route('/', licensesRoutes(services))
    .route('/', versionsRoutes(services))
    .route('/', filesRoutes(services))
    .route('/', adminRoutes(services));
  const contract = { openapi: '3.1.0', info: { title: 'Loopmarket API', version: '1' } };
  // The admin operations' session or API key, and each one's scope (admin/api-keys/).
  api.get('/openapi.json', (c) =>
    c.json(describeAdminSecurity(api.getOpenAPI31Document(contract))),
  );
  return api;
}

export type App = ReturnType<typeof createApp>;
