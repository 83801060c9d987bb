import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { SsoProvider } from './auth/sso';
import type { HttpSmsSettings } from './auth/sms/http-sms-sender';
import type { S3Settings } from './storage/s3-storage';

/** The only reader of process.env. Every setting is listed in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().url().optional(),
  // Where `npm run backup` writes its backups, one folder each (backup/backup.service.ts).
  BACKUP_DIR: z.string().default('backups'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // The memory each server process keeps the catalogue's public answers in (catalogue/answer-cache.ts).
  CATALOGUE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_START: z.enum(['auto', 'never']).default('auto'),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  // Whether the web server runs the background work (mail, invoices, pack extraction, campaigns,
  // scheduled jobs) beside its requests; `false` leaves it to a separate `npm run worker`.
  RUN_WORKERS: z.enum(['true', 'false']).default('true'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUSTED_PROXY_HEADER: z.string().toLowerCase().optional(),
  SMTP_URL: z.string().url().optional(),
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  CHECKOUT_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).optional(),
  LICENSE_CHECKS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  MAIL_FROM: z.string().default('Loopmarket <no-reply@loopmarket.local>'),
  // The address the support, about and legal pages show (GET /api/store), and where contact
  // messages go.
  SUPPORT_EMAIL: z.string().email().default('support@loopmarket.example'),
  // The store's name on the support, about and legal pages (GET /api/store).
  STORE_NAME: z.string().trim().min(1).max(80).default('Loopmarket'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  // Stripe Tax decides the tax of Stripe payments (Checkout's automatic tax) instead of the
  // store's own rule; needs Stripe's keys.
  STRIPE_TAX: z.enum(['true', 'false']).default('false'),
  // The EU's VIES service that checks business buyers' VAT numbers (tax/vat-check.ts).
  VIES_URL: z.string().url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  // Production asks for these by name: test payments and an outbox instead of mail are never a
  // silent fallback there (productionProblems below).
  PAYMENTS_TEST_MODE: z.enum(['true', 'false']).default('false'),
  MAIL_OUTBOX_ONLY: z.enum(['true', 'false']).default('false'),
  // Text messages (phone numbers and the texted second sign-in step) through an HTTP provider
  // (auth/sms/http-sms-sender.ts). Production without SMS_URL sends none and offers no phone,
  // unless SMS_OUTBOX_ONLY=true keeps them in the outbox on purpose.
  SMS_URL: z.string().url().optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  SMS_USERNAME: z.string().min(1).optional(),
  SMS_PASSWORD: z.string().min(1).optional(),
  SMS_FROM: z.string().trim().min(1).max(20).default('Loopmarket'),
  SMS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  SMS_OUTBOX_ONLY: z.enum(['true', 'false']).default('false'),
  // Lets a monitor read /api/health's detail in production (Authorization: Bearer <token>).
  HEALTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Lets a scraper read /metrics in production (Authorization: Bearer <token>); see metrics/.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // A second port, on HOST, that serves only /metrics (for a scraper on the private network).
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Earlier values of AUTH_SECRET, comma-separated: tokens they signed stay valid after a rotation.
  AUTH_SECRET_PREVIOUS: z.string().optional(),
  // The OpenID Connect providers offered at sign-in, comma-separated ids; each one's issuer,
  // client and name are read from SSO_<ID>_* (ssoProvidersFrom below).
  SSO_PROVIDERS: z.string().optional(),
});

type Env = z.infer<typeof envSchema>;

/**
 * The name of every setting read here (besides each SSO provider's SSO_<ID>_*): what a deployment
 * may set. tests/production/deploy-files.test.ts holds deploy/compose.yaml to it.
 */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

/**
 * What production needs named: a real secret, the public address links are built from, a real
 * payment processor (or test mode switched on by name), and a mail server (or the outbox by name).
 */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: required when NODE_ENV=production');
  if (!e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required when NODE_ENV=production (the address visitors use)');
  }
  if (!e.STRIPE_SECRET_KEY && e.PAYMENTS_TEST_MODE !== 'true') {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, or PAYMENTS_TEST_MODE=true to take test payments on purpose',
    );
  }
  if (!e.SMTP_URL && e.MAIL_OUTBOX_ONLY !== 'true') {
    problems.push(
      'SMTP_URL: required when NODE_ENV=production, or MAIL_OUTBOX_ONLY=true to keep mail in the outbox on purpose',
    );
  }
  return problems;
}

/** Which process reads the settings: a web server (main.ts) or the worker (worker.ts). */
export type ProcessRole = 'server' | 'worker';

/**
 * A separate worker shares the web servers' PostgreSQL database. The embedded PGlite belongs to
 * one process, so there a worker cannot run, and a web server must run the background work
 * itself: with RUN_WORKERS=false nothing would ever send the store's mail.
 */
function backgroundWorkProblems(e: Env, role: ProcessRole): string[] {
  if (e.DATABASE_URL) return [];
  if (role === 'worker') {
    return [
      'DATABASE_URL: required by the worker (npm run worker), which shares a PostgreSQL database with the web servers; the embedded database belongs to one process, whose web server runs the background work itself (RUN_WORKERS=true, the default)',
    ];
  }
  if (e.RUN_WORKERS === 'false') {
    return [
      'RUN_WORKERS=false: needs DATABASE_URL (PostgreSQL); on the embedded database no separate worker can run, so nothing would send mail, make invoices or list pack contents',
    ];
  }
  return [];
}

const SSO_ID = /^[a-z][a-z0-9-]{0,31}$/;

/** One provider's settings, SSO_<ID>_ISSUER and the rest: the id upper-cased, `-` as `_`. */
const ssoProviderSchema = z.object({
  ISSUER: z.string().url("must be the provider's issuer URL (https://…)"),
  CLIENT_ID: z.string().trim().min(1, 'required'),
  CLIENT_SECRET: z.string().min(1, 'required'),
  NAME: z.string().trim().min(1).max(40).optional(),
});

/** The prefix of one provider's settings: `google` → `SSO_GOOGLE_`, `my-idp` → `SSO_MY_IDP_`. */
export const ssoSettingPrefix = (id: string) => `SSO_${id.toUpperCase().replaceAll('-', '_')}_`;

/**
 * The sign-in providers SSO_PROVIDERS names, each from its own SSO_<ID>_ISSUER, _CLIENT_ID,
 * _CLIENT_SECRET and (optional) _NAME. Every problem is named by its setting.
 */
function ssoProvidersFrom(env: NodeJS.ProcessEnv, list: string | undefined, production: boolean) {
  const ids = (list ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const problems: string[] = [];
  const providers: SsoProvider[] = [];
  for (const id of new Set(ids)) {
    if (!SSO_ID.test(id)) {
      problems.push(
        `SSO_PROVIDERS: "${id}" is not a provider id (lower-case letters, digits and -, starting with a letter)`,
      );
      continue;
    }
    const prefix = ssoSettingPrefix(id);
    const parsed = ssoProviderSchema.safeParse({
      ISSUER: env[`${prefix}ISSUER`],
      CLIENT_ID: env[`${prefix}CLIENT_ID`],
      CLIENT_SECRET: env[`${prefix}CLIENT_SECRET`],
      NAME: env[`${prefix}NAME`],
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const missing = env[`${prefix}${String(issue.path[0])}`] === undefined;
        problems.push(
          `${prefix}${issue.path.join('.')}: ${missing ? `required, since SSO_PROVIDERS names ${id}` : issue.message}`,
        );
      }
      continue;
    }
    const p = parsed.data;
    if (production && !p.ISSUER.startsWith('https://')) {
      problems.push(`${prefix}ISSUER: must be an https:// address when NODE_ENV=production`);
      continue;
    }
    providers.push({
      id,
      name: p.NAME ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer: p.ISSUER.replace(/\/$/, ''),
      clientId: p.CLIENT_ID,
      clientSecret: p.CLIENT_SECRET,
    });
  }
  return { providers, problems };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  pgliteDir: string;
  /** Public, cacheable assets: cover art and audio previews. */
  mediaDir: string;
  /** Private product files, handed out only through signed links. */
  filesDir: string;
  /** The built web app. */
  webDir: string;
  /** Where `npm run backup` puts its backups (BACKUP_DIR; --to overrides it). */
  backupDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Megabytes of the catalogue's public answers each server process keeps in memory, dropped at
   * every catalogue change (CATALOGUE_CACHE_MB; 0 keeps none). Unset: 64.
   */
  catalogueCacheMb?: number;
  logLevel: string;
  seedOnStart: boolean;
  /** On SIGTERM or SIGINT, how long requests in flight may take to finish before they are cut. */
  shutdownTimeoutSeconds: number;
  /**
   * The web server runs the background work beside its requests (RUN_WORKERS, true by default);
   * false when a separate worker process (`npm run worker`) runs it. PostgreSQL only.
   */
  runWorkers: boolean;
  /** Signs sessions and tokens; generated once into the database when unset outside production. */
  authSecret: string | undefined;
  /**
   * The header a trusted reverse proxy sets to the client's address (e.g. x-forwarded-for,
   * cf-connecting-ip). Unset: the socket's address, and every forwarded header is ignored.
   */
  trustedProxyHeader: string | undefined;
  /** Sign-in, sign-up and reset requests per client address a minute. */
  authAttemptsPerMinute: number;
  /** Checkout sessions opened per client address a minute; unset: checkout's own limit. */
  checkoutSessionsPerMinute?: number;
  /** Licence API calls (activate, validate, deactivate) per client address a minute; unset: the API's own limit. */
  licenseChecksPerMinute?: number;
  /** Admin API requests one API key may make a minute; unset: the gate's own limit. */
  apiKeyRequestsPerMinute?: number;
  /** SMTP server for outgoing mail; unset: the outbox table and `/dev/mail`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact-form messages are sent; their acknowledgements go to the sender. */
  supportEmail: string;
  /** The store's name as the support, about and legal pages show it. */
  storeName: string;
  /** Stripe when its keys are set; otherwise the offline `local` test processor. */
  stripe: StripeSettings | null;
  /** The VIES REST service business buyers' VAT numbers are checked with. */
  viesUrl: string;
  /** Product files in S3-compatible storage when S3_BUCKET is set; otherwise `filesDir`. */
  s3: S3Settings | null;
  /** The local test processor in production, switched on by name; every page then says so. */
  paymentsTestMode: boolean;
  /** Bearer token that unlocks /api/health's detail in production. */
  healthToken: string | undefined;
  /** Bearer token that unlocks /metrics in production (asked on METRICS_PORT too when set). */
  metricsToken: string | undefined;
  /** A port of its own serving only /metrics; unset: none. */
  metricsPort: number | undefined;
  /** Earlier AUTH_SECRET values whose signed links and tokens are still accepted. */
  previousAuthSecrets: string[];
  /** OpenID Connect providers offered at sign-in (SSO_PROVIDERS); none by default. */
  ssoProviders: SsoProvider[];
  /**
   * Text messages: an HTTP provider when SMS_URL is set; otherwise the outbox outside production
   * (or in production with SMS_OUTBOX_ONLY=true); otherwise none, and no phone is offered.
   */
  sms: SmsSettings;
}

export type SmsSettings =
  ({ kind: 'http' } & HttpSmsSettings) | { kind: 'outbox' } | { kind: 'off' };

function smsSettings(e: Env): SmsSettings {
  if (e.SMS_URL) {
    return {
      kind: 'http',
      url: e.SMS_URL,
      from: e.SMS_FROM,
      token: e.SMS_TOKEN,
      username: e.SMS_USERNAME,
      password: e.SMS_PASSWORD,
      timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
    };
  }
  if (e.NODE_ENV !== 'production' || e.SMS_OUTBOX_ONLY === 'true') return { kind: 'outbox' };
  return { kind: 'off' };
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Stripe Tax (STRIPE_TAX=true): Checkout's automatic tax decides each payment's tax. */
  automaticTax?: boolean;
  /** Where the SDK sends its requests; tests point it at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The settings of `role`'s process (a web server unless told), or an error naming each problem. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  role: ProcessRole = 'server',
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PUBLISHABLE_KEY];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new Error(
      'Invalid settings:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY: set all three, or none for the local test processor',
    );
  }
  if (e.STRIPE_TAX === 'true' && !e.STRIPE_SECRET_KEY) {
    throw new Error(
      'Invalid settings:\n  STRIPE_TAX: needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY (Stripe Tax works on Stripe payments only)',
    );
  }
  const sso = ssoProvidersFrom(env, e.SSO_PROVIDERS, e.NODE_ENV === 'production');
  if (sso.problems.length > 0) throw new Error(`Invalid settings:\n  ${sso.problems.join('\n  ')}`);
  if (e.SMS_TOKEN && e.SMS_USERNAME) {
    throw new Error(
      'Invalid settings:\n  SMS_TOKEN, SMS_USERNAME: set a token (Bearer) or a username and password (Basic), not both',
    );
  }
  if (Boolean(e.SMS_USERNAME) !== Boolean(e.SMS_PASSWORD)) {
    throw new Error('Invalid settings:\n  SMS_USERNAME and SMS_PASSWORD: set both, or neither');
  }
  const background = backgroundWorkProblems(e, role);
  if (background.length > 0) throw new Error(`Invalid settings:\n  ${background.join('\n  ')}`);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new Error('Invalid settings:\n  METRICS_PORT: must differ from PORT');
  }
  const missing = e.NODE_ENV === 'production' ? productionProblems(e) : [];
  if (missing.length > 0) throw new Error(`Invalid settings:\n  ${missing.join('\n  ')}`);
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    pgliteDir: join(dataDir, 'db'),
    mediaDir: join(dataDir, 'media'),
    filesDir: join(dataDir, 'files'),
    webDir: resolve('dist/web'),
    backupDir: resolve(e.BACKUP_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    catalogueCacheMb: e.CATALOGUE_CACHE_MB,
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START === 'auto',
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    runWorkers: e.RUN_WORKERS === 'true',
    authSecret: e.AUTH_SECRET,
    trustedProxyHeader: e.TRUSTED_PROXY_HEADER,
    authAttemptsPerMinute: e.AUTH_ATTEMPTS_PER_MINUTE,
    checkoutSessionsPerMinute: e.CHECKOUT_SESSIONS_PER_MINUTE,
    licenseChecksPerMinute: e.LICENSE_CHECKS_PER_MINUTE,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    storeName: e.STORE_NAME,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            automaticTax: e.STRIPE_TAX === 'true',
          }
        : null,
    viesUrl: e.VIES_URL.replace(/\/$/, ''),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    paymentsTestMode: e.PAYMENTS_TEST_MODE === 'true',
    healthToken: e.HEALTH_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    previousAuthSecrets: (e.AUTH_SECRET_PREVIOUS ?? '')
      .split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    ssoProviders: sso.providers,
    sms: smsSettings(e),
  };
}
