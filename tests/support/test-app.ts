import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppDeps } from '#server/app';
import type { Database } from '#server/db/client';
import { createLogger, type Logger } from '#server/logger';
import { createMailer, type Mailer } from '#server/mail/mailer';
import { createTestDatabase } from './test-database';

export interface TestContext {
  database: Database;
  app: ReturnType<typeof createApp>;
  /** The app's own `request`: a request through every middleware, without a socket. */
  request: ReturnType<typeof createApp>['request'];
  dirs: { mediaDir: string; filesDir: string };
  /** Queues the app's mail; no worker runs unless a test starts one (mail/mail-worker.ts). */
  mailer: Mailer;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://store.test';

/** What the test app signs its links and payment events with (its authSecret). */
export const TEST_SIGNING_KEYS = {
  current: 'test-secret-that-is-at-least-32-characters-long',
  previous: [] as string[],
};

/** The app's settings for a test: folders under `root`, no mail server, Stripe or S3. */
export function testAppConfig(root: string): AppDeps['config'] {
  return {
    mediaDir: join(root, 'media'),
    filesDir: join(root, 'files'),
    webDir: join(root, 'no-web-build'),
    publicUrl: TEST_PUBLIC_URL,
    isProduction: false,
    trustedProxyHeader: undefined,
    authAttemptsPerMinute: 10,
    smtpUrl: undefined,
    mailFrom: 'Loopmarket <no-reply@store.test>',
    supportEmail: 'support@store.test',
    storeName: 'Loopmarket',
    stripe: null,
    s3: null,
    healthToken: undefined,
    authSecret: TEST_SIGNING_KEYS.current,
  };
}

/** The real app over a fresh database and temporary folders; requests go through app.request(). */
export async function createTestContext(
  overrides: {
    config?: Partial<AppDeps['config']>;
    mailer?: AppDeps['mailer'];
    logger?: Logger;
    /** An open database to use (and close) instead of a fresh one. */
    database?: Database;
  } & Pick<AppDeps, 'catalogueChanges' | 'sitemapPageSize'> = {},
): Promise<TestContext> {
  const database = overrides.database ?? (await createTestDatabase());
  const root = mkdtempSync(join(tmpdir(), 'loopmarket-test-'));
  const config = { ...testAppConfig(root), ...overrides.config };
  const dirs = { mediaDir: config.mediaDir, filesDir: config.filesDir };
  const logger = overrides.logger ?? createLogger(process.env.TEST_LOG ?? 'silent');
  const mailer = overrides.mailer ?? createMailer(config, logger);
  const app = createApp({
    config,
    database,
    logger,
    mailer,
    catalogueChanges: overrides.catalogueChanges,
    sitemapPageSize: overrides.sitemapPageSize,
  });
  return { database, app, request: app.request, dirs, mailer, close: () => database.close() };
}

export async function getJson<T = unknown>(ctx: TestContext, path: string, init?: RequestInit) {
  const response = await ctx.app.request(path, init);
  return { response, status: response.status, body: (await response.json()) as T };
}
