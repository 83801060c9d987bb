/**
 * A store of the journey's own, on its own port and data, which the journey can stop and start:
 * as an owner does to run `npm run admin` next to the embedded database. On the PostgreSQL server
 * of TEST_DATABASE_URL when it is set (a fresh database), else PGlite in a temporary folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recreateDatabase } from '../support/test-database';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
/** An entry point of the build the journeys run on (`npm test` and `npm run test:e2e` make it). */
const built = (name: 'main' | 'seed' | 'admin') => [
  '--enable-source-maps',
  'scripts/run-built.mjs',
  name,
];

export async function privateStore(port: number, settings: NodeJS.ProcessEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'loopmarket-admin-e2e-'));
  // Without the demo catalogue (SEED_ON_START=never) nothing else makes the media folder.
  mkdirSync(join(dataDir, 'media'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'never',
    AUTH_ATTEMPTS_PER_MINUTE: '1000',
    // The journey's own settings (single sign-on providers, say).
    ...settings,
  };
  if (process.env.TEST_DATABASE_URL) {
    env.DATABASE_URL = await recreateDatabase(
      process.env.TEST_DATABASE_URL,
      `loopmarket_e2e_admin_${port}`,
    );
  }
  let server: ChildProcess | null = null;

  return {
    url: `http://localhost:${port}`,
    /** Whether it runs on the embedded database (the admin command then needs it stopped). */
    embedded: !env.DATABASE_URL,
    async start() {
      // As `npm start` runs it (the build, in this process), so a stop's SIGTERM reaches it.
      server = spawn(process.execPath, built('main'), {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      for (let attempt = 0; attempt < 240; attempt++) {
        const healthy = await fetch(`http://localhost:${port}/api/health`)
          .then((answer) => answer.ok)
          .catch(() => false);
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the store on port ${port} did not start`);
    },
    async stop() {
      const running = server;
      server = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    /** A tsx script of the tests' with the store's settings (its database, as the store's). */
    script(path: string, ...args: string[]) {
      const run = spawnSync(TSX, [path, ...args], { env, encoding: 'utf8' });
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    },
    /** `npm run seed` with the store's settings: the demo catalogue (stop an embedded store first). */
    seed() {
      const run = spawnSync(process.execPath, built('seed'), { env, encoding: 'utf8' });
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    },
    /** `npm run admin -- <args>` with the store's settings. */
    admin(...args: string[]) {
      const run = spawnSync(process.execPath, [...built('admin'), ...args], {
        env,
        encoding: 'utf8',
      });
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    },
  };
}
