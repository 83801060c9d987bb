import type { Readable } from 'node:stream';

/** Files are addressed by key: lower-case path segments, never a path taken as-is from a request. */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export const isValidKey = (key: string) => KEY.test(key) && !key.split('/').includes('..');

export interface StoredFile {
  size: number;
  contentType: string;
}

/** One stored object as a listing tells it. */
export interface ListedFile {
  key: string;
  size: number;
}

export interface DownloadLink {
  url: string;
  expiresAt: Date;
}

/** Local disk or S3-compatible object storage, chosen by configuration, used the same way. */
export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredFile | null>;
  /** A short-lived link that downloads the file under `fileName`. */
  downloadLink(key: string, fileName: string, ttlSeconds: number): Promise<DownloadLink>;
  /** Local storage streams its own files (GET /api/files/:token); S3 links go to the bucket. */
  read?(key: string, range?: { start: number; end: number }): Readable;
  /** The file's bytes (`range` inclusive, as HTTP counts), from either kind of storage. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * Every stored file, under valid keys only (the health probe's `.health/…` and anything else
   * not a key is skipped). Used by backups (backup/backup.service.ts).
   */
  list(): AsyncIterable<ListedFile>;
  /** Stores the local file at `path` under `key`, streamed from disk (restores of large files). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** A health probe: can we write and read back? */
  check(): Promise<void>;
}

export class InvalidKeyError extends Error {}

export function assertValidKey(key: string) {
  if (!isValidKey(key)) throw new InvalidKeyError(`Invalid storage key: ${key}`);
}
