import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { outboxEmails } from '#server/db/schema';
import {
  freePort,
  serverEnv,
  startSourceProcess,
  waitForStart,
  type StoreProcess,
} from '#tests/support/server-process';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';

/**
 * The background work in a process of its own (`npm run worker`): web servers started with
 * RUN_WORKERS=false queue mail and never send it; the worker, on the same PostgreSQL database,
 * sends it, and stops on SIGTERM with exit code 0. On the embedded database neither is allowed.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started: StoreProcess[] = [];
const start = (entry: string, settings: Record<string, string | undefined>) => {
  const storeProcess = startSourceProcess(entry, serverEnv({ LOG_LEVEL: 'info', ...settings }));
  started.push(storeProcess);
  return storeProcess;
};
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('on the embedded database', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-worker-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the worker refuses to start, saying it needs DATABASE_URL, and opens no database', async () => {
    const worker = start('src/server/worker.ts', { DATA_DIR: dataDir });

    expect(await worker.exited, worker.output()).toBe(1);
    expect(worker.output()).toContain(
      'The Loopmarket worker cannot start. Invalid settings:\n  DATABASE_URL: required by the worker (npm run worker)',
    );
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
  }, 60_000);

  it('a web server refuses RUN_WORKERS=false, under which nothing would send its mail', async () => {
    const server = start('src/server/main.ts', { DATA_DIR: dataDir, RUN_WORKERS: 'false' });

    expect(await server.exited, server.output()).toBe(1);
    expect(server.output()).toContain(
      'Loopmarket cannot start. Invalid settings:\n  RUN_WORKERS=false: needs DATABASE_URL (PostgreSQL)',
    );
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
  }, 60_000);
});

describe.skipIf(!serverUrl)('a web server with RUN_WORKERS=false and a separate worker', () => {
  const databaseName = `loopmarket_worker_${randomBytes(4).toString('hex')}`;
  let dataDir = '';
  let databaseUrl = '';
  let sink: SmtpSink;
  let database: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-worker-'));
    databaseUrl = await recreateDatabase(serverUrl!, databaseName);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await database?.close();
    await sink?.close();
    await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server only queues mail, the worker sends it and stops on SIGTERM with exit 0', async () => {
    // The same settings for both, as one deployment's environment file gives them.
    const shared = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SEED_ON_START: 'never',
      RUN_WORKERS: 'false',
    };
    const port = await freePort();
    const server = start('src/server/main.ts', {
      ...shared,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    await waitForStart(port, server.exited);
    database = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 1 });

    // A newsletter sign-up queues its confirmation mail.
    const email = 'worker-reader@example.com';
    const signUp = await fetch(`http://127.0.0.1:${port}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, subscriptionType: 'newsletter', source: 'home_page' }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    const mailTo = () => database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));

    // The web server alone never sends it: three of a mail worker's polls go by.
    await sleep(3500);
    expect((await mailTo()).map((mail) => mail.status)).toEqual(['queued']);
    expect(sink.received).toEqual([]);
    expect(server.output()).toContain('RUN_WORKERS=false: background work is left to a separate');

    // The worker sends it, through the mail server, and counts it on its own metrics port.
    const metricsPort = await freePort();
    const worker = start('src/server/worker.ts', { ...shared, METRICS_PORT: String(metricsPort) });
    for (let waited = 0; (await mailTo())[0]?.status !== 'sent'; waited += 100) {
      if (waited > 30_000 || worker.child.exitCode !== null) {
        throw new Error(`the worker did not send the mail:\n${worker.output()}`);
      }
      await sleep(100);
    }
    expect(sink.received.map((mail) => mail.to)).toEqual([[email]]);
    expect(sink.received[0]!.raw).toMatch(/Subject: .*confirm/i);
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(/^loopmarket_mail_sent_total 1$/m);
    expect(scraped).toMatch(/^loopmarket_job_queue_depth\{queue="mail"\} 0$/m);

    // SIGTERM: the worker stops its background work, closes the database and exits 0.
    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    expect(worker.output()).toMatch(/"work":"mail worker","msg":"background work stopped"/);
    expect(worker.output()).toMatch(/"msg":"stopped"/);

    // The web server, which ran none, stops as before.
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 120_000);
});
