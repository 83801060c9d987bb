import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';
import { openDatabase, queryRows, type Database } from './client';
import { migrationsUrl } from './migrations-folder';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `loopmarket_migrate_${randomBytes(4).toString('hex')}`;
const opened: Database[] = [];
/** drizzle-kit's journal: every migration this checkout carries. */
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', migrationsUrl), 'utf8')) as {
  entries: unknown[];
};

afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

// Several processes on one empty database (PGlite has one process: nothing to race).
describe.skipIf(!serverUrl)('servers and a worker starting together', () => {
  it('all migrate a fresh database at once, and each migration is applied once', async () => {
    const url = await recreateDatabase(serverUrl!, name);
    // Three processes' pools, as two servers and a worker have.
    for (let n = 0; n < 3; n++) {
      opened.push(await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 2 }));
    }

    const outcomes = await Promise.allSettled(opened.map((database) => database.migrate()));

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const applied = await queryRows<{ hash: string }>(
      opened[0]!.db,
      sql`select hash from drizzle.__drizzle_migrations`,
    );
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);
  });
});
