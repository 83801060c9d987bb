import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type Tx } from '../db/client';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  readLines,
  TEXT_SETTINGS,
  type EndLine,
  type ExportHeader,
  type SequenceLine,
  type TableLine,
} from './export-file';
import {
  appliedMigrations,
  quoted,
  rowCounts,
  tablesInLoadOrder,
  type TableShape,
} from './table-catalogue';

/** A reason the import refused or stopped; its message is for the operator, as it is. */
export class ImportError extends Error {}

/** Rows sent in one INSERT: one JSON array parameter, a few hundred kilobytes. */
const BATCH = 500;

export interface ImportSummary {
  tables: number;
  rows: number;
  source: ExportHeader['source'];
  createdAt: string;
}

/**
 * Loads an export (export.service.ts) into `database`, which must be empty: it is migrated first
 * (to this version's migrations, which must be the export's), and refused if it holds anything
 * beyond the rows the migrations themselves write. Everything happens in one transaction, with
 * the tables' own triggers off (their summary tables, product_counts and search_terms, are copied
 * as they were) and foreign keys checked: either the whole export is in, or nothing changed.
 */
export async function importDatabase(database: Database, file: string): Promise<ImportSummary> {
  const lines = (await readLines(file))[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = parseHeader(first.done ? undefined : first.value, file);

  // A database no store has migrated, with nothing in it, is empty once migrated too: only the
  // rows the migrations write. Else it is compared with a freshly migrated one.
  const untouched = await neverMigratedAndEmpty(database);
  await database.migrate();
  const here = await appliedMigrations(database.db);
  if (here.count !== header.migrations.count || here.last !== header.migrations.last) {
    throw new ImportError(
      `The export was made by a store with ${header.migrations.count} migrations and this version of Loopmarket has ${here.count}. ` +
        'Export and import with the same version: start the old store once with this version (it migrates its database on start), then export again.',
    );
  }
  const tables = await tablesInLoadOrder(database.db);
  if (!untouched) await refuseUnlessEmpty(database, tables);

  return database.db.transaction(async (tx) => {
    for (const setting of TEXT_SETTINGS) await tx.execute(sql.raw(`set local ${setting}`));
    const known = new Map(tables.map((table) => [table.name, table]));
    const names = tables.map((table) => quoted(table.name));
    // The rows the migrations wrote (the launch promo codes) are in the export as the source
    // store kept them; triggers would otherwise recount what the export already holds.
    for (const name of names) await tx.execute(sql.raw(`alter table ${name} disable trigger user`));
    if (names.length > 0) await tx.execute(sql.raw(`truncate ${names.join(', ')}`));

    let loadedTables = 0;
    let loadedRows = 0;
    let end: EndLine['end'] | undefined;
    let section: { table: TableShape; line: TableLine; batch: string[]; loaded: number } | null =
      null;

    const flush = async () => {
      if (!section || section.batch.length === 0) return;
      await insertRows(tx, section.table, section.line.columns, section.batch);
      section.loaded += section.batch.length;
      section.batch = [];
    };
    const closeSection = async () => {
      if (!section) return;
      await flush();
      if (section.loaded !== section.line.rows) {
        throw new ImportError(
          `The export is cut short: ${section.line.table} should have ${section.line.rows} rows and has ${section.loaded}.`,
        );
      }
      loadedTables += 1;
      loadedRows += section.loaded;
      section = null;
    };

    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const text = next.value;
      if (text === '') continue;
      if (section && section.loaded + section.batch.length < section.line.rows) {
        // A row: kept as the text the source database wrote, parsed only by this one.
        section.batch.push(text);
        if (section.batch.length >= BATCH) await flush();
        continue;
      }
      await closeSection();
      const line = JSON.parse(text) as Partial<TableLine & SequenceLine & EndLine>;
      if (line.table !== undefined) {
        const table = known.get(line.table);
        if (!table) {
          throw new ImportError(`The export has a table this store does not: ${line.table}.`);
        }
        const missing = line.columns!.filter((column) => !table.columns.includes(column));
        if (missing.length > 0) {
          throw new ImportError(
            `${line.table}: the export has columns this store does not: ${missing.join(', ')}.`,
          );
        }
        section = { table, line: line as TableLine, batch: [], loaded: 0 };
      } else if (line.sequence !== undefined) {
        await tx.execute(
          sql`select setval(${quoted(line.sequence)}::regclass, ${line.value}::bigint, ${line.isCalled})`,
        );
      } else if (line.end !== undefined) {
        end = line.end;
        break;
      } else {
        throw new ImportError(
          `The export has a line this version does not read: ${text.slice(0, 80)}`,
        );
      }
    }
    await closeSection();
    if (!end || end.tables !== loadedTables || end.rows !== loadedRows) {
      throw new ImportError(
        `The export is cut short (no end line, or fewer tables and rows than it says): loaded ${loadedTables} tables and ${loadedRows} rows. Nothing was imported.`,
      );
    }
    for (const name of names) await tx.execute(sql.raw(`alter table ${name} enable trigger user`));
    return {
      tables: loadedTables,
      rows: loadedRows,
      source: header.source,
      createdAt: header.createdAt,
    };
  });
}

/** The export's header, or the ImportError saying why the file is not one this version reads. */
export async function readExportHeader(file: string): Promise<ExportHeader> {
  for await (const line of await readLines(file)) return parseHeader(line, file);
  return parseHeader(undefined, file);
}

function parseHeader(text: string | undefined, file: string): ExportHeader {
  let header: Partial<ExportHeader> | undefined;
  try {
    header = text ? (JSON.parse(text) as Partial<ExportHeader>) : undefined;
  } catch {
    header = undefined;
  }
  if (header?.format !== EXPORT_FORMAT) {
    throw new ImportError(`${file} is not a Loopmarket export (made by \`npm run export\`).`);
  }
  if (header.version !== EXPORT_VERSION) {
    throw new ImportError(
      `${file} is an export of format version ${header.version}; this version of Loopmarket reads version ${EXPORT_VERSION}.`,
    );
  }
  return header as ExportHeader;
}

/**
 * Inserts rows given as the export's arrays of text: each value is cast to its column's type here,
 * by the database's own input function, the inverse of the output the source wrote it with.
 */
async function insertRows(tx: Tx, table: TableShape, fileColumns: string[], rows: string[]) {
  const values = fileColumns.map((column, i) => {
    const type = table.types[table.columns.indexOf(column)]!;
    return `(r ->> ${i})::${type}`;
  });
  const overriding = table.identityAlways ? ' overriding system value' : '';
  await tx.execute(
    sql`${sql.raw(`insert into ${quoted(table.name)} (${fileColumns.map(quoted).join(', ')})${overriding} select ${values.join(', ')} from json_array_elements(`)}${`[${rows.join(',')}]`}::json) r`,
  );
}

async function neverMigratedAndEmpty(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ migrated: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
  );
  if (row?.migrated) return false;
  const counts = await rowCounts(database.db, await tablesInLoadOrder(database.db));
  return [...counts.values()].every((n) => n === 0);
}

/**
 * Refuses a database that holds anything: every table must have no more rows than a freshly
 * migrated database has (the migrations write a few, the launch promo codes), measured against
 * one migrated here in memory, so a migration that adds such rows needs no change here.
 */
async function refuseUnlessEmpty(database: Database, tables: TableShape[]) {
  const reference = await openDatabase({ pgliteDir: 'memory://' });
  let fresh: Map<string, number>;
  try {
    await reference.migrate();
    fresh = await rowCounts(reference.db, await tablesInLoadOrder(reference.db));
  } finally {
    await reference.close();
  }
  const counts = await rowCounts(database.db, tables);
  const holding = [...counts]
    .filter(([name, n]) => n > (fresh.get(name) ?? 0))
    .map(([name, n]) => `${name} (${n} rows)`);
  if (holding.length > 0) {
    throw new ImportError(
      `The database to import into is not empty: ${holding.slice(0, 8).join(', ')}${holding.length > 8 ? ', …' : ''}. ` +
        'Import into a new, empty database (createdb, or a DATA_DIR without db/) that no store has been started on; nothing was changed.',
    );
  }
}
