import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import type { Mailer } from '../mail/mailer';
import type { Payments } from '../payments/payments';
import { checkDatabase } from './database-check';
import type { HealthReport } from '#shared/health';
import { checkMailQueue, createMailCheck } from './mail-check';
import { checkMigrations, readJournal } from './migrations-check';
import { checkPayments } from './payments-check';
import { checkStorage, type StorageFolders } from './storage-check';

export interface HealthDeps {
  database: Database;
  mailer: Pick<Mailer, 'kind'>;
  payments: Pick<Payments, 'provider' | 'stripe'>;
  smtpUrl: string | undefined;
  folders: StorageFolders;
  /** Where product files live; S3 is checked with a probe object. */
  files?: Pick<Storage, 'kind' | 'check'>;
  isProduction: boolean;
}

/** What one caller may see: developers on this machine see paths and the diagnostics switch. */
export interface HealthAudience {
  showPaths: boolean;
  diagnostics: boolean;
}

/** Every part of the backend checked at once; built once, run per request. */
export function createHealthCheck(deps: HealthDeps) {
  const journal = readJournal();
  const checkMail = createMailCheck(deps.mailer, deps.smtpUrl);

  async function checkDatabaseAndMigrations() {
    const database = await checkDatabase(deps.database);
    const migrations =
      database.status === 'ok'
        ? await checkMigrations(deps.database.db, journal)
        : unknownMigrations(journal.length, journal.at(-1)?.tag);
    return [database, migrations] as const;
  }

  return async function checkHealth(audience: HealthAudience): Promise<HealthReport> {
    const [[database, migrations], mailServer, mailQueue, storage] = await Promise.all([
      checkDatabaseAndMigrations(),
      checkMail(),
      checkMailQueue(deps.database.db),
      checkStorage(deps.folders, audience.showPaths, deps.files),
    ]);
    const mail = { ...mailServer, queue: mailQueue };
    const payments = checkPayments(deps.payments);
    const parts = [database, migrations, mail, storage, payments];
    return {
      status:
        database.status === 'failed'
          ? 'down'
          : parts.every((part) => part.status === 'ok')
            ? 'ok'
            : 'degraded',
      checkedAt: new Date().toISOString(),
      diagnostics: audience.diagnostics,
      database,
      migrations,
      mail,
      storage,
      payments,
    };
  };
}

function unknownMigrations(expected: number, expectedTag?: string): HealthReport['migrations'] {
  return {
    status: 'failed',
    applied: 0,
    expected,
    latestTag: null,
    expectedTag: expectedTag ?? null,
    detail: 'Not checked: the database did not answer',
  };
}
