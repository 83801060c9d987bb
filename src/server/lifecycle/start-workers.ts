import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import { createCampaignWorker } from '../campaigns/campaign-worker';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createDocumentWorker } from '../invoices/document-worker';
import type { Logger } from '../logger';
import { startMailWorker, type MailWorkerOptions } from '../mail/mail-worker';
import type { Mailer } from '../mail/mailer';
import { createExtractionWorker } from '../packs/extraction-worker';
import { createStorage } from '../storage/create-storage';
import { createUploadStore } from '../uploads/upload-store';
import { createBackground, type Background } from './background';
import { createWebhookWorker } from '../webhooks/webhook-worker';
import { scheduledJobs } from './scheduled-jobs';
import { createScheduler } from './scheduler';

export interface BackgroundWorkDeps {
  config: Pick<
    Config,
    's3' | 'filesDir' | 'mediaDir' | 'publicUrl' | 'previousAuthSecrets' | 'isProduction'
  >;
  db: Db;
  /** The secret in use (AUTH_SECRET, or the one generated into the database). */
  authSecret: string;
  /**
   * The branded mailer, as the services have it: the store's own name and sender name on every
   * message. Its transport sends, and its wake() starts a send of what this process queued.
   */
  mailer: Mailer;
  /** Told of the catalogue writes the pack extraction makes, here and on every other process. */
  changes: CatalogueChanges;
  logger: Logger;
  /** Counts the mail worker's deliveries for /metrics (metrics/), when this process has one. */
  deliveries?: MailWorkerOptions['deliveries'];
}

/**
 * Starts the store's background work, in the web server (main.ts, RUN_WORKERS=true) or in a
 * worker process of its own (worker.ts). Every part takes its work from the database, claiming it
 * with a lease or a lock, so any number of processes may run them side by side. Stopped in this
 * order by the returned Background's stopAll(), each finishing the work in hand.
 */
export function startBackgroundWork(deps: BackgroundWorkDeps): Background {
  const { config, db, mailer, changes, logger } = deps;
  const keys = { current: deps.authSecret, previous: config.previousAuthSecrets };
  const background = createBackground(logger);

  const uploads = createUploadStore({ s3: config.s3, filesDir: config.filesDir });
  const reminders = { mailer, mail: { keys, publicUrl: config.publicUrl } };
  background.add(createScheduler(db, scheduledJobs(logger, uploads, reminders), logger).start());

  // Sends the mail the app queues (and mail left queued by a crash) off the request path.
  const mailWorker = startMailWorker({ db, mailer, logger, deliveries: deps.deliveries });
  background.add({ name: 'mail worker', stop: () => mailWorker.stop() });

  // Makes and stores the PDFs of issued invoices and credit notes off the request path.
  const storage = createStorage({ ...config, keys });
  const documentWorker = createDocumentWorker({ db, storage, logger });
  documentWorker.start();
  background.add({ name: 'document worker', stop: () => documentWorker.stop() });

  // Lists the contents of uploaded pack ZIPs (packs/), one at a time, off the request path. Its
  // writes announce themselves (catalogue-changes.ts), so every web server drops its cached pages.
  const extractionWorker = createExtractionWorker({
    db,
    storage,
    mediaDir: config.mediaDir,
    changes,
    logger,
  });
  extractionWorker.start();
  background.add({ name: 'pack extraction worker', stop: () => extractionWorker.stop() });

  // Hands the recipients of the campaigns the owner sent to the outbox, a batch at a time.
  const campaignWorker = createCampaignWorker({
    db,
    mailer,
    logger,
    mail: { keys, publicUrl: config.publicUrl },
  });
  campaignWorker.start();
  background.add({ name: 'campaign worker', stop: () => campaignWorker.stop() });

  // Sends the store's webhooks to the owner's endpoints, retried with backoff (webhooks/).
  const webhookWorker = createWebhookWorker({
    db,
    mailer,
    logger,
    publicUrl: config.publicUrl,
    allowPrivate: !config.isProduction,
  });
  webhookWorker.start();
  background.add({ name: 'webhook worker', stop: () => webhookWorker.stop() });

  return background;
}
