import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  DeleteObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './content-disposition';
import { assertValidKey, isValidKey, type Storage } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO-like servers want bucket names in the path, not the host. */
  forcePathStyle: boolean;
}

/** S3-compatible object storage; download links are presigned GETs with the file's name. */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Streamed bodies (putFile) would otherwise go as aws-chunked, which several S3-compatible
    // servers store with the chunk framing in them (as uploads/upload-store.ts says); AWS needs none.
    ...(settings.endpoint
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async stat(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    async downloadLink(key, fileName, ttlSeconds) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
      });
      const url = await getSignedUrl(client, command, { expiresIn: ttlSeconds });
      return { url, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
    },
    async openRead(key, range) {
      assertValidKey(key);
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`No body for ${key}`);
      return object.Body;
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isValidKey(object.Key)) {
            yield { key: object.Key, size: object.Size ?? 0 };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async putFile(key, path, contentType) {
      assertValidKey(key);
      const { size } = await stat(path);
      if (size <= PART_BYTES) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(path),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
        return;
      }
      await putInParts(client, { Bucket, Key: key, ContentType: contentType }, path, size);
    },
    async check() {
      const Key = `.health/${process.pid}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}

/** A single PUT takes at most 5 GB; larger files go up in parts of this size. */
const PART_BYTES = 64 * 1024 * 1024;

/** A multipart upload of the local file, each part streamed from its own range of the file. */
async function putInParts(
  client: S3Client,
  object: { Bucket: string; Key: string; ContentType: string },
  path: string,
  size: number,
) {
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(object));
  const { Bucket, Key } = object;
  try {
    const Parts = [];
    for (let start = 0, PartNumber = 1; start < size; start += PART_BYTES, PartNumber++) {
      const end = Math.min(start + PART_BYTES, size) - 1;
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId,
          PartNumber,
          Body: createReadStream(path, { start, end }),
          ContentLength: end - start + 1,
        }),
      );
      Parts.push({ ETag, PartNumber });
    }
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }),
    );
  } catch (error) {
    // No half-uploaded parts left behind in the bucket.
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
    throw error;
  }
}
