/**
 * `npm run backup` (or `npm run backup -- --to DIR`): writes a backup of the store into a new
 * folder under BACKUP_DIR (default ./backups): the database, every stored file (local or S3),
 * the media folder, and manifest.json with each file's size and SHA-256. It prints the folder.
 * On PostgreSQL it runs beside the store (pg_dump takes one snapshot); the embedded database can
 * be backed up only while the store is stopped. Exit code 0 when the backup was written, else 1.
 * README.md, "Backups", says how to schedule it.
 */
import { resolve } from 'node:path';
import { createBackup } from '../backup/backup.service';
import { openForCommand, storeFilesOf } from './store-files';

const USAGE = 'Usage: npm run backup   (or: npm run backup -- --to FOLDER)';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function main(args: string[]): Promise<number> {
  const to = args[0] === '--to' && args.length === 2 ? args[1] : undefined;
  if (args.length > 0 && !to) {
    console.error(USAGE);
    return 1;
  }
  const opened = await openForCommand({
    missing:
      ': nothing to back up. (Set DATA_DIR, or DATABASE_URL for PostgreSQL, as the store has them.)',
    open: 'Stop the store, run the backup, then start it again; or move the store to PostgreSQL (DATABASE_URL), which is backed up while it runs.',
  });
  if (!opened) return 1;
  const { config, database } = opened;
  try {
    const { dir, manifest } = await createBackup(
      {
        database,
        databaseUrl: config.databaseUrl,
        storage: storeFilesOf(config),
        mediaDir: config.mediaDir,
      },
      to ? resolve(to) : config.backupDir,
    );
    const of = (area: 'files' | 'media') => manifest.files.filter((f) => f.area === area);
    const sum = (files: { size: number }[]) => megabytes(files.reduce((n, f) => n + f.size, 0));
    const db = manifest.database;
    console.log(
      [
        `Backed up the store to ${dir}`,
        `  database: ${db.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'}, ${manifest.store.migrations} migrations, ${db.file} ${megabytes(db.size)}`,
        `  files (${manifest.storage === 's3' ? 'S3 bucket' : 'files folder'}): ${of('files').length}, ${sum(of('files'))}`,
        `  media: ${of('media').length}, ${sum(of('media'))}`,
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    console.error(
      `The backup failed; nothing was kept. ${err instanceof Error ? err.message : err}`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
