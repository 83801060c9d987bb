import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { migrationsUrl } from '#server/db/migrations-folder';

/** Bumped when a backup's layout changes in a way an older restore could not read. */
export const BACKUP_FORMAT = 1;

export const MANIFEST_FILE = 'manifest.json';
/** pg_dump's custom format (PostgreSQL) or PGlite's data directory tarball (embedded). */
export const DATABASE_FILES = { postgres: 'db.dump', pglite: 'db.tar.gz' } as const;
/** Product files, invoices and the rest of the Storage interface's objects, by key. */
export const FILES_FOLDER = 'files';
/** Cover art and audio previews (DATA_DIR/media), which are always on local disk. */
export const MEDIA_FOLDER = 'media';

const fileEntrySchema = z.object({
  /** `files`: through the Storage interface (local or S3); `media`: the media folder. */
  area: z.enum(['files', 'media']),
  /** The storage key, or the path under the media folder, always with `/`. */
  key: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** What the storage said the file is (S3 keeps it per object); files only. */
  contentType: z.string().optional(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  store: z.object({
    version: z.string(),
    /** Migrations applied to the backed-up database; a restore needs code that knows as many. */
    migrations: z.number().int().min(0),
  }),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    file: z.string(),
    size: z.number().int().min(0),
    sha256: z.string(),
  }),
  /** Where the files were kept when backed up (a restore puts them wherever it is set up to). */
  storage: z.enum(['local', 's3']),
  files: z.array(fileEntrySchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupFileEntry = z.infer<typeof fileEntrySchema>;

/** Where a file entry's copy sits inside the backup folder. */
export const backupPathOf = (backupDir: string, entry: Pick<BackupFileEntry, 'area' | 'key'>) =>
  join(backupDir, entry.area === 'files' ? FILES_FOLDER : MEDIA_FOLDER, ...entry.key.split('/'));

/** The SHA-256 of a stream's bytes, hex, read chunk by chunk. */
export async function sha256Of(stream: AsyncIterable<Buffer | Uint8Array | string>) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

export const sha256OfFile = (path: string) =>
  sha256Of(createReadStream(path, { highWaterMark: 1024 * 1024 }));

/** How many migrations this code has (the journal drizzle-kit writes beside them). */
export async function knownMigrationCount(): Promise<number> {
  const journal = new URL('meta/_journal.json', migrationsUrl);
  const parsed = JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] };
  return parsed.entries.length;
}

/**
 * The store's version (package.json in the working directory, where the store runs from, as it
 * finds dist/web there), for people reading the manifest; 'unknown' if unread.
 */
export async function storeVersion(): Promise<string> {
  try {
    const file = resolve('package.json');
    return (JSON.parse(await readFile(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
