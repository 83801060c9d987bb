import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { accountRoutes } from './auth/account.routes';
import { createAuth } from './auth/auth';
import { claimGuestOrders } from './downloads/downloads.service';
import { downloadsRoutes } from './downloads/downloads.routes';
import { createStorage } from './storage/create-storage';
import { filesRoutes } from './storage/files.routes';
import { authRoutes } from './auth/auth.routes';
import { currentUser } from './auth/session';
import { cartRoutes } from './cart/cart.routes';
import { checkoutRoutes } from './checkout/checkout.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './health/health.routes';
import { errorBody, handleError } from './http/error-handler';
import { createRouter } from './http/router';
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
import { supportRoutes } from './support/support.routes';
import { compression } from './web/compression';
import { mountMedia, mountWebApp } from './web/static';

export interface AppDeps {
  config: Pick<
    Config,
    | 'mediaDir'
    | 'webDir'
    | 'publicUrl'
    | 'isProduction'
    | 'trustedProxyHeader'
    | 'authAttemptsPerMinute'
    | 'smtpUrl'
    | 'mailFrom'
    | 'supportEmail'
    | 'stripe'
    | 'filesDir'
    | 's3'
  > & { authSecret: string };
  database: Database;
  logger: Logger;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
}

/** Composition only: every feature's routes under /api, then media, then the web app. */
export function createApp({ config, database, logger, ...deps }: AppDeps) {
  const { db } = database;
  const mailer = deps.mailer ?? createMailer(config, db, logger);
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
    secret: config.authSecret,
    publicUrl: config.publicUrl,
  });
  const payments = createPayments(
    { publicUrl: config.publicUrl, secret: config.authSecret, stripe: config.stripe },
    db,
    mailer,
    logger,
  );
  const paymentDeps = { db, payments, publicUrl: config.publicUrl };
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
      }),
    )
    .route('/', catalogueRoutes(db))
    .route(
      '/',
      newsletterRoutes({
        db,
        mailer,
        publicUrl: config.publicUrl,
        secret: config.authSecret,
        trustedProxyHeader: config.trustedProxyHeader,
      }),
    )
    .route(
      '/',
      supportRoutes({
        db,
        mailer,
        logger,
        supportEmail: config.supportEmail,
        trustedProxyHeader: config.trustedProxyHeader,
      }),
    )
    .route('/', accountRoutes(db))
    .route('/', cartRoutes(db))
    .route('/', promoRoutes(db, config.trustedProxyHeader))
    .route('/', checkoutRoutes(paymentDeps))
    .route('/', localPaymentsRoutes(paymentDeps))
    .route('/', paymentsConfigRoutes(payments))
    .route('/', stripeWebhookRoutes(payments))
    .route('/', ordersRoutes(db))
    .route(
      '/',
      downloadsRoutes({
        db,
        storage,
        secret: config.authSecret,
        trustedProxyHeader: config.trustedProxyHeader,
      }),
    )
    .route('/', filesRoutes(storage, config.authSecret));
  api.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Loopmarket API', version: '1' } });

  const app = new Hono();
  app.onError(handleError(logger));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin' }));
  app.use(compression());
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
  app.route('/', authRoutes(auth, db, config.trustedProxyHeader));
  app.use('/api/*', currentUser(auth));
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', 'No such API endpoint'), 404));

  if (!config.isProduction) app.route('/dev/mail', devMailRoutes(db));
  mountMedia(app, config.mediaDir);
  mountWebApp(app, config.webDir);
  return app;
}

export type App = ReturnType<typeof createApp>;
