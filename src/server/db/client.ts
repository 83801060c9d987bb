import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { serialConnectionUse, type ConnectionUse } from './connection-use';
import { migrateOneAtATime } from './migrate-postgres';
import { migrationsFolder } from './migrations-folder';
import { pgNotifications, type NotificationHandler } from './notifications';
import { createPool } from './pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: the services only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction `db.transaction(async (tx) => …)` hands its callback, of either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Hears pg_notify(channel, …) from other server processes on the same PostgreSQL database. On
   * PGlite, which one process owns, there are none to hear: it does nothing.
   */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  /** The connections' use now and since the start (/metrics reads it at each scrape). */
  connectionUse(): ConnectionUse;
  close(): Promise<void>;
}

/** Trigram word similarity at which a typo still matches a name (catalogue/search-match.ts). */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * A real PostgreSQL when a URL is given, else the embedded PGlite kept in `dataDir`
 * (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  poolSize?: number;
  /**
   * A pooled connection that failed (the server restarted, its backend was terminated, the
   * network dropped). Told once per connection; the pool then replaces it.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir()` tarball) instead of an empty
   * one, e.g. an already migrated database the tests copy (tests/support/test-database.ts).
   */
  loadDataDir?: Blob | File;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(
      {
        connectionString: options.databaseUrl,
        max: options.poolSize ?? 10,
        options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
      },
      (error) => options.onConnectionError?.(error),
    );
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const notifications = pgNotifications(options.databaseUrl, (error) =>
      options.onConnectionError?.(error),
    );
    return {
      db,
      driver: 'postgres',
      migrate: () => migrateOneAtATime(pool),
      listen: (channel, handler) => notifications.listen(channel, handler),
      connectionUse: () => pool.use(),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const use = trackPgliteUse(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async () => {},
    connectionUse: use.read,
    close: () => client.close(),
  };
}

/**
 * Counts the queries and transactions Drizzle sends to PGlite's one connection: the two calls
 * it makes (a transaction's own queries go through the transaction, and are not counted apart).
 */
function trackPgliteUse(client: PGlite) {
  const use = serialConnectionUse();
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    use.track(() => query(...args))) as PGlite['query'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    use.track(() => transaction(...args))) as PGlite['transaction'];
  return use;
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
