import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client';

/** Set by test-database-setup.ts (Vitest globalSetup): the migrated template database's name. */
export const TEMPLATE_DATABASE_ENV = 'LOOPMARKET_TEST_TEMPLATE_DATABASE';
/** Set by test-database-setup.ts: the file holding a migrated PGlite's dumpDataDir() tarball. */
export const TEMPLATE_DATADIR_ENV = 'LOOPMARKET_TEST_TEMPLATE_DATADIR';

/**
 * The migrated PGlite data directory fresh test databases start from: the run's tarball when the
 * globalSetup made one, else one migrated here (once per test module instance).
 */
let migratedDataDir: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  migratedDataDir ??= (async () => {
    const file = process.env[TEMPLATE_DATADIR_ENV];
    if (file) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await database.migrate();
      const client = (
        database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
      ).$client;
      return await client.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return migratedDataDir;
}

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Each is a
 * copy of one database migrated once per run (test-database-setup.ts), which is much cheaper than
 * migrating each anew.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return openDatabase({ pgliteDir: 'memory://', loadDataDir: await pgliteTemplate() });
  }
  const name = `loopmarket_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEMPLATE_DATABASE_ENV];
  // Copies of a template may run at once (several workers); the template itself has no connections.
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 20 });
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A database that outlives its connections, for tests of a restart or of several server
 * processes: each open() is a new connection (pool) to the same data. PGlite in a temporary
 * folder (one open at a time), or a new database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createSharedTestDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `loopmarket_test_${randomBytes(6).toString('hex')}`;
  const url = serverUrl ? await recreateDatabase(serverUrl, name) : undefined;
  const pgliteDir = url ? '' : mkdtempSync(join(tmpdir(), 'loopmarket-db-'));
  let migrated = false;
  return {
    async open(): Promise<Database> {
      const database = await openDatabase({ databaseUrl: url, pgliteDir, poolSize: 5 });
      if (!migrated) await database.migrate();
      migrated = true;
      return database;
    },
    async remove() {
      if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      else rmSync(pgliteDir, { recursive: true, force: true });
    },
  };
}

/** Drops and creates a database of this name on the server, returning its URL. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The same database as a second server process would open it: another pool on PostgreSQL; on
 * PGlite, which one process owns, the same handle (closing it is left to its opener).
 */
export async function openSameDatabase(database: Database): Promise<Database> {
  if (database.driver === 'pglite') return { ...database, close: async () => {} };
  const [row] = (
    (await database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    }
  ).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
}
