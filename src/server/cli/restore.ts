/**
 * `npm run restore -- BACKUP_FOLDER [--force]`: brings a fresh install back to a backup that
 * `npm run backup` wrote. It checks every file of the backup against its manifest, refuses a
 * store that already has products or orders (--force replaces them), restores the database
 * (into DATABASE_URL, or DATA_DIR/db), then the files (into S3 or DATA_DIR/files, as set now)
 * and the media folder, and reads each file back to check it. Run it with the store stopped.
 * Exit code 0 when everything was restored and checked, else 1 (the message says why).
 */
import { resolve } from 'node:path';
import { restoreBackup, RestoreError } from '../backup/restore.service';
import { PostgresToolError } from '../backup/postgres-tools';
import { settingsForCommand, storeFilesOf } from './store-files';

const USAGE = 'Usage: npm run restore -- BACKUP_FOLDER [--force]';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const from = resolve(rest[0]!);
  const config = settingsForCommand();
  if (typeof config === 'string') {
    console.error(config);
    return 1;
  }
  try {
    const report = await restoreBackup(
      from,
      {
        databaseUrl: config.databaseUrl,
        pgliteDir: config.pgliteDir,
        storage: storeFilesOf(config),
        mediaDir: config.mediaDir,
      },
      { force },
    );
    const { manifest, files, media } = report;
    console.log(
      [
        `Restored the backup of ${manifest.createdAt} from ${from}`,
        `  database: ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'}, ${manifest.store.migrations} migrations`,
        `  files (${config.s3 ? `S3 bucket ${config.s3.bucket}` : config.filesDir}): ${files.count}, ${megabytes(files.bytes)}, each checked against its SHA-256`,
        `  media (${config.mediaDir}): ${media.count}, ${megabytes(media.bytes)}, each checked`,
        ...(report.movedAside
          ? [`  the database folder that was there is kept at ${report.movedAside}`]
          : []),
        'Start the store: it applies any newer migrations of this version on start.',
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreError || err instanceof PostgresToolError) console.error(err.message);
    else console.error('The restore failed:', err);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
