import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../db/client';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  isGzipName,
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
  sequencesOf,
  tablesInLoadOrder,
} from './table-catalogue';

/** Rows fetched from the cursor at a time: a large table is streamed, never held in memory. */
const BATCH = 500;

export interface ExportSummary {
  file: string;
  tables: number;
  rows: number;
  source: Database['driver'];
}

/**
 * Writes every row of every table of the database to `file` (see export-file.ts), read in one
 * snapshot (a REPEATABLE READ transaction), tables in foreign-key order. The file is written as
 * `<file>.partial` and renamed when whole, so a failed export leaves no file that looks complete.
 * The store's files (DATA_DIR/files, media, or the S3 bucket) are not in it.
 */
export async function exportDatabase(database: Database, file: string): Promise<ExportSummary> {
  const partial = `${file}.partial`;
  let tables = 0;
  let rows = 0;
  try {
    await database.db.transaction(
      async (tx) => {
        const lines = exportLines(tx, database.driver, (t, r) => {
          tables = t;
          rows = r;
        });
        const out = createWriteStream(partial);
        const packing = isGzipName(file) ? createGzip() : new PassThrough();
        await pipeline(Readable.from(lines), packing, out);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { file, tables, rows, source: database.driver };
}

async function* exportLines(
  tx: Tx,
  source: Database['driver'],
  done: (tables: number, rows: number) => void,
): AsyncGenerator<string> {
  for (const setting of TEXT_SETTINGS) await tx.execute(sql.raw(`set local ${setting}`));
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    createdAt: new Date().toISOString(),
    source,
    migrations: await appliedMigrations(tx),
  };
  yield `${JSON.stringify(header)}\n`;
  const tables = await tablesInLoadOrder(tx);
  const counts = await rowCounts(tx, tables);
  let total = 0;
  for (const table of tables) {
    const rows = counts.get(table.name) ?? 0;
    const line: TableLine = { table: table.name, columns: table.columns, rows };
    yield `${JSON.stringify(line)}\n`;
    if (rows === 0) continue;
    // Each value's text output (an array constructor has no argument limit, unlike
    // json_build_array), as a JSON array of strings and nulls.
    const values = table.columns.map((column) => `${quoted(column)}::text`).join(', ');
    await tx.execute(
      sql.raw(
        `declare export_rows no scroll cursor for
         select array_to_json(array[${values}]::text[])::text as line from ${quoted(table.name)}`,
      ),
    );
    let written = 0;
    for (;;) {
      const batch = await queryRows<{ line: string }>(
        tx,
        sql.raw(`fetch ${BATCH} from export_rows`),
      );
      if (batch.length === 0) break;
      written += batch.length;
      yield batch.map((row) => `${row.line}\n`).join('');
    }
    await tx.execute(sql.raw('close export_rows'));
    if (written !== rows) {
      throw new Error(`${table.name}: counted ${rows} rows but read ${written}`);
    }
    total += written;
  }
  for (const { name } of await sequencesOf(tx)) {
    const [state] = await queryRows<{ value: string; is_called: boolean }>(
      tx,
      sql.raw(`select last_value::text as value, is_called from ${quoted(name)}`),
    );
    const line: SequenceLine = { sequence: name, value: state!.value, isCalled: state!.is_called };
    yield `${JSON.stringify(line)}\n`;
  }
  const end: EndLine = { end: { tables: tables.length, rows: total } };
  yield `${JSON.stringify(end)}\n`;
  done(tables.length, total);
}
