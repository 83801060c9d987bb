import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * An export file: JSON lines, gzipped when its name ends in .gz. The first line is the header;
 * then each table's line (its name, the columns its rows give and how many rows follow) and its
 * rows, one line each: a JSON array of the columns' values as PostgreSQL's own text (the text
 * pg_dump writes too), null for SQL NULL; then each sequence's line; then the end line, so a file
 * cut short is told from a whole one.
 *
 * Text, not JSON values, so nothing is lost or confused: a bigint beyond 2^53, a numeric's digits,
 * bytea's \x hex, a timestamp's microseconds, a json document's own spacing and key order, and a
 * jsonb `null` (the text "null") apart from SQL NULL. The rows are never parsed by JavaScript on
 * either side: the database writes each line and reads it back with a cast to the column's type.
 */
export const EXPORT_FORMAT = 'loopmarket-export';
export const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: number;
  createdAt: string;
  /** The database it was read from. */
  source: 'pglite' | 'postgres';
  /** The migrations that database had: the importing store must have the same. */
  migrations: { count: number; last: string };
}

export interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}

export interface SequenceLine {
  sequence: string;
  value: string;
  isCalled: boolean;
}

export interface EndLine {
  end: { tables: number; rows: number };
}

/**
 * The text forms both sides use, whatever the servers' defaults: ISO dates, hex bytea, floats to
 * their last digit, times in UTC (each with its offset either way). Set for the transaction only.
 */
export const TEXT_SETTINGS = [
  "datestyle = 'ISO, YMD'",
  "intervalstyle = 'postgres'",
  "bytea_output = 'hex'",
  'extra_float_digits = 3',
  "timezone = 'UTC'",
];

export const isGzipName = (path: string) => path.endsWith('.gz');

/** The file's lines, gunzipped when it starts with gzip's magic bytes (whatever its name). */
export async function readLines(path: string): Promise<AsyncIterable<string>> {
  const handle = await open(path, 'r');
  const magic = Buffer.alloc(2);
  try {
    await handle.read(magic, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(path);
  const input: Readable = magic[0] === 0x1f && magic[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (err) => input.destroy(err));
  const lines = createInterface({ input, crlfDelay: Infinity });
  // A reader that stops early (the header alone) lets go of the file.
  lines.once('close', () => {
    input.destroy();
    raw.destroy();
  });
  return lines;
}
