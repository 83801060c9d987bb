import { createHash } from 'node:crypto';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { UploadRecord } from '#shared/uploads';
import type { Db } from '../db/client';
import { productUploads, type ProductUploadRow } from '../db/schema';

export type NewUpload = typeof productUploads.$inferInsert;

/**
 * A stored product file's SHA-256 (hex) and unsigned CRC-32, in one read of its stream chunk by
 * chunk: the CRC lets a "download everything" archive name each file without reading it twice.
 */
export async function digestsOf(stream: Readable): Promise<{ sha256: string; crc32: number }> {
  const hash = createHash('sha256');
  let crc = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        crc = crc32(chunk, crc);
        done();
      },
    }),
  );
  return { sha256: hash.digest('hex'), crc32: crc };
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
  return { storageKey: row.storageKey, fileName: row.fileName, size: row.size, crc32: row.crc32 };
}

/** A finished product-file upload as a product's file row takes it. */
export type UploadedFile = NonNullable<Awaited<ReturnType<typeof findUploadedFile>>>;

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
