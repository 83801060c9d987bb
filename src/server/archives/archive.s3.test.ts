import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger';
import { signedInBrowser } from '#tests/support/auth-client';
import {
  completedOrder,
  fetchArchive,
  productWithFile,
  productWithFormats,
  unzip,
  type PutFile,
} from '#tests/support/archives';
import { startS3TestServer, TEST_BUCKET } from '#tests/support/s3-test-server';
import { createTestContext, type TestContext } from '#tests/support/test-app';

describe('"download everything" from S3-compatible storage', () => {
  let server: S3rver;
  let ctx: TestContext;
  let put: PutFile;
  beforeAll(async () => {
    let settings;
    ({ server, settings } = await startS3TestServer());
    ctx = await createTestContext({ config: { s3: settings }, logger: createLogger('error') });
    const s3 = new S3Client({
      ...settings,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    put = async (key, bytes) => {
      await s3.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: key, Body: bytes }));
    };
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('streams the objects into the ZIP byte for byte, with ranged reads for a resumed download', async () => {
    const db = ctx.database.db;
    const { browser, user } = await signedInBrowser(ctx, 's3-buyer@example.com');
    const drums = randomBytes(400_000);
    const wav = randomBytes(250_000);
    const midi = randomBytes(3_000);
    const first = await productWithFile(db, put, 'Drums', drums);
    const second = await productWithFormats(db, put, 'Strings', [
      { label: 'WAV', fileName: 'Strings.wav.zip', bytes: wav },
      { label: 'MIDI', fileName: 'Strings.mid.zip', bytes: midi },
    ]);
    const { order } = await completedOrder(db, { userId: user.id, email: user.email }, [
      first,
      second,
    ]);
    const res = await browser.request(`/api/orders/${order.id}/archive`, { body: {} });
    expect(res.status).toBe(200);
    const { url, totalBytes } = res.body as { url: string; totalBytes: number };
    // Served by the store itself (one file from several objects), not a presigned bucket URL.
    expect(new URL(url).pathname).toMatch(/^\/api\/archives\//);

    const whole = await fetchArchive(ctx, url);
    expect(whole.response.status).toBe(200);
    expect(Number(whole.response.headers.get('content-length'))).toBe(totalBytes);
    expect(whole.body.length).toBe(totalBytes);
    const entries = await unzip(whole.body);
    expect(entries.get('Drums/Drums.zip')).toEqual(drums);
    expect(entries.get('Strings/Strings.wav.zip')).toEqual(wav);
    expect(entries.get('Strings/Strings.mid.zip')).toEqual(midi);

    const start = 300_000;
    const resumed = await fetchArchive(ctx, url, { range: `bytes=${start}-` });
    expect(resumed.response.status).toBe(206);
    expect(resumed.body.equals(whole.body.subarray(start))).toBe(true);
  });
});
