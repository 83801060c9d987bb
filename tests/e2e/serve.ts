/**
 * The server the browser journeys run against: a fresh data folder, and a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL when it is set (else embedded PGlite). It runs the build
 * and loads the demo catalogue on start exactly as `npm start` does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { recreateDatabase } from '../support/test-database';
import { E2E_SUPPORT_EMAIL } from './store-settings';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'loopmarket-e2e-'));
process.env.LOG_LEVEL ??= 'warn';
// Every journey signs in and checks out from 127.0.0.1; the per-address limits themselves are
// proven by the API tests.
process.env.AUTH_ATTEMPTS_PER_MINUTE ??= '1000';
process.env.CHECKOUT_SESSIONS_PER_MINUTE ??= '1000';
// Not the default, so a page showing it shows the setting.
process.env.SUPPORT_EMAIL = E2E_SUPPORT_EMAIL;
if (process.env.TEST_DATABASE_URL) {
  process.env.DATABASE_URL = await recreateDatabase(
    process.env.TEST_DATABASE_URL,
    `loopmarket_e2e_${process.env.PORT ?? '3111'}`,
  );
}
// The build, as `npm start` runs it (`npm test` and `npm run test:e2e` make it first).
await import(pathToFileURL(resolve('dist/server/main.js')).href);
