/**
 * `npm run test:cluster`: the store as several servers on one PostgreSQL database and one S3
 * store, behind nginx, with the journeys of tests/cluster run across them (issue 35 item 3).
 *
 * It starts, in a temporary folder: a fresh database on the server of TEST_DATABASE_URL, the S3
 * server the tests use, two built web servers started at the same moment with RUN_WORKERS=false
 * (they must migrate once between them), one worker, and nginx (Debian's package, installed when
 * missing) in front of both servers. Playwright then runs tests/cluster/playwright.config.ts
 * against nginx's address, with each server's own address and pid in CLUSTER_* variables for the
 * journeys that cross them or stop one. Everything stops and the database is dropped at the end;
 * the exit code is Playwright's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startS3TestServer } from '../support/s3-test-server';
import { freePort, repoRoot } from '../support/server-process';
import { adminQuery, recreateDatabase } from '../support/test-database';
import { clusterEnvNames as names } from './cluster-env';
import { nginxConfig } from './nginx-config';

const started = Date.now();
const say = (line: string) =>
  console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message: string): never {
  console.error(`test:cluster: ${message}`);
  process.exit(1);
}

/** Debian's nginx, installed with apt-get when it is missing. */
function ensureNginx() {
  if (spawnSync('nginx', ['-v']).status === 0) return;
  say("nginx is missing: installing Debian's package (apt-get install -y nginx)");
  const install = spawnSync('apt-get', ['install', '-y', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0 || spawnSync('nginx', ['-v']).status !== 0) {
    fail(
      'nginx is not installed and `apt-get install -y nginx` failed (it needs root and the Debian ' +
        'package lists: run `apt-get update && apt-get install -y nginx` yourself).',
    );
  }
}

/** A process of the cluster, its output in a log file of the run's folder. */
interface Member {
  name: string;
  child: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

function startMember(name: string, args: string[], env: NodeJS.ProcessEnv, dir: string): Member {
  const log = join(dir, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(args[0]!, args.slice(1), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { name, child, log, exited };
}

async function waitForLive(member: Member, url: string) {
  for (let waited = 0; waited < 90_000; waited += 200) {
    const live = await fetch(`${url}/api/health/live`).catch(() => null);
    if (live?.ok) return;
    if (member.child.exitCode !== null || member.child.signalCode !== null) break;
    await sleep(200);
  }
  console.error(readFileSync(member.log, 'utf8'));
  throw new Error(`${member.name} did not start (its log is above)`);
}

async function stopMember(member: Member) {
  if (member.child.exitCode !== null || member.child.signalCode !== null) return;
  member.child.kill('SIGTERM');
  const done = await Promise.race([
    member.exited.then(() => true),
    sleep(20_000).then(() => false),
  ]);
  if (!done) member.child.kill('SIGKILL');
}

/** How many migrations the database records as applied, and how many the build ships. */
async function migrationCounts(databaseUrl: string) {
  const journal = JSON.parse(
    readFileSync(join(repoRoot, 'dist/server/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    return { applied: Number(rows[0]!.n), shipped: journal.entries.length };
  } finally {
    await client.end();
  }
}

ensureNginx();
// The servers run the build (scripts/run-built.mjs), made afresh so they run this checkout's
// code; CLUSTER_BUILD=reuse keeps an existing one (when rerunning a journey).
const built = existsSync(join(repoRoot, 'dist/server/main.js'));
if (!built || process.env.CLUSTER_BUILD !== 'reuse') {
  say('building (npm run build)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed');
}

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const databaseName = `loopmarket_cluster_${randomBytes(5).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'loopmarket-cluster-'));
const members: Member[] = [];
let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
let databaseUrl: string | undefined;
let exitCode = 1;

async function tearDown() {
  await Promise.all(members.map(stopMember));
  await s3?.server.close().catch(() => undefined);
  if (databaseUrl) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(
      (err: Error) => console.error(`could not drop ${databaseName}: ${err.message}`),
    );
  }
}
// Ctrl-C stops the cluster rather than leaving servers and nginx running.
process.once('SIGINT', () => void tearDown().then(() => process.exit(130)));

try {
  databaseUrl = await recreateDatabase(serverUrl, databaseName);
  s3 = await startS3TestServer();
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const proxyUrl = `http://localhost:${proxyPort}`;
  const shared = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: proxyUrl,
    // nginx appends the client's address to X-Forwarded-For (nginx-config.ts); the store reads
    // its last entry.
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    RUN_WORKERS: 'false',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: 'info',
    // Every journey signs in and checks out from this machine; the per-address limits the
    // journeys prove (newsletter signups) are not these.
    AUTH_ATTEMPTS_PER_MINUTE: '1000',
    CHECKOUT_SESSIONS_PER_MINUTE: '1000',
  };
  const node = [process.execPath, '--enable-source-maps', 'scripts/run-built.mjs'];
  // Each server has a data folder of its own (the demo media it writes on start): the servers
  // share nothing but the database and the S3 store.
  const serverEnv = (port: number, name: string) => ({
    ...shared,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, `data-${name}`),
  });

  say(`database ${databaseName}; S3 at ${s3.settings.endpoint}`);
  say(`starting servers a (:${portA}) and b (:${portB}) together, and the worker`);
  const a = startMember('server-a', [...node, 'main'], serverEnv(portA, 'a'), dir);
  const b = startMember('server-b', [...node, 'main'], serverEnv(portB, 'b'), dir);
  members.push(a, b);
  await Promise.all([
    waitForLive(a, `http://127.0.0.1:${portA}`),
    waitForLive(b, `http://127.0.0.1:${portB}`),
  ]);
  const worker = startMember(
    'worker',
    [...node, 'worker'],
    { ...shared, DATA_DIR: join(dir, 'data-worker') },
    dir,
  );
  members.push(worker);

  const migrations = await migrationCounts(databaseUrl);
  say(`migrations: ${migrations.applied} applied for ${migrations.shipped} in the journal`);
  if (migrations.applied !== migrations.shipped) {
    throw new Error(
      `two servers starting together applied ${migrations.applied} migrations for ${migrations.shipped}`,
    );
  }

  const nginxDir = join(dir, 'nginx');
  mkdirSync(join(nginxDir, 'temp'), { recursive: true });
  const conf = join(nginxDir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir: nginxDir, port: proxyPort, upstreams: [portA, portB] }));
  const nginx = startMember(
    'nginx',
    ['nginx', '-p', nginxDir, '-c', conf, '-g', 'daemon off;'],
    process.env,
    dir,
  );
  members.push(nginx);
  await waitForLive(nginx, proxyUrl);
  say(`nginx at ${proxyUrl}; running the journeys (logs in ${dir})`);

  // Not spawnSync: this process must go on serving S3 and noticing its children exit (a stopped
  // server left unreaped would still look alive to the journey that stops it).
  const journeys = spawn(
    'npx',
    [
      'playwright',
      'test',
      '--config',
      'tests/cluster/playwright.config.ts',
      ...process.argv.slice(2),
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        [names.proxyUrl]: proxyUrl,
        [names.serverA]: `http://localhost:${portA}`,
        [names.serverB]: `http://localhost:${portB}`,
        [names.pidA]: String(a.child.pid),
        [names.pidB]: String(b.child.pid),
        [names.accessLog]: join(nginxDir, 'access.log'),
        [names.errorLog]: join(nginxDir, 'error.log'),
        [names.serverEnv]: JSON.stringify({ ...shared, DATA_DIR: join(dir, 'data-cli') }),
      },
    },
  );
  exitCode = await new Promise<number>((resolve) =>
    journeys.once('exit', (code) => resolve(code ?? 1)),
  );
  // The worker answers no HTTP: its being alive to the end is what it shows here.
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) {
    console.error(readFileSync(worker.log, 'utf8'));
    throw new Error('the worker stopped during the journeys (its log is above)');
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  exitCode = 1;
} finally {
  await tearDown();
  if (exitCode === 0) rmSync(dir, { recursive: true, force: true });
  else console.error(`test:cluster: the processes' logs are kept in ${dir}`);
  say(`done, exit code ${exitCode}`);
}
process.exit(exitCode);
