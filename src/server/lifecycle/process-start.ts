import { loadConfig, type Config, type ProcessRole } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { Logger } from '../logger';

/**
 * The settings of a web server or the worker, or a message naming each missing or invalid one
 * on stderr and exit code 1.
 */
export function loadSettingsOrExit(role: ProcessRole): Config {
  try {
    return loadConfig(process.env, role);
  } catch (err) {
    const who = role === 'worker' ? 'The Loopmarket worker' : 'Loopmarket';
    console.error(`${who} cannot start. ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/**
 * The store's database, migrated. Servers and workers starting together each migrate; on
 * PostgreSQL one at a time (db/migrate-postgres.ts), so the migrations run once.
 */
export async function openMigratedDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: config.databasePoolSize,
    onConnectionError: (err) => logger.warn({ err }, 'a database connection failed'),
  });
  await database.migrate();
  logger.info({ driver: database.driver }, 'database ready');
  return database;
}
