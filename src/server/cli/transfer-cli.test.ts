import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { products } from '#server/db/schema';
import { createProduct } from '#tests/support/factories';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';
import { runCommand, type CommandSettings } from '#tests/support/cli-process';

const serverUrl = process.env.TEST_DATABASE_URL;

type Settings = CommandSettings;

const run = (command: 'export' | 'import', args: string[], settings: CommandSettings) =>
  runCommand(command, args, settings);

const dropped: string[] = [];
afterAll(async () => {
  for (const name of dropped) {
    await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

const dataDir = (label: string) => mkdtempSync(join(tmpdir(), `lm-transfer-cli-${label}-`));

describe('npm run export and npm run import', { timeout: 180_000 }, () => {
  it('move a store from the embedded database to an empty one of the other kind, once', async () => {
    const source: Settings = { DATA_DIR: dataDir('source') };
    const database = await openDatabase({ pgliteDir: join(source.DATA_DIR, 'db') });
    await database.migrate();
    await createProduct(database.db, { name: 'Tape Echo' });
    await database.close();

    const file = join(dataDir('export'), 'store.jsonl.gz');
    const exported = await run('export', [file], source);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`Exported the embedded (PGlite) database to ${file}`);
    expect(exported.stdout).toContain('are not in it');
    expect(existsSync(file)).toBe(true);

    // PostgreSQL when the tests have a server; another embedded database otherwise.
    const target: Settings = { DATA_DIR: dataDir('target') };
    if (serverUrl) {
      const name = `loopmarket_transfer_${randomBytes(4).toString('hex')}`;
      dropped.push(name);
      target.DATABASE_URL = await recreateDatabase(serverUrl, name);
    }
    const imported = await run('import', [file], target);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`Imported ${file} (exported from the embedded database`);
    const moved = await openDatabase({
      databaseUrl: target.DATABASE_URL,
      pgliteDir: join(target.DATA_DIR, 'db'),
    });
    try {
      expect(await moved.db.select({ name: products.name }).from(products)).toEqual([
        { name: 'Tape Echo' },
      ]);
    } finally {
      await moved.close();
    }

    // The target now holds a store: a second import is refused, with the reason.
    const again = await run('import', [file], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The database to import into is not empty: ');
    expect(again.stderr).toContain('products (1 rows)');

    // An export never overwrites a file.
    const over = await run('export', [file], source);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`${file} already exists`);
  });
});
