import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '#server/db/client';
import { requestMeta, createDownload } from '#server/downloads/downloads.service';
import { createDocumentWorker } from '#server/invoices/document-worker';
import { issueInvoice } from '#server/invoices/issue-documents';
import { createLogger } from '#server/logger';
import { createLocalStorage } from '#server/storage/local-storage';
import { createS3Storage } from '#server/storage/s3-storage';
import type { Storage } from '#server/storage/storage';
import { createProduct } from '#tests/support/factories';
import { createLicense } from '#tests/support/license-rows';
import { startS3TestServer } from '#tests/support/s3-test-server';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS } from '#tests/support/test-app';
import { adminQuery, createTestDatabase, recreateDatabase } from '#tests/support/test-database';
import { createBackup } from './backup.service';
import { restoreBackup, RestoreError } from './restore.service';

const serverUrl = process.env.TEST_DATABASE_URL;
const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `lm-backup-${label}-`));
const localStorage = (root: string) =>
  createLocalStorage({ root, keys: TEST_SIGNING_KEYS, publicUrl: TEST_PUBLIC_URL });

/** 3 MB that is not all one byte: several chunks of a stream. */
const PACK = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7) % 251));
const COVER = Buffer.from('cover art bytes');

/** The URL of a test database on the PostgreSQL server (undefined on PGlite). */
async function urlOf(database: Database) {
  if (!serverUrl) return undefined;
  const [row] = await queryRows<{ name: string }>(
    database.db,
    sql`select current_database() as name`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/**
 * A store with what a backup must keep: a licensed product and its file, a completed order with
 * its licence key, a download and its invoice's PDF, and a cover image in the media folder.
 */
async function buildStore(db: Db, storage: Storage, mediaDir: string) {
  const product = await createProduct(db, {
    name: 'Drum Machine',
    fileKey: 'products/drum-machine.zip',
    fileName: 'Drum Machine.zip',
    licenseKeys: true,
    activationLimit: 2,
    downloadLimit: 3,
  });
  await storage.put('products/drum-machine.zip', PACK, 'application/zip');
  const { order, item } = await createLicense(db, {
    product,
    buyer: { userId: null, email: 'ada@example.com' },
  });
  await db.transaction((tx) => issueInvoice(tx, order));
  const worker = createDocumentWorker({ db, storage, logger: createLogger('silent') });
  expect(await worker.drainOnce()).toBe(1);
  await createDownload(
    db,
    storage,
    { guestOrderId: order.id },
    item.id,
    requestMeta('203.0.113.9', 'test'),
  );
  await mkdir(join(mediaDir, 'images', product.id), { recursive: true });
  await writeFile(join(mediaDir, 'images', product.id, 'cover.webp'), COVER);
}

const TABLES = sql`select table_schema || '.' || table_name as name from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`;

/** Every table's row count, by schema-qualified name. */
async function rowCounts(db: Db) {
  const counts: Record<string, number> = {};
  for (const { name } of await queryRows<{ name: string }>(db, TABLES)) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from ${name}`),
    );
    counts[name] = row!.n;
  }
  return counts;
}

/** The rows a restore must give back exactly. */
const keptRows = async (db: Db) => ({
  orders: await queryRows(db, sql`select * from orders order by id`),
  items: await queryRows(db, sql`select * from order_items order by id`),
  licenses: await queryRows(db, sql`select * from licenses order by id`),
  invoices: await queryRows(db, sql`select * from invoice_documents order by id`),
  downloads: await queryRows(db, sql`select * from downloads order by id`),
});

/** Bytes compared by their SHA-256: a deep comparison of megabytes takes the test's time. */
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function digestOf(storage: Storage, key: string) {
  const hash = createHash('sha256');
  for await (const chunk of await storage.openRead(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A database to restore into: an empty one on the server, or a PGlite folder not made yet. */
async function freshTarget(label: string) {
  if (!serverUrl) {
    const pgliteDir = join(tempDir(label), 'db');
    return {
      databaseUrl: undefined,
      pgliteDir,
      open: () => openDatabase({ pgliteDir }),
      remove: async () => {},
    };
  }
  const name = `loopmarket_restore_${Math.random().toString(36).slice(2, 10)}`;
  const databaseUrl = await recreateDatabase(serverUrl, name);
  return {
    databaseUrl,
    pgliteDir: '',
    open: () => openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 }),
    remove: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

let s3: { server: S3rver; endpoint: string } | undefined;
beforeAll(async () => {
  const started = await startS3TestServer();
  s3 = { server: started.server, endpoint: started.settings.endpoint! };
});
afterAll(() => s3?.server.close());

/** Storage of each kind, fresh each time (a new folder, or a new bucket on the S3 server). */
async function freshStorage(kind: 'local' | 's3'): Promise<Storage> {
  if (kind === 'local') return localStorage(tempDir('files'));
  const bucket = `lm-${Math.random().toString(36).slice(2, 10)}`;
  const settings = {
    bucket,
    region: 'us-east-1',
    endpoint: s3!.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  await fetch(`${s3!.endpoint}/${bucket}`, { method: 'PUT' });
  return createS3Storage(settings);
}

describe(
  `backup and restore round-trip on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`,
  { timeout: 120_000 },
  () => {
    it.each(['local', 's3'] as const)(
      'a store with orders, files (%s), keys and invoices comes back whole in a fresh install',
      async (kind) => {
        const source = await createTestDatabase();
        const target = await freshTarget('target');
        try {
          const storage = await freshStorage(kind);
          const mediaDir = tempDir('media');
          await buildStore(source.db, storage, mediaDir);

          const { dir, manifest } = await createBackup(
            { database: source, databaseUrl: await urlOf(source), storage, mediaDir },
            tempDir('backups'),
          );
          expect(manifest.database.kind).toBe(serverUrl ? 'postgres' : 'pglite');
          expect(manifest.storage).toBe(kind);
          const keys = manifest.files.map((f) => `${f.area}/${f.key}`).sort();
          expect(keys).toEqual([
            `files/invoices/${new Date().getUTCFullYear()}/inv-${new Date().getUTCFullYear()}-000001.pdf`,
            'files/products/drum-machine.zip',
            expect.stringMatching(/^media\/images\/[0-9a-f-]+\/cover\.webp$/),
          ]);
          const pack = manifest.files.find((f) => f.key === 'products/drum-machine.zip')!;
          expect(pack).toMatchObject({ size: PACK.length, contentType: 'application/zip' });
          expect(digest(await readFile(join(dir, 'files/products/drum-machine.zip')))).toBe(
            digest(PACK),
          );

          const restoredStorage = await freshStorage(kind);
          const restoredMedia = tempDir('media-restored');
          const report = await restoreBackup(dir, {
            databaseUrl: target.databaseUrl,
            pgliteDir: target.pgliteDir,
            storage: restoredStorage,
            mediaDir: restoredMedia,
          });
          expect(report.files).toEqual({ count: 2, bytes: expect.any(Number) });
          expect(report.media).toEqual({ count: 1, bytes: COVER.length });

          const restored = await target.open();
          try {
            const before = await rowCounts(source.db);
            expect(before).toMatchObject({
              'public.products': 1,
              'public.orders': 1,
              'public.licenses': 1,
              'public.invoice_documents': 1,
              'public.downloads': 1,
            });
            expect(await rowCounts(restored.db)).toEqual(before);
            expect(await keptRows(restored.db)).toEqual(await keptRows(source.db));
            // The restored database is at the backup's migrations: starting the store finds none due.
            await restored.migrate();
            expect(await rowCounts(restored.db)).toEqual(before);
          } finally {
            await restored.close();
          }
          for await (const { key } of storage.list()) {
            expect(await digestOf(restoredStorage, key)).toBe(await digestOf(storage, key));
          }
          const cover = manifest.files.find((f) => f.area === 'media')!;
          expect(await readFile(join(restoredMedia, cover.key))).toEqual(COVER);
        } finally {
          await source.close();
          await target.remove();
        }
      },
    );

    it('refuses a store that already has products and orders, and a damaged backup, changing nothing', async () => {
      const source = await createTestDatabase();
      const target = await freshTarget('busy');
      try {
        const storage = localStorage(tempDir('files'));
        const mediaDir = tempDir('media');
        await buildStore(source.db, storage, mediaDir);
        const { dir, manifest } = await createBackup(
          { database: source, databaseUrl: await urlOf(source), storage, mediaDir },
          tempDir('backups'),
        );
        const into = {
          databaseUrl: target.databaseUrl,
          pgliteDir: target.pgliteDir,
          storage: localStorage(tempDir('files')),
          mediaDir: tempDir('media'),
        };

        // A damaged copy: one byte of the pack changed. Nothing is restored.
        const packPath = join(dir, 'files/products/drum-machine.zip');
        const damaged = Buffer.from(PACK);
        damaged[1000] = damaged[1000]! ^ 0xff;
        await writeFile(packPath, damaged);
        await expect(restoreBackup(dir, into)).rejects.toThrow(
          /The backup is damaged; nothing was restored\.\n {2}files\/products\/drum-machine\.zip: its bytes differ/,
        );
        await writeFile(packPath, PACK);

        await restoreBackup(dir, into);
        const again = restoreBackup(dir, into);
        await expect(again).rejects.toBeInstanceOf(RestoreError);
        await expect(restoreBackup(dir, into)).rejects.toThrow(
          'The target store is not a fresh install: it has 1 products and 1 orders. Restore into an empty database, or add --force to replace everything in it.',
        );
        // --force replaces it with the backup's store.
        const forced = await restoreBackup(dir, into, { force: true });
        expect(forced.manifest.createdAt).toBe(manifest.createdAt);
        const restored = await target.open();
        try {
          expect(await rowCounts(restored.db)).toEqual(await rowCounts(source.db));
        } finally {
          await restored.close();
        }
      } finally {
        await source.close();
        await target.remove();
      }
    });
  },
);
