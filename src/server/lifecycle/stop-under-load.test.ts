import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { orders } from '#server/db/schema';
import { createProduct } from '#tests/support/factories';
import { recreateDatabase } from '#tests/support/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const REQUESTS = 150;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the server under test keeps its data: a fresh PostgreSQL database, else PGlite. */
async function freshStore() {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-stop-'));
  const databaseUrl = serverUrl
    ? await recreateDatabase(serverUrl, `loopmarket_stop_${randomBytes(4).toString('hex')}`)
    : undefined;
  const open = () => openDatabase({ databaseUrl, pgliteDir: join(dataDir, 'db') });
  const drop = async () => {
    if (!serverUrl || !databaseUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(
      `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
    );
    await admin.end();
  };
  return { dataDir, databaseUrl, open, drop };
}

/** The server's settings: this test's, and nothing of the test run's own (no TEST_*, NODE_ENV). */
function serverEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) env[name] = value;
  return env;
}

let child: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase?.();
});

interface Answer {
  status: number;
  connection: string | undefined;
}

/**
 * A checkout whose headers the server has read (it answered `100 Continue`) and whose body is
 * sent only when `send()` is called: until then the request is in flight at the server.
 */
function acceptedCheckout(port: number, productId: string, n: number) {
  const body = JSON.stringify({
    checkoutType: 'direct',
    customerEmail: `buyer${n}@example.com`,
    items: [{ productId, quantity: 1 }],
  });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/checkout/sessions',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const accepted = new Promise<void>((resolve, reject) => {
    request.once('continue', resolve);
    request.once('error', reject);
  });
  const answer = new Promise<Answer>((resolve) => {
    request.once('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
      );
    });
    // A connection cut before its answer counts as status 0, so the test shows the server's log.
    request.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, connection: error.code }),
    );
  });
  request.flushHeaders();
  return { accepted, answer, send: () => request.end(body) };
}

async function waitForStart(port: number, exited: Promise<number | null>) {
  for (let waited = 0; waited < 45_000; waited += 100) {
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null);
    if (live?.ok) return;
    const early = await Promise.race([exited, sleep(100).then(() => 'running' as const)]);
    if (early !== 'running') throw new Error(`the server exited with ${early} while starting`);
  }
  throw new Error('the server did not start');
}

describe('SIGTERM under load', () => {
  it(`answers every one of ${REQUESTS} accepted checkouts, leaves no order without a session, and exits 0`, async () => {
    const store = await freshStore();
    let database: Database = await store.open();
    await database.migrate();
    const product = await createProduct(database.db, { name: 'Drum Pack', priceCents: 2999 });
    await database.close();
    dropDatabase = store.drop;

    const port = await freePort();
    const output: string[] = [];
    // As `npm run serve` runs it: node itself with tsx's loader. The tsx command would stand
    // between the signal and the server, and kills a server that takes over 30 ms to say it got
    // the signal (under load it does), cutting off every request in flight.
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: serverEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl,
        SEED_ON_START: 'never',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_SECONDS: '30',
        // All 150 checkouts come from one address.
        CHECKOUT_SESSIONS_PER_MINUTE: '100000',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    await waitForStart(port, exited);

    // Every request is accepted (its headers read) and waits for its body when SIGTERM comes.
    const checkouts = Array.from({ length: REQUESTS }, (_, n) =>
      acceptedCheckout(port, product.id, n),
    );
    await Promise.all(checkouts.map((checkout) => checkout.accepted));
    child.kill('SIGTERM');

    // The server stops accepting connections…
    for (let waited = 0; ; waited += 20) {
      const refused = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
        () => false,
        () => true,
      );
      if (refused) break;
      if (waited > 5000) throw new Error('still accepting connections after SIGTERM');
      await sleep(20);
    }
    // …and still answers every request it had accepted.
    for (const checkout of checkouts) checkout.send();
    const answers = await Promise.all(checkouts.map((checkout) => checkout.answer));
    const exitCode = await exited;

    expect(
      answers.map((answer) => answer.status),
      output.join(''),
    ).toEqual(answers.map(() => 200));
    expect(answers.every((answer) => answer.connection === 'close')).toBe(true);
    expect(exitCode, output.join('')).toBe(0);
    expect(output.join('')).toMatch(/"msg":"stopped"/);

    database = await store.open();
    try {
      const rows = await database.db.select().from(orders);
      expect(rows).toHaveLength(REQUESTS);
      expect(rows.filter((order) => order.status !== 'PENDING')).toEqual([]);
      expect(rows.filter((order) => !order.providerSessionId)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
