import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '#server/storage/s3-storage';
import { addMultipartListing } from './s3rver-multipart';

export const TEST_BUCKET = 'loopmarket-files';

/**
 * The S3-protocol server the tests use (s3rver on a free port, a fresh folder, one bucket, the
 * multipart listing tus needs) and the store's settings for it.
 */
export async function startS3TestServer(): Promise<{ server: S3rver; settings: S3Settings }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'lm-s3rver-')),
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  addMultipartListing(server);
  const info = (await server.run()) as { address: string; port: number };
  return {
    server,
    settings: {
      bucket: TEST_BUCKET,
      region: 'us-east-1',
      endpoint: `http://${info.address}:${info.port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
  };
}
