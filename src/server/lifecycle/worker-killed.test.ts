import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { outboxEmails } from '#server/db/schema';
import { serverEnv, startSourceProcess, type StoreProcess } from '#tests/support/server-process';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';

/**
 * A worker process killed in the middle of a job (SIGKILL: no stop, no cleanup) loses nothing
 * and completes nothing twice: its claim stays on the message until the lease runs out, then
 * another worker sends it, once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A mail server that takes the connection and never greets: a delivery hangs in it. */
async function silentMailServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    connections: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const started: StoreProcess[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) {
  for (let waited = 0; ; waited += 100) {
    const value = await read();
    if (done(value)) return value;
    if (waited > 60_000) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

describe.skipIf(!serverUrl)('a worker killed mid-job', () => {
  const databaseName = `loopmarket_killed_${randomBytes(4).toString('hex')}`;
  let dataDir = '';
  let databaseUrl = '';
  let sink: SmtpSink;
  let silent: Awaited<ReturnType<typeof silentMailServer>>;
  let database: Database | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-killed-'));
    databaseUrl = await recreateDatabase(serverUrl!, databaseName);
    sink = await startSmtpSink();
    silent = await silentMailServer();
  });
  afterAll(async () => {
    await database?.close();
    await sink?.close();
    await silent?.close();
    await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startWorker = (smtpPort: number) => {
    const worker = startSourceProcess(
      'src/server/worker.ts',
      serverEnv({
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOG_LEVEL: 'info',
      }),
    );
    started.push(worker);
    return worker;
  };

  it('leaves the message to the next worker once its lease ends, which sends it once', async () => {
    const first = startWorker(silent.port);
    await until(
      'the first worker starting',
      async () => first.output(),
      (out) => out.includes('is running its background work'),
    );
    database = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 1 });
    const db = database.db;
    const [queued] = await db
      .insert(outboxEmails)
      .values({
        from: 'shop@store.test',
        to: 'buyer@example.com',
        subject: 'Your receipt',
        text: 'Thanks',
        html: '<p>Thanks</p>',
      })
      .returning();
    const row = () => db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));

    // The first worker claims it and hangs in the delivery; it is killed there.
    await until('the claim', row, ([mail]) => mail!.attempts === 1 && silent.connections() > 0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    const [held] = await row();
    expect(held).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(held!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // A second worker leaves it alone while the dead worker's lease runs…
    const second = startWorker(sink.port);
    await until(
      'the second worker starting',
      async () => second.output(),
      (out) => out.includes('is running its background work'),
    );
    await sleep(2500);
    expect((await row())[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(sink.received).toEqual([]);

    // …and once it has run out (brought forward here rather than waited for), sends it, once.
    await db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, queued!.id));
    const [sent] = await until('the send', row, ([mail]) => mail!.status === 'sent');
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    await sleep(2500);
    expect(sink.received.map((mail) => mail.to)).toEqual([['buyer@example.com']]);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  }, 180_000);
});
