/**
 * "Download everything" speed and memory (issue 32: a 1 GB archive from local disk at ≥ 80% of
 * `cat`'s throughput on the same files; the server's RSS within +100 MB for a 3 GB archive).
 *
 * Writes ARCHIVE_GB (default 1) GiB of files in 128 MiB pieces into a fresh data folder, records a
 * guest's completed order of them, starts the production server on it, asks for the order's
 * archive, then times `cat` of the files to /dev/null against `curl` of the archive to
 * /dev/null (best of RUNS), sampling the server's RSS meanwhile: from a warm page cache (memory
 * speed, which no HTTP stream reaches), and, where this user may drop the page cache (root), from
 * the disk itself, each run after `echo 3 > /proc/sys/vm/drop_caches`: the storage's own speed.
 *
 *   npm run bench:archive            ARCHIVE_GB=3 npm run bench:archive
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import {
  orderItems,
  orders,
  productFiles,
  productVersions,
  products,
} from '../src/server/db/schema';
import { guestOrderToken } from '../src/server/orders/guest-access';
import { signFileToken } from '../src/server/storage/file-token';
import { startServer } from './server';

const GIB = 2 ** 30;
const PIECE = 128 * 2 ** 20;
const gigabytes = Number(process.env.ARCHIVE_GB ?? 1);
const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3321);
const secret = 'loopmarket-benchmark-secret-not-for-production-use';
const dataDir = mkdtempSync(join(tmpdir(), 'lm-archive-bench-'));
const filesDir = join(dataDir, 'files');
const log = (line: string) => console.log(line);

/** The file set: `gigabytes` GiB in 128 MiB files (random 8 MiB blocks, so nothing is sparse). */
function writeFiles(): string[] {
  mkdirSync(join(filesDir, 'products'), { recursive: true });
  const block = Buffer.alloc(8 * 2 ** 20);
  const keys: string[] = [];
  for (let i = 0; i < Math.round((gigabytes * GIB) / PIECE); i++) {
    const key = `products/bench-${i}.wav`;
    const fd = openSync(join(filesDir, key), 'w');
    for (let written = 0; written < PIECE; written += block.length) {
      randomFillSync(block, 0, 4096);
      writeSync(fd, block);
    }
    closeSync(fd);
    keys.push(key);
  }
  return keys;
}

/** One product a file, a guest's COMPLETED order of all of them; its id. */
async function recordOrder(keys: string[]): Promise<string> {
  const database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
  try {
    await database.migrate();
    const { db } = database;
    const [order] = await db
      .insert(orders)
      .values({
        email: 'bench@example.com',
        checkoutType: 'direct',
        subtotalCents: 0,
        taxCents: 0,
        totalCents: 0,
        provider: 'local',
        status: 'COMPLETED',
        completedAt: new Date(),
      })
      .returning();
    for (const [i, key] of keys.entries()) {
      const [product] = await db
        .insert(products)
        .values({
          name: `Bench Pack ${i + 1}`,
          description: 'bench',
          priceCents: 100,
          metadata: {},
        })
        .returning();
      const [version] = await db
        .insert(productVersions)
        .values({ productId: product!.id, version: '1.0.0' })
        .returning();
      await db.insert(productFiles).values({
        productId: product!.id,
        versionId: version!.id,
        fileKey: key,
        fileName: `Bench Pack ${i + 1}.wav`,
        fileSize: PIECE,
      });
      await db.insert(orderItems).values({
        orderId: order!.id,
        productId: product!.id,
        quantity: 1,
        unitPriceCents: 100,
        downloadsRemaining: 100,
      });
    }
    return order!.id;
  } finally {
    await database.close();
  }
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const best = (times: number[]) => Math.min(...times);

/** Empties the page cache so the next read comes from the disk; false where not allowed. */
function dropPageCache(): boolean {
  return spawnSync('sh', ['-c', 'sync && echo 3 > /proc/sys/vm/drop_caches']).status === 0;
}

function timeCat(paths: string[]) {
  const started = performance.now();
  const result = spawnSync('sh', ['-c', 'cat "$@" > /dev/null', 'cat', ...paths]);
  if (result.status !== 0) throw new Error(`cat failed: ${result.stderr}`);
  return (performance.now() - started) / 1000;
}

/** curl of the archive to /dev/null, the server's RSS sampled every 20 ms meanwhile. */
async function timeFetch(url: string, pid: number) {
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download}',
      url,
    ]);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`curl exited ${code}`)),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, out, peak: Math.max(peak, rssOf(pid)) };
}

log(`Writing ${gigabytes} GiB of files in ${dataDir} …`);
const keys = writeFiles();
const paths = keys.map((key) => join(filesDir, key));
const orderId = await recordOrder(keys);
const server = await startServer({
  port,
  env: { DATA_DIR: dataDir, AUTH_SECRET: secret, SEED_ON_START: 'never' },
});
try {
  const token = guestOrderToken({ current: secret, previous: [] }, orderId);
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/guest-orders/${token}/archive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{}',
    });
    if (!response.ok) throw new Error(`archive: ${response.status} ${await response.text()}`);
    const link = (await response.json()) as { url: string; totalBytes: number };
    return { ...link, ms: performance.now() - started };
  };
  const first = await ask();
  const second = await ask();
  log(
    `POST archive: ${first.ms.toFixed(0)} ms the first time (CRC-32s read from the files and kept), ${second.ms.toFixed(0)} ms once known`,
  );

  timeCat(paths); // warm the page cache
  const cat: number[] = [];
  for (let i = 0; i < runs; i++) cat.push(timeCat(paths));
  const baseline = rssOf(server.pid);
  const fetched: number[] = [];
  let peak = baseline;
  for (let i = 0; i < runs; i++) {
    const run = await timeFetch(second.url, server.pid);
    const [status, size] = run.out.split(' ');
    if (status !== '200' || Number(size) !== second.totalBytes) {
      throw new Error(`GET archive: status ${status}, ${size} bytes of ${second.totalBytes}`);
    }
    fetched.push(run.seconds);
    peak = Math.max(peak, run.peak);
  }
  // The same files through the store's single-file links (GET /api/files/:token), one after
  // another: what this server and curl reach over HTTP on this machine without any archive.
  const keysOf = { current: secret, previous: [] };
  const singles: number[] = [];
  for (let i = 0; i < runs; i++) {
    let seconds = 0;
    for (const key of keys) {
      const fileToken = signFileToken(keysOf, {
        key,
        fileName: 'x.wav',
        exp: Date.now() + 600_000,
      });
      seconds += (await timeFetch(`${server.url}/api/files/${fileToken}`, server.pid)).seconds;
    }
    singles.push(seconds);
  }
  const bytes = gigabytes * GIB;
  const singleRate = bytes / best(singles) / 2 ** 20;
  const catRate = bytes / best(cat) / 2 ** 20;
  const httpRate = second.totalBytes / best(fetched) / 2 ** 20;
  log(
    `cat of the files:      ${catRate.toFixed(0)} MB/s (best of ${runs}: ${best(cat).toFixed(2)} s)`,
  );
  log(
    `archive over HTTP:     ${httpRate.toFixed(0)} MB/s (best of ${runs}: ${best(fetched).toFixed(2)} s, ${second.totalBytes} bytes)`,
  );
  log(
    `single-file links:     ${singleRate.toFixed(0)} MB/s (the same files one by one, best of ${runs})`,
  );
  log(
    `ratio:                 ${((100 * httpRate) / catRate).toFixed(0)}% of cat (goal ≥ 80%), ${((100 * httpRate) / singleRate).toFixed(0)}% of single-file links`,
  );
  log(
    `server RSS:            ${mb(baseline)} MB before, ${mb(peak)} MB at most while streaming: +${mb(peak - baseline)} MB (goal ≤ +100 MB)`,
  );
  if (dropPageCache()) {
    const coldCat: number[] = [];
    const coldFetch: number[] = [];
    for (let i = 0; i < runs; i++) {
      dropPageCache();
      coldCat.push(timeCat(paths));
      dropPageCache();
      const run = await timeFetch(second.url, server.pid);
      if (!run.out.startsWith('200 ')) throw new Error(`GET archive (cold): ${run.out}`);
      coldFetch.push(run.seconds);
    }
    const coldCatRate = bytes / best(coldCat) / 2 ** 20;
    const coldHttpRate = second.totalBytes / best(coldFetch) / 2 ** 20;
    log(
      `from disk (cold cache): cat ${coldCatRate.toFixed(0)} MB/s, archive ${coldHttpRate.toFixed(0)} MB/s: ${((100 * coldHttpRate) / coldCatRate).toFixed(0)}% of cat (goal ≥ 80%)`,
    );
  } else {
    log('from disk (cold cache): not measured (dropping the page cache needs root)');
  }
} finally {
  await server.stop();
  if (!process.env.KEEP_BENCH_FILES) rmSync(dataDir, { recursive: true, force: true });
}
