import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '#shared/health';
import { openDatabase, type Database } from '#server/db/client';
import { readJournal } from '#server/health/migrations-check';
import { createCategory, createProduct } from '#tests/support/factories';
import { freePort } from '#tests/support/server-process';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';
import { checkProdDeps } from '../../scripts/check-prod-deps.mjs';

/**
 * The production build as an operator runs it: `npm run start:prod` (plain `node` on dist/, no
 * tsx, no build step) serves the API and the server-rendered pages, on embedded PGlite or on the
 * PostgreSQL server of TEST_DATABASE_URL, and nothing the built code imports is a dev dependency,
 * so `npm ci --omit=dev` installs all it needs. `npm test` builds before Vitest runs; a lone
 * `vitest run` without a build skips these (in CI a missing build fails them instead).
 */
const repo = resolve(import.meta.dirname, '../..');
const built = ['dist/server/main.js', 'dist/ssr/entry-server.js', 'dist/web/index.html'].every(
  (file) => existsSync(join(repo, file)),
);
const skip = !built && !process.env.CI;
if (skip) {
  console.warn(
    'tests/production: no build in dist/ (run `npm run build`; `npm test` builds first). ' +
      'The production build tests were SKIPPED.',
  );
}

/** The command of `npm run start:prod` (or another script), as package.json has it. */
function startProdCommand(script = 'start:prod'): string[] {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = manifest.scripts[script]!.split(' ');
  expect(program).toBe('node');
  return args;
}

const HEALTH_TOKEN = 'production-build-health-token';

describe.skipIf(skip)('the production build', () => {
  let dataDir = '';
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `loopmarket_prod_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  let server: ChildProcess | undefined;
  let output = '';
  let url = '';
  let productId = '';

  /** The database as the server will open it: a fresh one on PostgreSQL, PGlite in DATA_DIR. */
  const open = (): Promise<Database> =>
    openDatabase({ databaseUrl, pgliteDir: join(dataDir, 'db'), poolSize: 2 });

  async function addProduct(database: Database) {
    const category = await createCategory(database.db, { name: 'Tape Machines' });
    const product = await createProduct(database.db, {
      name: 'Reel Saturation Kit',
      categoryId: category.id,
    });
    productId = String(product.id);
  }

  /** Only what the store is given here: nothing of this shell's environment but PATH. */
  const settings = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    AUTH_SECRET: 'production-build-test-secret-0123456789',
    HEALTH_TOKEN,
    PAYMENTS_TEST_MODE: 'true',
    MAIL_OUTBOX_ONLY: 'true',
    SEED_ON_START: 'never',
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-prod-'));
    if (serverUrl) {
      databaseUrl = await recreateDatabase(serverUrl, databaseName);
    } else {
      // PGlite is one process's: the product goes in before the server opens it. The server's
      // own migration run then finds every migration applied (it still reads them all).
      const database = await open();
      await database.migrate();
      await addProduct(database);
      await database.close();
    }
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, startProdCommand(), {
      cwd: repo,
      env: { ...settings(), HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    for (;;) {
      if (server.exitCode !== null) {
        throw new Error(`npm run start:prod exited with code ${server.exitCode}:\n${output}`);
      }
      const ready = await fetch(`${url}/api/health/ready`).catch(() => null);
      if (ready?.ok) break;
      await sleep(100);
    }
    if (databaseUrl) {
      // PostgreSQL: the built server migrated the fresh database; the product goes in beside it.
      const database = await open();
      await addProduct(database);
      await database.close();
    }
    // Migrating a fresh database and starting the built server: more than a minute on a loaded
    // 2-core machine (CI runs it beside the browser journeys, at a lower priority).
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      // An idle server stops at once; a stuck one must not keep the run waiting.
      const killer = setTimeout(() => server!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    if (serverUrl)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the health check with every migration of its journal applied', async () => {
    const response = await fetch(`${url}/api/health`, {
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const report = (await response.json()) as HealthReport;
    expect(report.database).toMatchObject({
      status: 'ok',
      driver: serverUrl ? 'postgres' : 'pglite',
    });
    const journal = readJournal();
    expect(report.migrations).toMatchObject({
      status: 'ok',
      applied: journal.length,
      expected: journal.length,
      expectedTag: journal.at(-1)!.tag,
    });
  });

  it('serves a product page rendered on the server from dist/ssr', async () => {
    const response = await fetch(`${url}/products/${productId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Reel Saturation Kit<\/h1>/);
    // The browser's build: the page loads the app's entry from dist/web.
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect((await fetch(`${url}${entry}`)).status).toBe(200);
  });

  // The worker shares a PostgreSQL database with the servers; on PGlite it refuses to start.
  it.runIf(serverUrl)(
    'runs the background worker (npm run worker:prod) until SIGTERM, then exits 0',
    async () => {
      const worker = spawn(process.execPath, startProdCommand('worker:prod'), {
        cwd: repo,
        env: { ...settings(), LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      worker.stdout!.on('data', (chunk) => (said += chunk));
      worker.stderr!.on('data', (chunk) => (said += chunk));
      const exited = new Promise<number | null>((done) => worker.once('exit', done));
      try {
        while (!said.includes('running its background work')) {
          if (worker.exitCode !== null) throw new Error(`the worker exited early:\n${said}`);
          await sleep(100);
        }
        worker.kill('SIGTERM');
        expect(await exited, said).toBe(0);
        expect(said).toMatch(/"msg":"stopped"/);
      } finally {
        if (worker.exitCode === null) worker.kill('SIGKILL');
      }
    },
  );

  it('imports only production dependencies', () => {
    const { packages, problems } = checkProdDeps();
    expect(problems).toEqual([]);
    // The walk found the server's imports (an empty list would pass the check above).
    expect(packages).toEqual(expect.arrayContaining(['hono', 'drizzle-orm', 'react-dom']));
    expect(packages).not.toContain('tsx');
  });
});

describe('npm run start:prod without a build', () => {
  it('exits with code 1 and says to build first', async () => {
    // An entry no build has: the same check that meets a checkout never built.
    const [flag, script] = startProdCommand();
    const run = promisify(execFile);
    const failure = await run(process.execPath, [flag!, script!, 'not-built-entry'], {
      cwd: repo,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain(
      'Loopmarket is not built: ' + join(repo, 'dist/server/not-built-entry.js'),
    );
    expect((failure as { stderr: string }).stderr).toContain('npm run build');
  });
});
