import { createReadStream, existsSync, openAsBlob } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Db } from '../db/client';
import type { Storage } from '../storage/storage';
import {
  MANIFEST_FILE,
  backupPathOf,
  knownMigrationCount,
  manifestSchema,
  sha256Of,
  sha256OfFile,
  type BackupFileEntry,
  type BackupManifest,
} from './backup-manifest';
import { backupNameOf } from './backup.service';
import { runPostgresTool } from './postgres-tools';

/** A restore refused or failed for a reason the operator can act on; the message says it. */
export class RestoreError extends Error {}

export interface RestoreTarget {
  /** PostgreSQL: the (empty, or freshly migrated) database to restore into. */
  databaseUrl?: string;
  /** PGlite: its data directory; must not be open in a running store. */
  pgliteDir: string;
  storage: Storage;
  mediaDir: string;
}

export interface RestoreReport {
  manifest: BackupManifest;
  files: { count: number; bytes: number };
  media: { count: number; bytes: number };
  /** PGlite: where the data directory that was there before was moved, if there was one. */
  movedAside?: string;
}

/**
 * Brings a fresh install back to the backup in `backupDir`: checks the backup whole against its
 * manifest, refuses a store that already has products or orders (unless `force`), restores the
 * database, then the files and media, and reads every restored file back to check its SHA-256.
 */
export async function restoreBackup(
  backupDir: string,
  target: RestoreTarget,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  const manifest = await readManifest(backupDir);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new RestoreError(
      manifest.database.kind === 'pglite'
        ? 'This backup holds the embedded database (PGlite), but DATABASE_URL is set. Unset it to restore into DATA_DIR.'
        : 'This backup holds a PostgreSQL database, but DATABASE_URL is not set. Set it to the empty database to restore into.',
    );
  }
  const known = await knownMigrationCount();
  if (manifest.store.migrations > known) {
    throw new RestoreError(
      `This backup comes from a newer Loopmarket (${manifest.store.migrations} database migrations; this one knows ${known}). Install that version or later, then restore.`,
    );
  }
  await verifyBackup(backupDir, manifest);
  const dumpPath = join(backupDir, manifest.database.file);
  let movedAside: string | undefined;
  if (target.databaseUrl) {
    await refuseUnlessFresh(await postgresHolds(target.databaseUrl), options.force);
    // --clean --if-exists: a database the store has already migrated (but left empty) takes
    // the dump too. One transaction: a failure leaves the database as it was.
    await runPostgresTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--clean',
        '--if-exists',
        '--single-transaction',
        '--exit-on-error',
        dumpPath,
      ],
      target.databaseUrl,
    );
  } else {
    movedAside = await clearPgliteDir(target.pgliteDir, options.force);
    const database = await openDatabase({
      pgliteDir: target.pgliteDir,
      loadDataDir: await openAsBlob(dumpPath),
    });
    await database.close();
  }
  const files = await restoreFiles(backupDir, manifest, target);
  return { manifest, ...files, ...(movedAside ? { movedAside } : {}) };
}

async function readManifest(backupDir: string): Promise<BackupManifest> {
  const path = join(backupDir, MANIFEST_FILE);
  if (!existsSync(path)) {
    throw new RestoreError(
      `${backupDir} is not a finished backup: it has no ${MANIFEST_FILE}. Name the folder npm run backup printed.`,
    );
  }
  const parsed = manifestSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    throw new RestoreError(`${path} is not a manifest this version reads: ${parsed.error.message}`);
  }
  return parsed.data;
}

/** Every byte of the backup as the manifest recorded it, before anything is changed. */
async function verifyBackup(backupDir: string, manifest: BackupManifest) {
  const problems: string[] = [];
  const check = async (label: string, path: string, expected: { sha256: string; size: number }) => {
    if (!existsSync(path)) return problems.push(`${label}: missing`);
    const actual = await sha256OfFile(path);
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      problems.push(`${label}: its bytes differ from the manifest's`);
    }
  };
  await check(manifest.database.file, join(backupDir, manifest.database.file), manifest.database);
  for (const entry of manifest.files) {
    await check(`${entry.area}/${entry.key}`, backupPathOf(backupDir, entry), entry);
  }
  if (problems.length > 0) {
    throw new RestoreError(
      `The backup is damaged; nothing was restored.\n  ${problems.slice(0, 20).join('\n  ')}${problems.length > 20 ? `\n  …and ${problems.length - 20} more` : ''}`,
    );
  }
}

interface Holdings {
  products: number;
  orders: number;
}

async function refuseUnlessFresh(holds: Holdings, force = false) {
  if (force || holds.products + holds.orders === 0) return;
  throw new RestoreError(
    `The target store is not a fresh install: it has ${holds.products} products and ${holds.orders} orders. Restore into an empty database, or add --force to replace everything in it.`,
  );
}

/** Whether the store's tables are there: a database nothing has migrated yet has none. */
const HAS_TABLES = `select to_regclass('public.products') is not null
  and to_regclass('public.orders') is not null as ready`;
const HOLDINGS = `select (select count(*)::int from products) as products,
  (select count(*)::int from orders) as orders`;

/** Products and orders in the target, by whichever client can ask it. */
async function holdingsOf(query: <T>(statement: string) => Promise<T[]>): Promise<Holdings> {
  const [tables] = await query<{ ready: boolean }>(HAS_TABLES);
  if (!tables?.ready) return { products: 0, orders: 0 };
  const [row] = await query<Holdings>(HOLDINGS);
  return { products: Number(row?.products ?? 0), orders: Number(row?.orders ?? 0) };
}

const countsIn = (db: Db) => holdingsOf((statement) => queryRows(db, sql.raw(statement)));

async function postgresHolds(databaseUrl: string): Promise<Holdings> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: Error) => {
    throw new RestoreError(`Cannot reach the database to restore into: ${error.message}`);
  });
  try {
    return await holdingsOf(async (statement) => (await client.query(statement)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Leaves the PGlite data directory empty for the backup's: one that is open refuses, one that
 * holds a store refuses unless forced, and whatever was there is moved aside, never deleted.
 */
async function clearPgliteDir(pgliteDir: string, force = false): Promise<string | undefined> {
  if (existsSync(join(pgliteDir, 'postmaster.pid'))) {
    throw new RestoreError(
      `The store's database (${pgliteDir}) is open in another process, most likely the running store. Stop the store, then restore.`,
    );
  }
  const names = await readdir(pgliteDir).catch(() => [] as string[]);
  if (names.length === 0) return undefined;
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) {
    const database = await openDatabase({ pgliteDir });
    try {
      await refuseUnlessFresh(await countsIn(database.db), force);
    } finally {
      await database.close();
    }
  }
  const aside = `${pgliteDir}.before-restore-${backupNameOf(new Date())}`;
  await rename(pgliteDir, aside);
  return aside;
}

/** Copies every file and media file in, then reads each back to check its SHA-256. */
async function restoreFiles(backupDir: string, manifest: BackupManifest, target: RestoreTarget) {
  const totals = { files: { count: 0, bytes: 0 }, media: { count: 0, bytes: 0 } };
  const differs: string[] = [];
  for (const entry of manifest.files) {
    const from = backupPathOf(backupDir, entry);
    if (entry.area === 'files') {
      await target.storage.putFile(
        entry.key,
        from,
        entry.contentType ?? 'application/octet-stream',
      );
    } else {
      const to = join(target.mediaDir, ...entry.key.split('/'));
      await mkdir(dirname(to), { recursive: true });
      await copyFile(from, to);
    }
    if ((await restoredHash(entry, target)) !== entry.sha256) {
      differs.push(`${entry.area}/${entry.key}`);
    }
    totals[entry.area].count++;
    totals[entry.area].bytes += entry.size;
  }
  if (differs.length > 0) {
    throw new RestoreError(
      `The database was restored, but these files read back differently from the backup; run the restore again with --force:\n  ${differs.slice(0, 20).join('\n  ')}`,
    );
  }
  return totals;
}

async function restoredHash(entry: BackupFileEntry, target: RestoreTarget) {
  const body =
    entry.area === 'files'
      ? await target.storage.openRead(entry.key)
      : createReadStream(join(target.mediaDir, ...entry.key.split('/')));
  return (await sha256Of(body)).sha256;
}
