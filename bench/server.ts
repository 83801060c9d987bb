import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Long enough for a first start that migrates a database and loads the demo catalogue. */
const START_TIMEOUT_MS = 180_000;

/**
 * The production server (`NODE_ENV=production`, the same entry point as `npm start`) in its own
 * process, with the settings given; resolves once /api/health answers.
 */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  /** Where the server runs (it serves <cwd>/dist/web); this checkout by default. */
  cwd?: string;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  // A server left running by an earlier bench would answer in place of this one (which could
  // not listen), with its own build and settings: refuse rather than measure the wrong one.
  const earlier = await fetch(`${url}/api/health/live`).catch(() => null);
  if (earlier) {
    throw new Error(`something already answers on ${url}: stop it (an earlier bench's server?)`);
  }
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there as it stops (open it
      // in Chrome's DevTools), to see where a row's time goes.
      ...(process.env.BENCH_CPU_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROFILE)}`]
        : []),
      '--import',
      import.meta.resolve('tsx'),
      resolve('src/server/main.ts'),
    ],
    {
      cwd: options.cwd,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        PUBLIC_URL: url,
        AUTH_SECRET: 'loopmarket-benchmark-secret-not-for-production-use',
        // The bench's shoppers pay with the test processor and read their mail from the outbox.
        PAYMENTS_TEST_MODE: 'true',
        MAIL_OUTBOX_ONLY: 'true',
        LOG_LEVEL: 'warn',
        // The path aliases (#server/…) come from this checkout's tsconfig, wherever the server runs.
        TSX_TSCONFIG_PATH: resolve('tsconfig.json'),
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s`);
    }
    await sleep(250);
  }

  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      // A graceful stop: the server answers what a load test left in flight, then closes its pool.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
