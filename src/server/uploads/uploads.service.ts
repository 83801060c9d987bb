import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { UploadRecord } from '#shared/uploads';
import type { Db } from '../db/client';
import { productUploads, type ProductUploadRow } from '../db/schema';

export type NewUpload = typeof productUploads.$inferInsert;

/** The SHA-256 of a stream's bytes, read chunk by chunk (never the whole file at once). */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

export const sha256OfBytes = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * Records a finished upload. Recording the same one twice (a retried finish) keeps the first
 * record and answers it.
 */
export async function recordUpload(db: Db, upload: NewUpload): Promise<ProductUploadRow> {
  const [inserted] = await db
    .insert(productUploads)
    .values(upload)
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(productUploads)
    .where(eq(productUploads.storageKey, upload.storageKey));
  if (!existing) throw new Error(`upload ${upload.storageKey} neither recorded nor found`);
  return existing;
}

export async function findUpload(db: Db, id: string): Promise<ProductUploadRow | null> {
  const [row] = await db.select().from(productUploads).where(eq(productUploads.id, id));
  return row ?? null;
}

/** A finished product-file upload, as the product editor attaches it (kind 'file' only). */
export async function findUploadedFile(db: Db, id: string) {
  const row = await findUpload(db, id);
  if (!row || row.kind !== 'file') return null;
  return { storageKey: row.storageKey, fileName: row.fileName, size: row.size };
}

export function uploadRecord(row: ProductUploadRow): UploadRecord {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A file name as the uploader's computer gave it, safe to keep and to offer back in a
 * download's Content-Disposition: no folders, no control characters, at most 255 characters.
 */
export function cleanFileName(name: string | null | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? null : clean;
}
