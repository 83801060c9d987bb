import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';

/**
 * The store's tables as the database itself describes them (pg_catalog), not as the Drizzle
 * schema names them: an export copies whatever the migrations made, triggers' summary tables
 * (product_counts, search_terms) and all, in an order their foreign keys accept.
 */
export interface TableShape {
  name: string;
  /** Every column a row is written with: generated columns are left out (the database makes them). */
  columns: string[];
  /** Each column's type as SQL names it (format_type), to read its text back with a cast. */
  types: string[];
  /** A column GENERATED ALWAYS AS IDENTITY needs OVERRIDING SYSTEM VALUE to be given a value. */
  identityAlways: boolean;
}

export interface SequenceShape {
  name: string;
}

type Querier = Db | Tx;

/** A name as an SQL identifier: the tables' names come from the catalogue, quoted all the same. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const COLUMNS = sql`
  select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
    a.attidentity = 'a' as identity_always
  from pg_class c
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    and a.attgenerated = ''
  order by c.relname, a.attnum`;

const REFERENCES = sql`
  select c.relname as table, r.relname as references
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_class r on r.oid = k.confrelid
  where k.contype = 'f' and c.relnamespace = 'public'::regnamespace`;

const SEQUENCES = sql`
  select c.relname as name from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' order by 1`;

/**
 * Every table of the public schema, each after the tables it references, so rows load with their
 * foreign keys checked. A table that references itself (or a circle of tables) would need its rows
 * parent first; the store has none, and this refuses one rather than guess.
 */
export async function tablesInLoadOrder(db: Querier): Promise<TableShape[]> {
  const shapes = new Map<string, TableShape>();
  const columns = await queryRows<{
    table: string;
    column: string;
    type: string;
    identity_always: boolean;
  }>(db, COLUMNS);
  for (const { table, column, type, identity_always } of columns) {
    const shape = shapes.get(table) ?? {
      name: table,
      columns: [],
      types: [],
      identityAlways: false,
    };
    shape.columns.push(column);
    shape.types.push(type);
    shape.identityAlways ||= identity_always;
    shapes.set(table, shape);
  }
  const needs = new Map([...shapes.keys()].map((name) => [name, new Set<string>()]));
  for (const { table, references } of await queryRows<{ table: string; references: string }>(
    db,
    REFERENCES,
  )) {
    needs.get(table)?.add(references);
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  // Alphabetical among equals, so two exports of one database list their tables alike.
  const pending = [...shapes.keys()].sort();
  while (pending.length > 0) {
    const next = pending.findIndex((name) => [...needs.get(name)!].every((t) => placed.has(t)));
    if (next === -1) {
      throw new Error(
        `These tables reference each other (or themselves), which an export cannot order: ${pending.join(', ')}`,
      );
    }
    const [name] = pending.splice(next, 1);
    placed.add(name!);
    ordered.push(shapes.get(name!)!);
  }
  return ordered;
}

export async function sequencesOf(db: Querier): Promise<SequenceShape[]> {
  return queryRows<SequenceShape>(db, SEQUENCES);
}

/** The migrations applied to this database: how many, and the newest one's timestamp. */
export async function appliedMigrations(db: Querier): Promise<{ count: number; last: string }> {
  const [row] = await queryRows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, coalesce(max(created_at)::text, '') as last
      from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), last: row?.last ?? '' };
}

/** Rows in each table, by name. */
export async function rowCounts(db: Querier, tables: TableShape[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from ${quoted(name)}`),
    );
    counts.set(name, Number(row?.n ?? 0));
  }
  return counts;
}
