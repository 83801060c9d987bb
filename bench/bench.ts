/**
 * `npm run bench`: builds a large catalogue in a database of its own, starts the production
 * server on it and measures the store's read paths, its server-rendered pages (run `npm run
 * build` first) and shopping calls (cart, checkout, download links) with autocannon. Timings
 * are printed and kept in bench/results/; nothing here passes or fails on them.
 *
 *   BENCH_PRODUCTS       catalogue size (100000)
 *   BENCH_DATABASE_URL   a PostgreSQL database to fill (created if missing; its tables are
 *                        replaced); without it, an embedded PGlite in BENCH_DATA_DIR
 *   BENCH_DATA_DIR       the PGlite server's DATA_DIR (data/bench)
 *   BENCH_PORT           the server's port (3900)
 *   BENCH_CONNECTIONS    concurrent connections (10)
 *   BENCH_DURATION       seconds measured per operation (10), after BENCH_WARMUP seconds (3)
 *   BENCH_ONLY           run only the operations whose name contains this text (several:
 *                        separated by '|', as in 'cart read|download link')
 *   BENCH_ORDERS         past orders written for the admin's order list (100000)
 *   BENCH_CPU_PROFILE    a folder where the server writes a CPU profile as it stops
 *   BENCH_ACCEPT_ENCODING  'both' (the default): every row twice, without Accept-Encoding and
 *                        with a browser's ('gzip, deflate, br'); 'none', or a value of its own
 *
 * Besides requests/s and latency, each row shows the CPU time one request cost the server
 * process and (on PostgreSQL) the database backends: on a machine other work is sharing,
 * throughput drops but this cost does not.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '#server/db/client';
import { loadBenchCatalogue } from './load-catalogue';
import { cpuMeter } from './cpu-usage';
import {
  BUYERS,
  commerceOperations,
  downloadsPerBuyer,
  SHOPPERS,
  ADMINS,
  SHOPPING_CALLS,
  type Enrolment,
} from './commerce-operations';
import { measure, warmUp, type LoadTestSettings, type Measurement } from './load-test';
import { catalogueOperations, pageOperations, sampleCatalogue, type Operation } from './operations';
import { insertLicences, LICENCE_CALLS, licenceOperations } from './licence-operations';
import { insertOrderHistory } from './order-history';
import { insertPaidOrders } from './paid-orders';
import {
  busyMachineWarning,
  describeMachine,
  formatTable,
  oneMinuteLoad,
  writeResults,
} from './report';
import { startServer } from './server';
import { confirmationTokens, resetShopping, signUp } from './shoppers';

const env = process.env;
const products = Number(env.BENCH_PRODUCTS ?? 100_000);
const pastOrders = Number(env.BENCH_ORDERS ?? 100_000);
const databaseUrl = env.BENCH_DATABASE_URL;
const dataDir = resolve(env.BENCH_DATA_DIR ?? 'data/bench');
const port = Number(env.BENCH_PORT ?? 3900);
const settings: LoadTestSettings = {
  connections: Number(env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(env.BENCH_WARMUP ?? 3),
};
/** What a browser sends; the store then answers brotli (web/compression.ts). */
const BROWSER_ENCODING = 'gzip, deflate, br';
/** The Accept-Encoding of each pass over the rows (undefined: none sent). */
const encodings = ((choice = env.BENCH_ACCEPT_ENCODING ?? 'both'): (string | undefined)[] =>
  choice === 'both' ? [undefined, BROWSER_ENCODING] : choice === 'none' ? [undefined] : [choice])();

const serverEnv = {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  SEED_ON_START: 'never',
  // The shopping calls' visitors all sign up, then in, and check out from one address.
  AUTH_ATTEMPTS_PER_MINUTE: '1000',
  CHECKOUT_SESSIONS_PER_MINUTE: '100000',
  // Every plugin of the licence rows calls from this one address.
  LICENSE_CHECKS_PER_MINUTE: '1000000',
};
const selected = (name: string) =>
  !env.BENCH_ONLY || env.BENCH_ONLY.split('|').some((part) => name.includes(part));

const log = (line: string) => console.log(line);

// One connection, so the session settings of the load apply to every statement of it.
const openBenchDatabase = () =>
  openDatabase({ databaseUrl, pgliteDir: join(dataDir, 'db'), poolSize: 1 });

/** CREATE DATABASE for a PostgreSQL URL whose database does not exist yet. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function databaseVersion(database: Database): Promise<string> {
  const [row] = await queryRows<{ version: string }>(database.db, sql`select version()`);
  const version = row?.version.match(/^PostgreSQL [\d.]+/)?.[0] ?? 'PostgreSQL';
  return database.driver === 'pglite' ? `PGlite (${version})` : version;
}

async function prepareCatalogue() {
  if (databaseUrl) await ensureDatabase(databaseUrl);
  const database = await openBenchDatabase();
  try {
    await database.migrate();
    await resetShopping(database.db);
    log(`Catalogue: ${products} products in ${databaseUrl ?? join(dataDir, 'db')}`);
    const built = await loadBenchCatalogue(database, products, log);
    if (!built) log('  reusing the catalogue built by an earlier run');
    return { sample: await sampleCatalogue(database.db), version: await databaseVersion(database) };
  } finally {
    await database.close();
  }
}

/**
 * The shopping calls' visitors, signed up through the API on a server started for that alone.
 * Once it has stopped (PGlite opens for one process at a time), the outbox gives their
 * confirmation links and the buyers' paid orders are written as a fixture.
 */
async function enrolVisitors(): Promise<Enrolment> {
  const accounts = [...SHOPPERS, ...BUYERS, ...ADMINS];
  const enrolment = await startServer({ port, env: serverEnv });
  try {
    for (const account of accounts) await signUp(enrolment.url, account);
  } finally {
    await enrolment.stop();
  }
  const database = await openBenchDatabase();
  try {
    const tokens = await confirmationTokens(database.db, accounts);
    // As `npm run admin -- grant` would: the owner's account becomes an admin.
    await database.db.execute(
      sql`update users set role = 'admin' where email in ${ADMINS.map((a) => a.email)}`,
    );
    const seconds = settings.warmupSeconds + settings.durationSeconds;
    const purchases = await insertPaidOrders(
      database.db,
      BUYERS.map((buyer) => buyer.email),
      downloadsPerBuyer(seconds),
    );
    log(`Visitors: ${accounts.length} signed up; ${purchases.length} paid order items`);
    const started = performance.now();
    const orderHistory = pastOrders > 0 ? await insertOrderHistory(database.db, pastOrders) : null;
    const took = ((performance.now() - started) / 1000).toFixed(1);
    log(`Order history: ${pastOrders} past orders (with their items) in ${took} s`);
    return { tokens, purchases, orderHistory };
  } finally {
    await database.close();
  }
}

/** The licence rows' keys, written while no server runs (PGlite opens for one process at once). */
async function licenceFixture() {
  const database = await openBenchDatabase();
  try {
    const licences = await insertLicences(database.db);
    log(`Licences: ${licences.activated.length + licences.fresh.length} keys`);
    return licences;
  } finally {
    await database.close();
  }
}

/**
 * Vacuums what the fixtures rewrote, as autovacuum would in a store: emptying the last run's
 * orders resets every product's sales count (a trigger keeps it equal to the orders'), and the
 * past orders set them again, each leaving a dead version of nearly every product that the
 * reads would otherwise step over (a search read twice the table's pages for it).
 */
async function settleDatabase() {
  const database = await openBenchDatabase();
  try {
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

async function main() {
  const { sample, version } = await prepareCatalogue();
  // The server serves media from DATA_DIR/media; the benchmark requests none, but it must exist.
  mkdirSync(join(dataDir, 'media'), { recursive: true });
  const enrolment = Object.values(SHOPPING_CALLS).some(selected) ? await enrolVisitors() : null;
  const licences = Object.values(LICENCE_CALLS).some(selected) ? await licenceFixture() : null;
  await settleDatabase();
  const server = await startServer({ port, env: serverEnv });
  const results: {
    operation: string;
    path: string;
    acceptEncoding: string | undefined;
    measurement: Measurement;
  }[] = [];
  // PGlite runs inside the server process, so its work counts as the server's there.
  const meter = await cpuMeter(server.pid, databaseUrl);
  try {
    const operations: Operation[] = [
      ...catalogueOperations(sample),
      ...pageOperations(sample),
      ...(enrolment
        ? await commerceOperations(
            server.url,
            enrolment,
            sample.productIds,
            sample.categories.map((c) => c.id),
          )
        : []),
      ...(licences ? licenceOperations(licences) : []),
    ].filter((operation) => selected(operation.name));
    log(
      `Server: ${server.url} (${version}); ${settings.connections} connections, ` +
        `${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s measured\n`,
    );
    const busyBefore = busyMachineWarning();
    if (busyBefore) log(`${busyBefore}\n`);
    await warmUpServer(server.url, operations);
    for (const acceptEncoding of encodings) {
      const rowSettings = { ...settings, acceptEncoding };
      for (const operation of operations) {
        await operation.prepare?.(server.url);
        await warmUp(server.url, operation.nextRequest, rowSettings);
        const loadBefore = oneMinuteLoad();
        const cpuBefore = await meter.start();
        const measurement = await measure(server.url, operation.nextRequest, rowSettings);
        const cpu = await meter.stop(cpuBefore);
        const perRequest = (seconds: number | null) =>
          seconds === null ? null : (seconds * 1000) / Math.max(1, measurement.requests);
        measurement.serverCpuMs = perRequest(cpu.serverSeconds);
        measurement.databaseCpuMs = perRequest(cpu.databaseSeconds);
        measurement.load = { start: loadBefore, end: oneMinuteLoad() };
        log(
          `  ${operation.name}${acceptEncoding ? ' (compressed)' : ''}: ` +
            `${Math.round(measurement.requestsPerSecond)} requests/s`,
        );
        results.push({
          operation: operation.name,
          path: operation.path,
          acceptEncoding,
          measurement,
        });
      }
    }
  } finally {
    await meter.close();
    await server.stop();
  }

  const machine = describeMachine();
  const header = [
    'operation',
    'encoding',
    'requests/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'CPU ms/req',
    'load start–end',
  ];
  const cpuColumn = (m: Measurement) =>
    m.serverCpuMs == null
      ? '—'
      : m.databaseCpuMs == null
        ? m.serverCpuMs.toFixed(2)
        : `${m.serverCpuMs.toFixed(2)} + ${m.databaseCpuMs.toFixed(2)} db`;
  const rows = results.map(({ operation, acceptEncoding, measurement }) => [
    operation,
    acceptEncoding ? 'br' : 'none',
    Math.round(measurement.requestsPerSecond),
    measurement.p50Ms,
    measurement.p99Ms,
    measurement.errors,
    cpuColumn(measurement),
    measurement.load
      ? `${measurement.load.start.toFixed(1)}–${measurement.load.end.toFixed(1)}`
      : '—',
  ]);
  log(
    `\n${products} products on ${version}; ${machine.cores} × ${machine.cpu}, ` +
      `${machine.memoryGb} GB, Node ${machine.node}; encoding br: Accept-Encoding ` +
      `'${BROWSER_ENCODING}', none: no Accept-Encoding; load: the 1-minute load average as ` +
      `the row started and ended\n\n${formatTable(header, rows)}\n`,
  );
  const file = writeResults(`api-${databaseUrl ? 'postgres' : 'pglite'}-${products}`, {
    date: new Date().toISOString(),
    machine,
    database: version,
    products,
    settings: { ...settings, encodings },
    results,
  });
  log(`Written to ${file}`);
}

/**
 * Before the first row, every read row's requests in turn for twice the warm-up: the first row
 * then meets a server as warm (JIT-compiled code, prepared statements, the database's cache) as
 * the rows after it do, which its own short warm-up alone did not give it.
 */
async function warmUpServer(baseUrl: string, operations: Operation[]) {
  const reads = operations.filter((operation) => !operation.prepare);
  if (reads.length === 0) return;
  let turn = 0;
  const nextRequest = () => reads[turn++ % reads.length]!.nextRequest();
  for (const acceptEncoding of encodings) {
    await warmUp(baseUrl, nextRequest, { ...settings, acceptEncoding });
  }
  await warmUp(baseUrl, nextRequest, settings);
}

await main();
