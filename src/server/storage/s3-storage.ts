import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  DeleteObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './content-disposition';
import { assertValidKey, type Storage } from './storage';

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
    async check() {
      const Key = `.health/${process.pid}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
