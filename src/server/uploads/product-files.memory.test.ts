import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { signedInAdmin } from '#tests/support/auth-client';
import { tusClient } from '#tests/support/upload-client';
import { UPLOAD_KEY_PREFIX } from './upload-store';

/**
 * How much the memory test uploads: the 2 GB (about 12 s on a 2-core machine). A
 * slower runner can set less, e.g. `UPLOAD_TEST_BYTES=536870912` for 512 MB.
 */
const BYTES = Number(process.env.UPLOAD_TEST_BYTES ?? 2 * 1024 * 1024 * 1024);
const CHUNK = 1024 * 1024;
/** The bound on what a streamed upload may add to the server's memory. */
const MAX_RSS_GROWTH = 100 * 1024 * 1024;

/**
 * A generated file, made chunk by chunk as the request reads it (never held whole), with the
 * SHA-256 of what it sent so far.
 */
function generatedFile(size: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const length = Math.min(CHUNK, size - sent);
      const chunk = Buffer.allocUnsafe(length);
      // Distinct bytes per chunk, so a chunk written twice or out of place changes the hash.
      chunk.fill(sent / CHUNK);
      chunk.writeUInt32LE(sent / CHUNK, 0);
      hash.update(chunk);
      controller.enqueue(chunk);
      sent += length;
      if (sent === size) controller.close();
    },
  });
  return { body, sha256: () => hash.digest('hex') };
}

describe('a large product file upload', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    // The generated file is large: it does not outlive the test.
    await rm(join(ctx.dirs.filesDir, UPLOAD_KEY_PREFIX), { recursive: true, force: true });
    await ctx.close();
  });

  it(`streams ${BYTES} bytes to storage while the server's memory grows by < 100 MB`, async () => {
    const { browser } = await signedInAdmin(ctx, 'owner@example.com');
    const tus = tusClient(ctx, browser.cookieHeader());
    const { url } = await tus.create(BYTES, { filename: 'big-pack.zip' });
    const file = generatedFile(BYTES);

    global.gc?.();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 50);
    const started = performance.now();
    const response = await tus.patch(url, 0, file.body).finally(() => clearInterval(sampler));
    peak = Math.max(peak, process.memoryUsage.rss());
    const seconds = (performance.now() - started) / 1000;

    expect(response.status).toBe(200);
    const { upload } = (await response.json()) as { upload: { id: string; sha256: string } };
    expect(upload.sha256).toBe(file.sha256());
    const stored = await stat(join(ctx.dirs.filesDir, UPLOAD_KEY_PREFIX, upload.id));
    expect(stored.size).toBe(BYTES);
    console.info(
      `uploaded ${BYTES} bytes in ${seconds.toFixed(1)} s; RSS grew ${((peak - baseline) / 1048576).toFixed(1)} MB`,
    );
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH);
  }, 600_000);
});
