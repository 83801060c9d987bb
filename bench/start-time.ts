/**
 * `npm run bench:start`: how long the compiled server (`npm run start:prod`, after `npm run build`)
 * takes from `node` starting to its first 200 from /api/health, on PostgreSQL: a first start on a
 * fresh database (every migration applied), then starts on that database as it is left.
 *
 *   BENCH_POSTGRES_URL   the PostgreSQL server (postgres://root@127.0.0.1:5432/postgres); the
 *                        database loopmarket_bench_start on it is dropped and created anew
 *   BENCH_RESTARTS       starts measured on the migrated database (5)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const env = process.env;
const serverUrl = env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const restarts = Number(env.BENCH_RESTARTS ?? 5);
const NAME = 'loopmarket_bench_start';
const PORT = 3917;

if (!existsSync('dist/server/main.js')) {
  console.error('dist/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * CPU milliseconds a process has used (Linux's /proc): unlike the wall time, the same on a busy
 * machine as on a quiet one. 0 where /proc is missing.
 */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface Start {
  /** Milliseconds from spawning `node dist/server/main.js` to the first 200 of /api/health. */
  wall: number;
  /** CPU milliseconds the server used by then. */
  cpu: number;
}

async function timeToHealthy(databaseUrl: string, dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', resolve('dist/server/main.js')], {
    env: {
      PATH: env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'loopmarket-start-bench-secret-not-for-production',
      PAYMENTS_TEST_MODE: 'true',
      MAIL_OUTBOX_ONLY: 'true',
      SEED_ON_START: 'never',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`).catch(() => null);
      if (response?.status === 200) {
        return { wall: performance.now() - started, cpu: cpuMs(child.pid!) };
      }
      if (performance.now() - started > 60_000) throw new Error('no 200 from /api/health in 60 s');
      await sleep(5);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-bench-start-'));
try {
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${NAME}`);
  const url = new URL(serverUrl);
  url.pathname = `/${NAME}`;
  const first = await timeToHealthy(url.toString(), dataDir);
  const later: Start[] = [];
  for (let i = 0; i < restarts; i++) later.push(await timeToHealthy(url.toString(), dataDir));
  const ms = (value: number) => `${Math.round(value)} ms`;
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `median ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)} (${ms(sorted[0] ?? 0)} to ${ms(sorted.at(-1) ?? 0)})`;
  };
  console.log(`node dist/server/main.js to /api/health 200, PostgreSQL (${url.host}),`);
  console.log(`1-minute load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}:`);
  console.log(
    `  fresh database (every migration applied): ${ms(first.wall)}, CPU ${ms(first.cpu)}`,
  );
  console.log(
    `  migrated database, ${restarts} starts: ${spread(later.map((start) => start.wall))}`,
  );
  console.log(`    CPU: ${spread(later.map((start) => start.cpu))}`);
} finally {
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
