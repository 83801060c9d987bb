/**
 * `npm run export -- FILE`: writes every row of the store's database (DATABASE_URL, or the
 * embedded one in DATA_DIR/db) to FILE, JSON lines, gzipped when FILE ends in .gz, to load into
 * a database of the other kind with `npm run import` (README.md, "Moving to PostgreSQL"). The
 * store's files are not in it. The embedded database can be exported only while the store is
 * stopped; stop a store on PostgreSQL too when moving it, or its later writes are not in the file.
 * Exit code 0 when the file was written, else 1.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { exportDatabase } from '../transfer/export.service';
import { openForCommand } from './store-files';

const USAGE = 'Usage: npm run export -- FILE   (FILE.jsonl, or FILE.jsonl.gz to gzip it)';

export async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const file = resolve(args[0]!);
  if (existsSync(file)) {
    console.error(`${file} already exists; name a new file.`);
    return 1;
  }
  const opened = await openForCommand({
    missing:
      ': nothing to export. (Set DATA_DIR, or DATABASE_URL for PostgreSQL, as the store has them.)',
    open: 'Stop the store, run the export, then move on to the new database.',
  });
  if (!opened) return 1;
  const { database } = opened;
  try {
    const summary = await exportDatabase(database, file);
    console.log(
      [
        `Exported the ${summary.source === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database to ${summary.file}`,
        `  ${summary.tables} tables, ${summary.rows} rows`,
        "  The store's files (DATA_DIR/files and DATA_DIR/media, or the S3 bucket) are not in it: copy them as they are.",
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    console.error(
      `The export failed; no file was kept. ${err instanceof Error ? err.message : err}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
