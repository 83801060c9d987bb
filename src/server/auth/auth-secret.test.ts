import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { Database } from '#server/db/client';
import { instanceSettings } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { signedInBrowser } from '#tests/support/auth-client';
import { testAppConfig, type TestContext } from '#tests/support/test-app';
import { createTestDatabase, openSameDatabase } from '#tests/support/test-database';
import { resolveAuthSecret } from './auth-secret';

const serverUrl = process.env.TEST_DATABASE_URL;
const freshDir = () => mkdtempSync(join(tmpdir(), 'loopmarket-secret-'));

let database: Database;
let others: Database[];
beforeEach(async () => {
  database = await createTestDatabase();
  others = [];
});
afterEach(async () => {
  for (const other of others) await other.close();
  await database.close();
});

/** Another pool on the same PostgreSQL database, as a second server process would open. */
async function secondProcessDatabase(): Promise<Database> {
  const other = await openSameDatabase(database);
  others.push(other);
  return other;
}

describe('the secret without AUTH_SECRET', () => {
  it('is generated once into the database and read back on every start', async () => {
    const first = await resolveAuthSecret(database.db, undefined, freshDir());
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await resolveAuthSecret(database.db, undefined, freshDir())).toBe(first);
  });

  it('keeps the secret of an existing data/secret file, so its sessions stay valid', async () => {
    const dataDir = freshDir();
    writeFileSync(
      join(dataDir, 'secret'),
      'an-earlier-secret-of-64-characters-0123456789abcdef0123456\n',
    );
    const secret = await resolveAuthSecret(database.db, undefined, dataDir);
    expect(secret).toBe('an-earlier-secret-of-64-characters-0123456789abcdef0123456');
    expect(await resolveAuthSecret(database.db, undefined, freshDir())).toBe(secret);
  });

  it('is not stored when AUTH_SECRET is set', async () => {
    const configured = 'a-configured-secret-that-is-32-characters-or-more';
    expect(await resolveAuthSecret(database.db, configured, freshDir())).toBe(configured);
    expect(await database.db.select().from(instanceSettings)).toEqual([]);
  });
});

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL without AUTH_SECRET', () => {
  it('agree on the secret when they start at once', async () => {
    const other = await secondProcessDatabase();
    const [one, two] = await Promise.all([
      resolveAuthSecret(database.db, undefined, freshDir()),
      resolveAuthSecret(other.db, undefined, freshDir()),
    ]);
    expect(one).toBe(two);
  });

  it('share sessions: signed in on one, known to the other', async () => {
    const other = await secondProcessDatabase();
    const serverOf = async (db: Database): Promise<TestContext> => {
      const root = freshDir();
      const config = testAppConfig(root);
      const authSecret = await resolveAuthSecret(db.db, undefined, root);
      const logger = createLogger('silent');
      const mailer = createMailer(config, logger);
      const app = createApp({ config: { ...config, authSecret }, database: db, logger, mailer });
      return {
        app,
        request: app.request,
        database: db,
        dirs: config,
        mailer,
        close: async () => {},
      };
    };
    const one = await serverOf(database);
    const two = await serverOf(other);

    const { browser } = await signedInBrowser(one, 'shared@example.com');
    const res = await two.app.request('/api/account', {
      headers: { cookie: browser.cookieHeader() },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'shared@example.com' });
  });
});
