/**
 * `npm run import -- FILE`: loads an export (`npm run export`) into the database the store's
 * settings name now: DATABASE_URL (an empty PostgreSQL database), or the embedded one in
 * DATA_DIR/db (made if missing). It migrates that database, refuses one that holds anything, and
 * loads every table in one transaction: all of it, or nothing. Run it with the store stopped.
 * Exit code 0 when everything was loaded, else 1 (the message says why).
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { importDatabase, ImportError, readExportHeader } from '../transfer/import.service';
import { embeddedDatabaseIsOpen, settingsForCommand } from './store-files';

const USAGE = 'Usage: npm run import -- FILE';

export async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const file = resolve(args[0]!);
  if (!existsSync(file)) {
    console.error(`There is no export at ${file}.`);
    return 1;
  }
  // Before a database is opened (an embedded one would be made): is this an export at all?
  try {
    await readExportHeader(file);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
  const config = settingsForCommand();
  if (typeof config === 'string') {
    console.error(config);
    return 1;
  }
  if (!config.databaseUrl && embeddedDatabaseIsOpen(config)) {
    console.error(
      `The store's embedded database (${config.pgliteDir}) is open in another process, most likely the running store. Stop it and run the import again.`,
    );
    return 1;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 2,
  });
  try {
    const summary = await importDatabase(database, file);
    console.log(
      [
        `Imported ${file} (exported from ${summary.source === 'postgres' ? 'PostgreSQL' : 'the embedded database (PGlite)'} at ${summary.createdAt})`,
        `  into ${database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.pgliteDir}`}: ${summary.tables} tables, ${summary.rows} rows`,
        `  The store's files are not in an export: put DATA_DIR/files and DATA_DIR/media where this store's settings look (or keep S3_* as they were).`,
        'Start the store with these settings.',
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    if (err instanceof ImportError) console.error(err.message);
    else
      console.error(
        'The import failed; nothing was imported.',
        err instanceof Error ? err.message : err,
      );
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
