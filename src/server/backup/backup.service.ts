import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import type { Storage } from '../storage/storage';
import {
  BACKUP_FORMAT,
  DATABASE_FILES,
  MANIFEST_FILE,
  backupPathOf,
  sha256OfFile,
  storeVersion,
  type BackupFileEntry,
  type BackupManifest,
} from './backup-manifest';
import { runPostgresTool } from './postgres-tools';

export interface BackupSource {
  /** The store's database, open. On PostgreSQL it is only asked how many migrations it has. */
  database: Database;
  /** PostgreSQL: the URL pg_dump connects to (the store's DATABASE_URL). */
  databaseUrl?: string;
  storage: Storage;
  mediaDir: string;
}

/** `2026-11-27T23-10-00Z`: sorts by time and is a valid folder name everywhere. */
export const backupNameOf = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * A backup of the store into a new folder under `parentDir`: the database (pg_dump's custom
 * format, taken in one snapshot, or PGlite's data directory), then every stored file and media
 * file, each streamed to disk while its SHA-256 is taken, then manifest.json. It is written as
 * `<name>.partial` and renamed once whole, so a folder without that suffix is a finished backup.
 *
 * The database goes first: the store never deletes a stored file through its Storage, so every
 * file the dump names is still there when the files are copied. Files stored after the dump
 * are copied too, and are merely unused after a restore.
 */
export async function createBackup(
  source: BackupSource,
  parentDir: string,
  now = new Date(),
): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = join(parentDir, backupNameOf(now));
  const partial = `${dir}.partial`;
  await mkdir(parentDir, { recursive: true });
  // Not recursive: a second backup started in the same second fails here instead of sharing it.
  await mkdir(partial);
  try {
    const migrations = await appliedMigrationCount(source.database);
    const database = await dumpDatabase(source, partial);
    const files = await copyStoredFiles(source.storage, partial);
    const media = await copyMediaFiles(source.mediaDir, partial);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      store: { version: await storeVersion(), migrations },
      database,
      storage: source.storage.kind,
      files: [...files, ...media],
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function appliedMigrationCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count ?? 0);
}

async function dumpDatabase(source: BackupSource, dir: string) {
  const kind = source.database.driver;
  const file = DATABASE_FILES[kind];
  const path = join(dir, file);
  if (kind === 'postgres') {
    if (!source.databaseUrl) throw new Error('A PostgreSQL backup needs the database URL');
    // pg_dump reads everything in one transaction: one consistent snapshot while the store runs.
    await runPostgresTool('pg_dump', ['--format=custom', `--file=${path}`], source.databaseUrl);
  } else {
    const client = (source.database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('gzip');
    await pipeline(Readable.fromWeb(tarball.stream() as never), createWriteStream(path));
  }
  return { kind, file, ...(await sha256OfFile(path)) };
}

/** Writes `body` to `path` as it streams, hashing it on the way. */
async function saveHashed(body: AsyncIterable<Buffer>, path: string) {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    body,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(path),
  );
  return { size, sha256: hash.digest('hex') };
}

/** A file listed a moment ago and gone now (an expired unfinished upload, a replaced preview). */
const vanished = (error: unknown) => {
  const { code, name } = error as { code?: string; name?: string };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound';
};

async function copyStoredFiles(storage: Storage, dir: string): Promise<BackupFileEntry[]> {
  const entries: BackupFileEntry[] = [];
  for await (const { key } of storage.list()) {
    try {
      const info = await storage.stat(key);
      if (!info) continue;
      const entry = { area: 'files' as const, key };
      const body = await storage.openRead(key);
      const saved = await saveHashed(body, backupPathOf(dir, entry));
      entries.push({ ...entry, ...saved, contentType: info.contentType });
    } catch (error) {
      if (!vanished(error)) throw error;
    }
  }
  return entries;
}

async function copyMediaFiles(mediaDir: string, dir: string): Promise<BackupFileEntry[]> {
  const entries: BackupFileEntry[] = [];
  for (const key of await filesUnder(mediaDir, '')) {
    const entry = { area: 'media' as const, key };
    try {
      const body = createReadStream(join(mediaDir, key), { highWaterMark: 1024 * 1024 });
      entries.push({ ...entry, ...(await saveHashed(body, backupPathOf(dir, entry))) });
    } catch (error) {
      if (!vanished(error)) throw error;
    }
  }
  return entries;
}

/** Every file's path under `root/prefix`, with `/`; none when the folder does not exist. */
export async function filesUnder(root: string, prefix: string): Promise<string[]> {
  const folder = join(root, prefix);
  if (!(await stat(folder).catch(() => null))?.isDirectory()) return [];
  const paths: string[] = [];
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) paths.push(...(await filesUnder(root, path)));
    else if (entry.isFile()) paths.push(path);
  }
  return paths;
}
