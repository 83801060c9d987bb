/**
 * Vitest globalSetup: migrates ONE database per test run, so that each test's fresh database is
 * a copy of it rather than a new database migrated again (which cost ~2.5 CPU-s per database and
 * dominated the suite's time). createTestDatabase() (test-database.ts) finds it through the
 * environment, which the test workers inherit:
 * - PostgreSQL (TEST_DATABASE_URL): a template database `loopmarket_tmpl_…`; each test database
 *   is `CREATE DATABASE … TEMPLATE` it, a file copy. Dropped again in teardown.
 * - PGlite: a dumpDataDir() tarball of a migrated database in a temporary file; each test database
 *   is a PGlite that loads it (about a quarter of the CPU of creating and migrating one).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, TEMPLATE_DATABASE_ENV, TEMPLATE_DATADIR_ENV } from './test-database';
import { openDatabase } from '#server/db/client';

export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `loopmarket_tmpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      databaseUrl: url.toString(),
      pgliteDir: '',
      poolSize: 1,
    });
    try {
      await database.migrate();
    } finally {
      // A template with an open connection cannot be copied.
      await database.close();
    }
    process.env[TEMPLATE_DATABASE_ENV] = name;
    return async () => {
      delete process.env[TEMPLATE_DATABASE_ENV];
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const folder = mkdtempSync(join(tmpdir(), 'loopmarket-tmpl-'));
  try {
    await database.migrate();
    const client = (
      database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(join(folder, 'datadir.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_DATADIR_ENV] = join(folder, 'datadir.tar');
  return () => {
    delete process.env[TEMPLATE_DATADIR_ENV];
    rmSync(folder, { recursive: true, force: true });
  };
}
