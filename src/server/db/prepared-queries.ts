import type { Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A query's value, or the placeholder its prepared statement takes it by. */
export type Value<T> = T | Placeholder;

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database under `name`. Built with drizzle's `.prepare(name)`, it skips
 * drizzle's SQL building on every later call and, on PostgreSQL, is a named prepared statement:
 * each pooled connection parses and plans it once. Only for queries whose best plan does not
 * depend on the values (a search's does: it is planned afresh every time).
 */
export function preparedQuery<T>(db: Db, name: string, build: () => T): T {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  if (!queries.has(name)) queries.set(name, build());
  return queries.get(name) as T;
}
