import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/**
 * s3rver 3.7 stores multipart uploads (CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload) but answers 405 to the two calls @tus/s3-store also makes:
 * ListParts (GET /bucket/key?uploadId=…), which tells a resumed upload which parts S3 holds, and
 * AbortMultipartUpload (DELETE /bucket/key?uploadId=…). This adds both, over the parts s3rver
 * itself stored (its uploads folder: one file per part number and its MD5, which is the part's
 * ETag), ahead of s3rver's own routes. Call before `run()`.
 */
export function addMultipartListing(server: S3rver) {
  const store = (
    server as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }
  ).store;
  const uploadDir = (bucket: string, uploadId: string) =>
    join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);

  const multipart: Middleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = '', ...key] = ctx.path.split('/');
    if (typeof uploadId !== 'string' || key.length === 0) return next();
    const dir = uploadDir(bucket, uploadId);
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET') return next();
    const names = await readdir(dir).catch(() => null);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [md5, info] = await Promise.all([
          readFile(join(dir, `${n}.md5`), 'utf8'),
          stat(join(dir, String(n))),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(multipart);
}
