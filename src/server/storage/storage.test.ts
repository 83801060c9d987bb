import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { isValidKey } from './storage';
import { parseRange } from './files.routes';
import { checkStorage } from '../health/storage-check';

const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe('storage keys', () => {
  it.each(['products/pack.zip', 'a/b-c_d.e/f.wav'])('%s is a key', (key) =>
    expect(isValidKey(key)).toBe(true),
  );
  it.each(['../etc/passwd', 'products/../../x', '/abs/path', 'UPPER.zip', 'a//b', 'a\\b', ''])(
    '%s is refused',
    (key) => expect(isValidKey(key)).toBe(false),
  );

  it('local storage never writes outside its root', async () => {
    const storage = createLocalStorage({
      root: mkdtempSync(join(tmpdir(), 'lm-store-')),
      keys: { current: 's', previous: [] },
      publicUrl: 'http://x',
    });
    await expect(storage.put('../escape.txt', BYTES, 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
    expect(await storage.stat('../../etc/passwd').catch(() => null)).toBeNull();
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', 'invalid'],
    ['lines=1-2', 'invalid'],
  ])('%s of 100 bytes → %o', (header, expected) =>
    expect(parseRange(header, 100)).toEqual(expected),
  );
});

describe('S3 storage against an S3-protocol server', () => {
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 'lm-s3rver-')),
      configureBuckets: [{ name: 'loopmarket-files', configs: [] }],
    });
    const info = (await server.run()) as { address: string; port: number };
    endpoint = `http://${info.address}:${info.port}`;
  });
  afterAll(() => server.close());

  it('uploads, tells the size, and hands out a presigned link that downloads the same bytes', async () => {
    const storage = createS3Storage({
      bucket: 'loopmarket-files',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await storage.put('products/pack.zip', BYTES, 'application/zip');
    expect(await storage.stat('products/pack.zip')).toEqual({
      size: BYTES.length,
      contentType: 'application/zip',
    });
    expect(await storage.stat('products/missing.zip')).toBeNull();

    const link = await storage.downloadLink('products/pack.zip', 'Pack.zip', 300);
    expect(link.url).toContain('X-Amz-Signature=');
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES)).toBe(true);
    await storage.check();
  });

  it('is reported by the health check as an S3 bucket that answers', async () => {
    const storage = createS3Storage({
      bucket: 'loopmarket-files',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const missing = createS3Storage({
      ...{
        bucket: 'no-such-bucket',
        region: 'us-east-1',
        endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
    });
    const folders = { files: '/nonexistent', media: mkdtempSync(join(tmpdir(), 'lm-media-')) };
    const ok = await checkStorage(folders, false, storage);
    expect(ok).toMatchObject({
      status: 'ok',
      backend: 's3',
      folders: [{ name: 'files', status: 'ok' }, { name: 'media' }],
    });
    const failed = await checkStorage(folders, false, missing);
    expect(failed).toMatchObject({
      status: 'failed',
      backend: 's3',
      folders: [{ name: 'files', status: 'failed' }, {}],
    });
  });
});
