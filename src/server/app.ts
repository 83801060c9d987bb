import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { accountRoutes } from './auth/account.routes';
import { adminCategoriesRoutes } from './admin/categories/admin-categories.routes';
import { adminCustomersRoutes } from './admin/customers/admin-customers.routes';
import { requireAdmin } from './admin/require-admin';
import { adminSummaryRoutes } from './admin/summary/admin-summary.routes';
import { adminDashboardRoutes } from './admin/dashboard/admin-dashboard.routes';
import { adminProductsRoutes } from './admin/products/admin-products.routes';
import { adminOrdersRoutes } from './admin/orders/admin-orders.routes';
import { adminPromosRoutes } from './admin/promos/admin-promos.routes';
import { adminNewsletterRoutes } from './admin/newsletter/admin-newsletter.routes';
import { adminSupportRoutes } from './admin/support/admin-support.routes';
import { createAuth } from './auth/auth';
import { claimGuestOrders } from './downloads/downloads.service';
import { downloadsRoutes } from './downloads/downloads.routes';
import { createStorage } from './storage/create-storage';
import { filesRoutes } from './storage/files.routes';
import { authRoutes } from './auth/auth.routes';
import { standardAuthErrors } from './auth/auth-error-shape';
import { currentUser } from './auth/session';
import { cartRoutes } from './cart/cart.routes';
import { checkoutRoutes } from './checkout/checkout.routes';
import { catalogueChanges, type CatalogueChanges } from './catalogue/catalogue-changes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { forgetSearchWords } from './catalogue/search-words';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './health/health.routes';
import { checkPayments } from './health/payments-check';
import type { RunState } from './lifecycle/run-state';
import { contentSecurityPolicy, htmlSecurityPolicy } from './http/content-security-policy';
import { localOnly } from './http/loopback';
import { sameOriginWrites } from './http/same-origin';
import { limitBodies } from './http/body-limit';
import { errorResponse, handleError } from './http/error-handler';
import { refuseNulInBodies } from './http/nul-guard';
import { createRouter } from './http/router';
import { unknownApiRoute } from './http/unknown-api-route';
import { refuseUnreadableUrls } from './http/url-guard';
import type { Logger } from './logger';
import { devMailRoutes } from './mail/dev-mail.routes';
import { createMailer, type Mailer } from './mail/mailer';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { ordersRoutes } from './orders/orders.routes';
import { localPaymentsRoutes } from './payments/local-payments.routes';
import { paymentsConfigRoutes } from './payments/payments-config.routes';
import { createPayments } from './payments/payments';
import { stripeWebhookRoutes } from './payments/stripe-webhook.routes';
import { promoRoutes } from './promo/promo.routes';
import { mountSeo } from './seo/seo.routes';
import { seoService } from './seo/seo.service';
import { storeRoutes } from './store/store.routes';
import { supportRoutes } from './support/support.routes';
import { compression } from './web/compression';
import { mountMedia, mountWebApp } from './web/static';
import { testModeBanner } from './web/test-mode-banner';
import { productFileUploads } from './uploads/product-files';
import { createUploadStore } from './uploads/upload-store';
import { uploadsRoutes } from './uploads/uploads.routes';
import { findUploadedFile } from './uploads/uploads.service';
import { peaksOfPreviewUrl } from './uploads/preview-peaks';
import { wishlistRoutes } from './wishlist/wishlist.routes';
import type { SigningKeys } from './security/signed-token';

export interface AppDeps {
  config: Pick<
    Config,
    | 'mediaDir'
    | 'webDir'
    | 'publicUrl'
    | 'isProduction'
    | 'trustedProxyHeader'
    | 'authAttemptsPerMinute'
    | 'checkoutSessionsPerMinute'
    | 'smtpUrl'
    | 'mailFrom'
    | 'supportEmail'
    | 'storeName'
    | 'stripe'
    | 'filesDir'
    | 's3'
    | 'healthToken'
  > & {
    authSecret: string;
    /** Earlier secrets whose links and tokens are still accepted (AUTH_SECRET_PREVIOUS). */
    previousAuthSecrets?: string[];
  };
  database: Database;
  logger: Logger;
  /**
   * Defaults to SMTP or the outbox, as configured. Mail is only queued here: a mail worker
   * (mail/mail-worker.ts, started by main.ts) sends it.
   */
  mailer?: Mailer;
  /** Whether the process is stopping, for the readiness probe; by default it never is. */
  runState?: RunState;
  /** Told when the catalogue changes: rendered pages and the sitemap are dropped. */
  catalogueChanges?: CatalogueChanges;
  /** URLs per products file of the sitemap: the protocol's 50,000 unless a test asks for fewer. */
  sitemapPageSize?: number;
}

/** Composition only: every feature's routes under /api, then media, then the web app. */
export function createApp({ config, database, logger, ...deps }: AppDeps) {
  const { db } = database;
  // Every link and token the store signs (downloads, guest orders, newsletter, payment events).
  const keys: SigningKeys = {
    current: config.authSecret,
    previous: config.previousAuthSecrets ?? [],
  };
  const mailer = deps.mailer ?? createMailer(config, logger);
  const auth = createAuth(
    {
      publicUrl: config.publicUrl,
      secret: config.authSecret,
      isProduction: config.isProduction,
      attemptsPerMinute: config.authAttemptsPerMinute,
    },
    db,
    mailer,
    logger,
    {
      // A guest's earlier orders join the account that confirms the same email.
      onEmailConfirmed: async (user) => {
        await claimGuestOrders(db, user.id, user.email);
      },
    },
  );
  const storage = createStorage({
    s3: config.s3,
    filesDir: config.filesDir,
    keys,
    publicUrl: config.publicUrl,
  });
  const payments = createPayments(
    { publicUrl: config.publicUrl, keys, stripe: config.stripe },
    db,
    mailer,
    logger,
  );
  const paymentDeps = { db, payments, publicUrl: config.publicUrl };
  // Told of every catalogue write (the admin's), on this process or, through the database, on
  // another: the search's typo corrections, rendered pages and the sitemap are dropped.
  const changes = deps.catalogueChanges ?? catalogueChanges();
  changes.subscribe(() => forgetSearchWords(db));
  changes
    .follow(database)
    .catch((err: unknown) =>
      logger.warn({ err }, 'not hearing other processes’ catalogue changes'),
    );
  // Product files stream to the same storage downloads read them from (files folder or S3).
  const productFiles = productFileUploads({
    db,
    store: createUploadStore({ s3: config.s3, filesDir: config.filesDir }),
    logger,
  });
  const api = createRouter()
    .route(
      '/',
      healthRoutes({
        database,
        mailer,
        payments,
        smtpUrl: config.smtpUrl,
        folders: { files: config.filesDir, media: config.mediaDir },
        files: storage,
        isProduction: config.isProduction,
        trustedProxyHeader: config.trustedProxyHeader,
        healthToken: config.healthToken,
        runState: deps.runState,
      }),
    )
    .route(
      '/',
      storeRoutes({
        name: config.storeName,
        supportEmail: config.supportEmail,
        publicUrl: config.publicUrl,
      }),
    )
    .route('/', catalogueRoutes(db, changes))
    .route(
      '/',
      newsletterRoutes({
        db,
        mailer,
        publicUrl: config.publicUrl,
        keys,
        trustedProxyHeader: config.trustedProxyHeader,
      }),
    )
    .route(
      '/',
      supportRoutes({
        db,
        mailer,
        supportEmail: config.supportEmail,
        trustedProxyHeader: config.trustedProxyHeader,
      }),
    )
    .route('/', accountRoutes(db))
    .route('/', cartRoutes(db))
    .route('/', wishlistRoutes(db))
    .route('/', promoRoutes(db, config.trustedProxyHeader))
    .route(
      '/',
      checkoutRoutes({
        ...paymentDeps,
        trustedProxyHeader: config.trustedProxyHeader,
        sessionsPerMinute: config.checkoutSessionsPerMinute,
      }),
    )
    .route('/', localPaymentsRoutes(paymentDeps))
    .route('/', paymentsConfigRoutes(payments))
    .route('/', stripeWebhookRoutes(payments))
    .route('/', ordersRoutes(db))
    .route(
      '/',
      downloadsRoutes({
        db,
        storage,
        keys,
        trustedProxyHeader: config.trustedProxyHeader,
      }),
    )
    .route('/', filesRoutes(storage, keys))
    // The store admin: every route under /admin, all behind requireAdmin (mounted below).
    .route('/', adminSummaryRoutes(db))
    .route('/', adminDashboardRoutes(db))
    .route('/', adminCategoriesRoutes(db, changes))
    .route(
      '/',
      adminProductsRoutes({
        db,
        changes,
        findUploadedFile,
        previewPeaks: (url) => peaksOfPreviewUrl(config.mediaDir, url),
      }),
    )
    .route('/', adminOrdersRoutes({ db, payments }))
    .route('/', adminCustomersRoutes(db, auth))
    .route('/', adminPromosRoutes(db))
    .route('/', uploadsRoutes({ db, mediaDir: config.mediaDir, files: productFiles }))
    .route('/', adminNewsletterRoutes(db))
    .route(
      '/',
      adminSupportRoutes({
        db,
        mailer,
        supportEmail: config.supportEmail,
        publicUrl: config.publicUrl,
      }),
    );
  api.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Loopmarket API', version: '1' } });

  const app = new Hono();
  app.onError(handleError(logger));
  app.notFound((c) => errorResponse(c, 'NOT_FOUND', 'Not found'));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  app.use(htmlSecurityPolicy(contentSecurityPolicy({ stripe: config.stripe !== null })));
  app.use(compression());
  // Before any route reads a parameter or a body: readable addresses, bounded bodies, no NUL.
  app.use(refuseUnreadableUrls());
  app.use(limitBodies());
  app.use(refuseNulInBodies());
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.debug({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: performance.now() - started,
    });
  });
  // Anything not marked cacheable below (sessions, accounts, carts) is never stored by a cache.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Catalogue reads answer with an ETag and a short public cache (catalogue/public-cache.ts);
  // etag() turns a matching If-None-Match into 304. ('/x/*' matches '/x' too.)
  app.use('/api/products/*', etag());
  app.use('/api/categories/*', etag());
  app.use('/api/search', etag());
  app.use('/api/*', sameOriginWrites(config.publicUrl));
  app.use('/api/auth/*', standardAuthErrors());
  const devices = { secret: config.authSecret, secure: config.isProduction };
  app.route('/', authRoutes(auth, db, config.trustedProxyHeader, devices));
  app.use('/api/*', currentUser(auth));
  // The one gate of the store admin, before any route under /api/admin is registered: 401
  // without a session, 403 for a customer (admin/admin-access.test.ts walks every such route).
  app.use('/api/admin/*', requireAdmin);
  app.route('/api', api);
  app.all('/api/*', unknownApiRoute(app));

  if (!config.isProduction) {
    app.use('/dev/*', localOnly(config.trustedProxyHeader));
    app.route('/dev/mail', devMailRoutes(db));
  }
  // robots.txt and the sitemap, with or without a web build; before the web app, whose
  // category and product pages it answers 301 and 410 for.
  const seo = seoService(db, {
    publicUrl: config.publicUrl,
    sitemapPageSize: deps.sitemapPageSize,
  });
  changes.subscribe(seo.clear);
  mountSeo(app, seo, db);
  mountMedia(app, config.mediaDir);
  // A production store taking test payments says so on every page.
  const testPayments = config.isProduction && checkPayments(payments).testMode;
  const web = mountWebApp(app, config.webDir, {
    banner: testPayments ? testModeBanner : undefined,
    logger,
  });
  // The rendered pages go with the sitemap. (A server build that fails to load is reported by
  // the pages that need it: static.ts.)
  const rendering = web ? web.rendering.catch(() => null) : null;
  void rendering?.then((ssr) => ssr && changes.subscribe(ssr.clear));
  return app;
}

export type App = ReturnType<typeof createApp>;
