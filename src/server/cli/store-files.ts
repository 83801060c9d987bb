import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createStorage } from '../storage/create-storage';

/**
 * The store's files as the server keeps them (S3 when configured, else DATA_DIR/files). The
 * commands never hand out download links, so the link-signing key is not needed.
 */
export const storeFilesOf = (config: Config) =>
  createStorage({
    s3: config.s3,
    filesDir: config.filesDir,
    keys: { current: 'links are not signed by the command line', previous: [] },
    publicUrl: config.publicUrl,
  });

/** PGlite keeps this file while a process has the database open; two at once would corrupt it. */
export const embeddedDatabaseIsOpen = (config: Config) =>
  existsSync(join(config.pgliteDir, 'postmaster.pid'));

export const embeddedDatabaseExists = (config: Config) =>
  existsSync(join(config.pgliteDir, 'PG_VERSION'));

/** The store's settings as the server reads them, or the message saying why they cannot be read. */
export function settingsForCommand(): Config | string {
  try {
    return loadConfig();
  } catch (err) {
    return `Cannot read the store's settings. ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * Why a command cannot open the embedded database, if it cannot: there is none yet (`missing`
 * says what to do), or another process has it open (`open` says what to do).
 */
function embeddedDatabaseProblem(
  config: Config,
  say: { missing: string; open: string },
): string | null {
  if (config.databaseUrl) return null;
  if (!embeddedDatabaseExists(config)) {
    return `There is no store database in ${config.pgliteDir}${say.missing}`;
  }
  if (embeddedDatabaseIsOpen(config)) {
    return `The store's embedded database (${config.pgliteDir}) is open in another process, most likely the running store, and only one process may open it. ${say.open}`;
  }
  return null;
}

/**
 * The store's settings and its database for one command (one connection), or null when either
 * cannot be had: the reason is printed, with `say`'s advice for the embedded database.
 */
export async function openForCommand(say: {
  missing: string;
  open: string;
}): Promise<{ config: Config; database: Database } | null> {
  const config = settingsForCommand();
  const problem = typeof config === 'string' ? config : embeddedDatabaseProblem(config, say);
  if (problem !== null || typeof config === 'string') {
    console.error(problem);
    return null;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 1,
  });
  return { config, database };
}
