import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { outboxEmails } from '../db/schema';
import { createLogger } from '../logger';
import {
  createTestContext,
  getJson,
  testAppConfig,
  type TestContext,
} from '#tests/support/test-app';
import { DATABASE_TIMEOUT_MS } from './database-check';
import type { HealthReport } from '#shared/health';
import { checkMigrations, readJournal } from './migrations-check';

const AUTH_SECRET = testAppConfig('').authSecret;
const journal = readJournal();
/** The report as a client receives it, to search for what must never be in it. */
const response = (body: unknown) => JSON.stringify(body);

let ctx: TestContext | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  smtp = undefined;
});

async function health(overrides: Parameters<typeof createTestContext>[0] = {}) {
  ctx = await createTestContext(overrides);
  return getJson<HealthReport>(ctx, '/api/health');
}

/** A real SMTP server that lets in one user and password; resolves to its port. */
async function startSmtp(user: string, pass: string): Promise<number> {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
  });
  const server = smtp;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.server.address() as AddressInfo).port;
}

describe('GET /api/health', () => {
  it('reports every part of a fresh store as ok', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      diagnostics: true,
      database: { status: 'ok', driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      migrations: {
        status: 'ok',
        applied: journal.length,
        expected: journal.length,
        latestTag: journal.at(-1)?.tag,
        expectedTag: journal.at(-1)?.tag,
      },
      mail: {
        status: 'ok',
        kind: 'outbox',
        verified: null,
        queue: { queued: 0, failed: 0, oldestQueuedSeconds: null },
      },
      storage: { status: 'ok', backend: 'local' },
      payments: { status: 'ok', provider: 'local', testMode: true },
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
    // The test's folders are not created until something is written into them.
    expect(body.storage.folders).toEqual([
      expect.objectContaining({ name: 'files', path: ctx!.dirs.filesDir, exists: false }),
      expect.objectContaining({ name: 'media', path: ctx!.dirs.mediaDir, exists: false }),
    ]);
    expect(response(body)).not.toContain(AUTH_SECRET);
  });

  it('counts the mail waiting in the queue and the mail given up on', async () => {
    ctx = await createTestContext();
    const { db } = ctx.database;
    const message = { to: 'a@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
    await ctx.mailer.enqueue(db, message);
    await ctx.mailer.enqueue(db, message);
    await ctx.mailer.enqueue(db, { ...message, to: 'gone@example.com' });
    await db
      .update(outboxEmails)
      .set({ status: 'failed' })
      .where(eq(outboxEmails.to, 'gone@example.com'));
    await db.update(outboxEmails).set({ createdAt: sql`now() - interval '90 seconds'` });
    const { body } = await getJson<HealthReport>(ctx, '/api/health');
    expect(body.mail.queue).toMatchObject({ queued: 2, failed: 1 });
    expect(body.mail.queue?.oldestQueuedSeconds).toBeGreaterThanOrEqual(90);
    expect(body.mail.queue?.oldestQueuedSeconds).toBeLessThan(120);
  });

  it('is ready while the database answers', async () => {
    ctx = await createTestContext();
    const { status, body } = await getJson(ctx, '/api/health/ready');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ready' });
  });

  it('is never cached', async () => {
    ctx = await createTestContext();
    const res = await ctx.app.request('/api/health');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('tells an anonymous caller in production only that the store is up', async () => {
    const { status, body } = await health({
      config: { isProduction: true, healthToken: 'health-token-of-16+chars' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'up' });
    const wrong = await getJson(ctx!, '/api/health', {
      headers: { Authorization: 'Bearer health-token-of-16+charZ' },
    });
    expect(wrong.body).toEqual({ status: 'up' });
  });

  it('shows the report to the health token in production, without the diagnostics or folder paths', async () => {
    ctx = await createTestContext({
      config: { isProduction: true, healthToken: 'health-token-of-16+chars' },
    });
    const { status, body } = await getJson<HealthReport>(ctx, '/api/health', {
      headers: { Authorization: 'Bearer health-token-of-16+chars' },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.diagnostics).toBe(false);
    expect(body.storage.folders.map((folder) => folder.path)).toEqual([undefined, undefined]);
  });

  it('tells an anonymous caller in production that the store is down when the database is', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      pgliteDir: '',
    });
    try {
      const res = await appOver(database, { isProduction: true }).request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'down' });
    } finally {
      await database.close();
    }
  });

  it('reports a storage folder that cannot be reached as failed, and the store as degraded', async () => {
    const root = mkdtempSync(join(tmpdir(), 'loopmarket-health-'));
    const notAFolder = join(root, 'plain-file');
    writeFileSync(notAFolder, 'x');
    const { status, body } = await health({
      config: { filesDir: join(notAFolder, 'files'), mediaDir: root },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.storage.status).toBe('failed');
    expect(body.storage.folders).toEqual([
      expect.objectContaining({ name: 'files', status: 'failed', writable: false }),
      expect.objectContaining({
        name: 'media',
        status: 'ok',
        exists: true,
        readable: true,
        writable: true,
      }),
    ]);
    expect(body.storage.folders[0]?.detail).toMatch(/ENOTDIR/);
  });

  it('logs in to the SMTP server to check mail, and never shows its password', async () => {
    const port = await startSmtp('shop', 'mail-password-1234');
    const { status, body } = await health({
      config: { smtpUrl: `smtp://shop:mail-password-1234@127.0.0.1:${port}` },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.mail).toMatchObject({ status: 'ok', kind: 'smtp', verified: true });
    expect(response(body)).not.toContain('mail-password-1234');
  });

  it('reports mail as failed when the SMTP server refuses the login; the store stays up', async () => {
    const port = await startSmtp('shop', 'right-password');
    const { status, body } = await health({
      config: { smtpUrl: `smtp://shop:wrong-password@127.0.0.1:${port}` },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.mail).toMatchObject({ status: 'failed', kind: 'smtp', verified: false });
    expect(body.mail.detail).toContain('EAUTH');
    expect(response(body)).not.toContain('wrong-password');
  });

  it('reports Stripe test mode from the keys without showing them', async () => {
    const stripe = {
      secretKey: 'sk_test_health_secret',
      webhookSecret: 'whsec_health_secret',
      publishableKey: 'pk_test_health_public',
    };
    const { body } = await health({ config: { stripe } });
    expect(body.payments).toMatchObject({ status: 'ok', provider: 'stripe', testMode: true });
    for (const key of Object.values(stripe)) expect(response(body)).not.toContain(key);
  });

  it('flags Stripe keys of different modes', async () => {
    const { status, body } = await health({
      config: {
        stripe: {
          secretKey: 'sk_live_health_secret',
          webhookSecret: 'whsec_health_secret',
          publishableKey: 'pk_test_health_public',
        },
      },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.payments).toMatchObject({ status: 'failed', provider: 'stripe', testMode: false });
  });

  it('answers 503 and "down" when the database refuses connections', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      pgliteDir: '',
    });
    try {
      const res = await appOver(database).request('/api/health');
      const body = (await res.json()) as HealthReport;
      expect(res.status).toBe(503);
      expect(body).toMatchObject({
        status: 'down',
        database: { status: 'failed', driver: 'postgres', latencyMs: null },
        migrations: { status: 'failed', applied: 0 },
        mail: { queue: null },
      });
      expect(body.database.detail).toContain('ECONNREFUSED');
      expect(response(body)).not.toContain('nobody');
    } finally {
      await database.close();
    }
  });

  it('is live but not ready, and the store answers 503, while the database refuses connections', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      pgliteDir: '',
    });
    try {
      const app = appOver(database);
      expect((await app.request('/api/health/live')).status).toBe(200);
      const ready = await app.request('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer' },
      });
      const categories = await app.request('/api/categories');
      expect(categories.status).toBe(503);
      expect(categories.headers.get('Retry-After')).toBe('5');
      expect(await categories.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The store is busy. Please try again in a moment.',
        },
      });
    } finally {
      await database.close();
    }
  });

  it('gives up on a database that never answers, so the readiness probe does not hang', async () => {
    // Accepts the connection and then says nothing.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await openDatabase({
      databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`,
      pgliteDir: '',
    });
    try {
      const started = Date.now();
      const res = await appOver(database).request('/api/health');
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(DATABASE_TIMEOUT_MS + 2000);
      const body = (await res.json()) as HealthReport;
      expect(body.database.detail).toContain('TIMEOUT');
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
      await database.close();
    }
  });
});

/** The real app over a database a test opened itself (one that does not answer). */
function appOver(database: Database, config: { isProduction?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'loopmarket-health-'));
  return createApp({
    config: { ...testAppConfig(root), ...config },
    database,
    logger: createLogger('silent'),
  });
}

describe('the migrations check', () => {
  it('counts migrations this build lists but the database has not applied', async () => {
    ctx = await createTestContext();
    const ahead = [...journal, { tag: '9999_next', when: Date.now() }];
    expect(await checkMigrations(ctx.database.db, ahead)).toMatchObject({
      status: 'failed',
      applied: journal.length,
      expected: journal.length + 1,
      latestTag: journal.at(-1)?.tag,
      expectedTag: '9999_next',
      detail: `1 of ${journal.length + 1} not applied yet`,
    });
  });

  it('notices a database migrated by a newer build', async () => {
    ctx = await createTestContext();
    const behind = journal.slice(0, -1);
    expect(await checkMigrations(ctx.database.db, behind)).toMatchObject({
      status: 'failed',
      applied: journal.length,
      expected: journal.length - 1,
      latestTag: null,
      detail: 'The database has migrations this build does not know',
    });
  });
});
