import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppDeps } from '#server/app';
import type { Database } from '#server/db/client';
import { createLogger } from '#server/logger';
import { createTestDatabase } from './test-database';

export interface TestContext {
  database: Database;
  app: ReturnType<typeof createApp>;
  dirs: { mediaDir: string; filesDir: string };
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://store.test';

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
    stripe: null,
    s3: null,
    authSecret: 'test-secret-that-is-at-least-32-characters-long',
  };
}

/** The real app over a fresh database and temporary folders; requests go through app.request(). */
export async function createTestContext(
  overrides: { config?: Partial<AppDeps['config']>; mailer?: AppDeps['mailer'] } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const root = mkdtempSync(join(tmpdir(), 'loopmarket-test-'));
  const config = { ...testAppConfig(root), ...overrides.config };
  const dirs = { mediaDir: config.mediaDir, filesDir: config.filesDir };
  const app = createApp({
    config,
    database,
    logger: createLogger(process.env.TEST_LOG ?? 'silent'),
    mailer: overrides.mailer,
  });
  return { database, app, dirs, close: () => database.close() };
}

export async function getJson<T = unknown>(ctx: TestContext, path: string, init?: RequestInit) {
  const response = await ctx.app.request(path, init);
  return { response, status: response.status, body: (await response.json()) as T };
}
