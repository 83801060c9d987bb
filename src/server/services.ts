import { createAuth, type Auth } from './auth/auth';
import { catalogueChanges, type CatalogueChanges } from './catalogue/catalogue-changes';
import { forgetSearchWords } from './catalogue/search-words';
import type { Config, SmsSettings } from './config';
import type { Database, Db } from './db/client';
import { claimGuestOrders } from './downloads/downloads.service';
import type { RunState } from './lifecycle/run-state';
import type { Logger } from './logger';
import { brandedMailer, createMailer, type Mailer } from './mail/mailer';
import { createMetrics, type Metrics } from './metrics/metrics';
import { httpSmsSender } from './auth/sms/http-sms-sender';
import { noSmsSender, outboxSmsSender, type SmsSender } from './auth/sms/sms-sender';
import { createPayments, type Payments } from './payments/payments';
import type { SigningKeys } from './security/signed-token';
import { seoService, type SeoService } from './seo/seo.service';
import { storeBrandCache, type StoreBrandCache } from './settings/store-brand.service';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { productFileUploads, type ProductFileUploads } from './uploads/product-files';
import { createUploadStore } from './uploads/upload-store';

/** The settings the services and routes read; main.ts passes the whole Config. */
export type ServicesConfig = Pick<
  Config,
  | 'mediaDir'
  | 'webDir'
  | 'publicUrl'
  | 'isProduction'
  | 'trustedProxyHeader'
  | 'authAttemptsPerMinute'
  | 'checkoutSessionsPerMinute'
  | 'licenseChecksPerMinute'
  | 'apiKeyRequestsPerMinute'
  | 'smtpUrl'
  | 'mailFrom'
  | 'supportEmail'
  | 'storeName'
  | 'stripe'
  | 'filesDir'
  | 's3'
  | 'healthToken'
  | 'catalogueCacheMb'
> & {
  authSecret: string;
  /** Earlier secrets whose links and tokens are still accepted (AUTH_SECRET_PREVIOUS). */
  previousAuthSecrets?: string[];
  /** OpenID Connect providers offered at sign-in (SSO_PROVIDERS); none when unset. */
  ssoProviders?: Config['ssoProviders'];
  /** Text messages (SMS_URL and the others); unset: the outbox. */
  sms?: SmsSettings;
  /** The VIES service VAT numbers are checked with (VIES_URL); unset: the EU's. */
  viesUrl?: string;
  /** Unlocks /metrics in production (METRICS_TOKEN); unset: /metrics is not there in production. */
  metricsToken?: string;
};

/** What a caller (main.ts, a test) may hand in instead of what the configuration builds. */
export interface ServiceOverrides {
  /**
   * Defaults to SMTP or the outbox, as configured. Mail is only queued here: a mail worker
   * (mail/mail-worker.ts, started by main.ts) sends it.
   */
  mailer?: Mailer;
  /** Defaults to the configured HTTP provider, the outbox (`/dev/mail` shows it), or none. */
  sms?: SmsSender;
  /** Whether the process is stopping, for the readiness probe; by default it never is. */
  runState?: RunState;
  /** Told when the catalogue changes: rendered pages and the sitemap are dropped. */
  catalogueChanges?: CatalogueChanges;
  /** URLs per products file of the sitemap: the protocol's 50,000 unless a test asks for fewer. */
  sitemapPageSize?: number;
}

/** Everything the routes are built from, built once per app. Each route picks what it uses. */
export interface Services {
  config: ServicesConfig;
  database: Database;
  db: Db;
  logger: Logger;
  /** Every link and token the store signs (downloads, guest orders, newsletter, payment events). */
  keys: SigningKeys;
  mailer: Mailer;
  /** Text messages: phone-number checks and second-factor codes. */
  sms: SmsSender;
  auth: Auth;
  /** Product files: the files folder or S3. */
  storage: Storage;
  payments: Payments;
  /** Told of every catalogue write, on this process or, through the database, on another. */
  changes: CatalogueChanges;
  /** Product files streamed in by tus, to the same storage downloads read them from. */
  productFiles: ProductFileUploads;
  /** robots.txt and the sitemap. */
  seo: SeoService;
  /** The owner's store settings as the pages and e-mails show them, kept until they change. */
  brand: StoreBrandCache;
  runState: RunState | undefined;
  /** This app's metrics, in a registry of its own (metrics/metrics.ts). */
  metrics: Metrics;
}

export function createServices(
  config: ServicesConfig,
  database: Database,
  logger: Logger,
  overrides: ServiceOverrides = {},
): Services {
  const { db } = database;
  const keys: SigningKeys = {
    current: config.authSecret,
    previous: config.previousAuthSecrets ?? [],
  };
  const brand = storeBrandCache({
    db,
    defaults: {
      storeName: config.storeName,
      supportEmail: config.supportEmail,
      mailFrom: config.mailFrom,
    },
  });
  const mailer = brandedMailer(overrides.mailer ?? createMailer(config, logger), brand.mail);
  const sms = overrides.sms ?? smsSender(config.sms ?? { kind: 'outbox' }, db, logger);
  const auth = createAuth(
    {
      publicUrl: config.publicUrl,
      secret: config.authSecret,
      isProduction: config.isProduction,
      attemptsPerMinute: config.authAttemptsPerMinute,
      ssoProviders: config.ssoProviders,
    },
    db,
    mailer,
    logger,
    sms,
    {
      // A guest's earlier orders join the account that confirms the same email.
      onEmailConfirmed: async (user) => {
        await claimGuestOrders(db, user.id, user.email);
      },
      // Its reviews went with the account (cascade): the catalogue's ratings changed.
      onReviewsRemoved: async () => {
        changes.notify();
        await changes.announce(db);
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
  const productFiles = productFileUploads({
    db,
    store: createUploadStore({ s3: config.s3, filesDir: config.filesDir }),
    logger,
  });
  const seo = seoService(db, {
    publicUrl: config.publicUrl,
    sitemapPageSize: overrides.sitemapPageSize,
    legalPages: () => brand.legalPages(),
  });
  const changes = overrides.catalogueChanges ?? catalogueChanges();
  forgetOnCatalogueChanges(changes, { database, logger, seo });
  // The store settings are announced on the catalogue's channel (settings/store-brand.service.ts).
  changes.subscribe(brand.clear);
  return {
    config,
    database,
    db,
    logger,
    keys,
    mailer,
    sms,
    auth,
    storage,
    payments,
    changes,
    productFiles,
    seo,
    brand,
    runState: overrides.runState,
    metrics: createMetrics({ database, logger }),
  };
}

/**
 * The derived read caches built from the catalogue (the search's typo corrections, the sitemap)
 * are dropped on every catalogue write, this process's or, through the database, another's.
 * (The rendered pages follow too, once the web app is mounted: web/mount-web.ts.)
 */
function forgetOnCatalogueChanges(
  changes: CatalogueChanges,
  { database, logger, seo }: { database: Database; logger: Logger; seo: SeoService },
) {
  changes.subscribe(() => forgetSearchWords(database.db));
  changes.subscribe(seo.clear);
  changes
    .follow(database)
    .catch((err: unknown) =>
      logger.warn({ err }, 'not hearing other processes’ catalogue changes'),
    );
}

/** The HTTP provider when SMS_URL is set, the outbox where allowed, else no text messages. */
function smsSender(settings: SmsSettings, db: Db, logger: Logger): SmsSender {
  if (settings.kind === 'http') return httpSmsSender(db, settings, logger);
  return settings.kind === 'outbox' ? outboxSmsSender(db) : noSmsSender;
}
