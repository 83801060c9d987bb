/**
 * `npm run bench:pack-extraction [-- --gb 2 --items 1500]`: what reading a pack's ZIP costs the
 * server (server/packs). Builds a ZIP of `items` stored WAVs totalling `gb` GB on disk (streamed:
 * a one-second block of sound repeated, never a whole file in memory), lets the extraction
 * worker read it from local storage in the real app, and meanwhile asks the app for the
 * catalogue every 100 ms. Prints the time, the largest RSS growth over the app's baseline, the
 * requests' latency and the event loop's longest wait.
 */
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { packExtractions, packItems, products } from '#server/db/schema';
import { eq } from 'drizzle-orm';
import { createCategory } from '#tests/support/factories';
import { workerFor } from '#tests/support/pack-extraction-client';
import { sineSamples, wavHeader, zipStream } from '#tests/support/pack-zips';
import { createTestContext } from '#tests/support/test-app';

const { values } = parseArgs({
  options: { gb: { type: 'string', default: '2' }, items: { type: 'string', default: '1500' } },
});
const totalBytes = Math.round(Number(values.gb) * 1024 ** 3);
const itemCount = Number(values.items);
const RATE = 44100;
const MB = 1024 * 1024;

/** A mono WAV of `dataBytes` bytes of sound: one second's samples, repeated. */
function wavOf(dataBytes: number, block: Buffer): Readable {
  return Readable.from(
    (function* () {
      yield wavHeader({ seconds: 0, rate: RATE }, dataBytes);
      for (let at = 0; at < dataBytes; at += block.length) {
        yield block.subarray(0, Math.min(block.length, dataBytes - at));
      }
    })(),
  );
}

async function buildZip(path: string) {
  if (existsSync(path)) return;
  const block = sineSamples(0, RATE, RATE, 0.5);
  const dataBytes = Math.floor(totalBytes / itemCount / 2) * 2;
  const header = wavHeader({ seconds: 0, rate: RATE }, dataBytes).length;
  const items = Array.from({ length: itemCount }, (_, i) => ({
    name: `Bench Pack/Loops ${Math.floor(i / 100)}/Loop ${i + 1} Am ${90 + (i % 60)}bpm.wav`,
    stream: wavOf(dataBytes, block),
    size: header + dataBytes,
  }));
  await pipeline(zipStream(items), createWriteStream(`${path}.part`));
  const { rename } = await import('node:fs/promises');
  await rename(`${path}.part`, path);
}

const ctx = await createTestContext();
const key = `bench/pack-${values.gb}gb-${itemCount}.zip`;
const zipPath = join(ctx.dirs.filesDir, key);
await mkdir(join(ctx.dirs.filesDir, 'bench'), { recursive: true });
const cached = join(tmpdir(), `loopmarket-bench-pack-${values.gb}gb-${itemCount}.zip`);
const buildStarted = performance.now();
await buildZip(cached);
const { symlink } = await import('node:fs/promises');
await symlink(cached, zipPath);
console.log(
  `ZIP: ${(statSync(cached).size / 1024 ** 3).toFixed(2)} GB, ${itemCount} stored WAVs` +
    ` (${((performance.now() - buildStarted) / 1000).toFixed(0)} s to build or reuse ${cached})`,
);

const category = await createCategory(ctx.database.db, { slug: 'sample-packs' });
const [product] = await ctx.database.db
  .insert(products)
  .values({
    name: 'Bench Pack',
    description: 'A generated pack',
    priceCents: 1900,
    metadata: {},
    status: 'active',
    categoryId: category.id,
    fileKey: key,
    fileName: 'bench.zip',
  })
  .returning();
await ctx.database.db.insert(packExtractions).values({ productId: product!.id, fileKey: key });

// The app warmed up: the baseline is a server that has answered requests.
for (let i = 0; i < 20; i++) await ctx.app.request('/api/products?limit=24');
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const rssTimer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const latencies: number[] = [];
let running = true;
const requests = (async () => {
  while (running) {
    const started = performance.now();
    const response = await ctx.app.request('/api/products?limit=24');
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();

const started = performance.now();
// Each wait of the event loop past 100 ms, and when in the run it came.
const stalls: string[] = [];
let lastTick = performance.now();
const tick = setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 100) {
    stalls.push(
      `${(now - lastTick).toFixed(0)} ms at ${((lastTick - started) / 1000).toFixed(1)} s`,
    );
  }
  lastTick = now;
}, 5);
const worker = workerFor(ctx);
await worker.drainOnce();
const seconds = (performance.now() - started) / 1000;
running = false;
clearInterval(tick);
await requests;
clearInterval(rssTimer);
loop.disable();

const [job] = await ctx.database.db
  .select()
  .from(packExtractions)
  .where(eq(packExtractions.productId, product!.id));
const listed = await ctx.database.db
  .select({ id: packItems.id })
  .from(packItems)
  .where(eq(packItems.productId, product!.id));
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
console.log(
  `extraction: ${job?.status}${job?.error ? ` (${job.error})` : ''}, ${listed.length} items in ${seconds.toFixed(1)} s (${(listed.length / seconds).toFixed(0)} items/s, ${(statSync(cached).size / MB / seconds).toFixed(0)} MB/s)`,
);
console.log(
  `RSS: baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth +${((peak - baseline) / MB).toFixed(0)} MB (limit +150 MB)`,
);
console.log(
  `GET /api/products during it: ${latencies.length} requests, p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms; event loop longest wait ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms)`,
);
console.log(`event loop waits past 100 ms: ${stalls.join(', ') || 'none'}`);
await ctx.close();
