import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { products } from '#server/db/schema';
import { createProduct } from '#tests/support/factories';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';
import { runCommand, type CommandSettings } from '#tests/support/cli-process';

const serverUrl = process.env.TEST_DATABASE_URL;

const run = (command: 'backup' | 'restore', args: string[], settings: CommandSettings) =>
  runCommand(command, args, settings);

const dropped: string[] = [];
afterEach(async () => {
  for (const name of dropped.splice(0)) {
    await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

/** A store's settings: its own DATA_DIR, and on PostgreSQL its own database. */
async function storeSettings(label: string): Promise<CommandSettings> {
  const dataDir = mkdtempSync(join(tmpdir(), `lm-cli-${label}-`));
  if (!serverUrl) return { DATA_DIR: dataDir };
  const name = `loopmarket_cli_${randomBytes(4).toString('hex')}`;
  dropped.push(name);
  return { DATA_DIR: dataDir, DATABASE_URL: await recreateDatabase(serverUrl, name) };
}

const openStore = (settings: { DATA_DIR: string; DATABASE_URL?: string }) =>
  openDatabase({ databaseUrl: settings.DATABASE_URL, pgliteDir: join(settings.DATA_DIR, 'db') });

describe('npm run backup and npm run restore', { timeout: 180_000 }, () => {
  it('back up a store to a dated folder and bring it back in a fresh install, saying what they did', async () => {
    const source = await storeSettings('source');
    const database = await openStore(source);
    await database.migrate();
    await createProduct(database.db, { name: 'Tape Echo', fileKey: 'products/tape-echo.zip' });
    await database.close();
    await mkdir(join(source.DATA_DIR, 'files/products'), { recursive: true });
    await writeFile(join(source.DATA_DIR, 'files/products/tape-echo.zip'), 'echo bytes');

    const backups = mkdtempSync(join(tmpdir(), 'lm-cli-backups-'));
    const backup = await run('backup', ['--to', backups], source);
    expect(backup.stderr).not.toMatch(/fail/i);
    expect(backup.code).toBe(0);
    const [name] = await readdir(backups);
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const dir = join(backups, name!);
    expect(backup.stdout).toContain(`Backed up the store to ${dir}`);
    expect(backup.stdout).toMatch(/files \(files folder\): 1, /);

    const target = await storeSettings('target');
    const restore = await run('restore', [dir], target);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored the backup of `);
    expect(restore.stdout).toMatch(/files \(.*\): 1, 0\.0 MB, each checked against its SHA-256/);
    expect(await readFile(join(target.DATA_DIR, 'files/products/tape-echo.zip'), 'utf8')).toBe(
      'echo bytes',
    );
    const restored = await openStore(target);
    try {
      const rows = await restored.db.select({ name: products.name }).from(products);
      expect(rows).toEqual([{ name: 'Tape Echo' }]);
    } finally {
      await restored.close();
    }

    // Once restored, the store is no longer a fresh install.
    const again = await run('restore', [dir], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The target store is not a fresh install: it has 1 products');
  });

  it.skipIf(serverUrl)(
    'refuses to back up the embedded database while another process has it open',
    async () => {
      const store = await storeSettings('open');
      const database = await openStore(store);
      try {
        await database.migrate();
        const backups = mkdtempSync(join(tmpdir(), 'lm-cli-backups-'));
        const backup = await run('backup', ['--to', backups], store);
        expect(backup.code).toBe(1);
        expect(backup.stderr).toContain(
          `The store's embedded database (${join(store.DATA_DIR, 'db')}) is open in another process, most likely the running store`,
        );
        expect(await readdir(backups)).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});
