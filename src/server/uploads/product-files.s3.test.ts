import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productUploads } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { startS3TestServer, TEST_BUCKET as BUCKET } from '#tests/support/s3-test-server';
import { signedInAdmin } from '#tests/support/auth-client';
import { tusClient } from '#tests/support/upload-client';
import { UPLOAD_KEY_PREFIX } from './upload-store';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('product file uploads to S3 (multipart) against an S3-protocol server', () => {
  let server: S3rver;
  let ctx: TestContext;
  let s3: S3Client;
  beforeAll(async () => {
    let settings;
    ({ server, settings } = await startS3TestServer());
    ctx = await createTestContext({ config: { s3: settings }, logger: createLogger('error') });
    s3 = new S3Client({
      ...settings,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('uploads in parts, resumes after a cut, and the object holds the same bytes', async () => {
    const { browser } = await signedInAdmin(ctx, 'owner@example.com');
    const tus = tusClient(ctx, browser.cookieHeader());
    // Three 8 MB parts and a short last one.
    const source = randomBytes(3 * 8 * 1024 * 1024 + 1234);
    const { response, url } = await tus.create(source.length, { filename: 'pack.zip' });
    expect(response.status).toBe(201);

    const first = await tus.patch(url, 0, source.subarray(0, 10 * 1024 * 1024));
    expect(first.status).toBe(204);
    const head = await tus.offset(url);
    expect(head.offset).toBe(10 * 1024 * 1024);

    const rest = await tus.patch(url, head.offset, source.subarray(head.offset));
    expect(rest.status).toBe(200);
    const { upload } = (await rest.json()) as { upload: { id: string; sha256: string } };
    expect(upload.sha256).toBe(sha256(source));

    const object = await s3.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: `${UPLOAD_KEY_PREFIX}${upload.id}` }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.equals(source)).toBe(true);
    // Its CRC-32, read back from S3 once with the SHA-256, for archives of product files.
    const [row] = await ctx.database.db
      .select()
      .from(productUploads)
      .where(eq(productUploads.id, upload.id));
    expect(row!.crc32).toBe(crc32(source));
  }, 120_000);
});
