import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { createStorage } from './storage/create-storage';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import {
  fillDemoFeatures,
  fillDemoPackContents,
  fillDemoPreviewPeaks,
  fillDemoReviews,
  seedDemoCatalogue,
} from './demo/seed';
import { needsDemoCatalogue } from './db/first-start';
import { createBackground } from './lifecycle/background';
import { stopOnSignals } from './lifecycle/graceful-stop';
import { trackHandlers, trackRequests } from './lifecycle/request-drain';
import { createRunState } from './lifecycle/run-state';
import { scheduledJobs } from './lifecycle/scheduled-jobs';
import { createScheduler } from './lifecycle/scheduler';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { startMailWorker } from './mail/mail-worker';
import { createDocumentWorker } from './invoices/document-worker';
import { catalogueChanges } from './catalogue/catalogue-changes';
import { createExtractionWorker } from './packs/extraction-worker';
import { createCampaignWorker } from './campaigns/campaign-worker';
import { createUploadStore } from './uploads/upload-store';

const config = loadSettingsOrExit();
const logger = createLogger(config.logLevel);
if (config.isProduction && config.paymentsTestMode) {
  logger.warn('PAYMENTS_TEST_MODE=true: payments use the test processor and nothing is charged');
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  poolSize: config.databasePoolSize,
  onConnectionError: (err) => logger.warn({ err }, 'a database connection failed'),
});
await database.migrate();
logger.info({ driver: database.driver }, 'database ready');

const authSecret = await resolveAuthSecret(database.db, config.authSecret, config.dataDir);
if (config.seedOnStart && (await needsDemoCatalogue(database.db, config.mediaDir))) {
  const storage = createStorage({
    ...config,
    keys: { current: authSecret, previous: config.previousAuthSecrets },
  });
  const counts = await seedDemoCatalogue(
    database.db,
    { mediaDir: config.mediaDir, filesDir: config.filesDir },
    storage,
  );
  logger.info(counts, 'demo catalogue loaded');
}
if (config.seedOnStart) {
  const filled = await fillDemoPreviewPeaks(database.db, config.mediaDir);
  if (filled > 0) logger.info({ products: filled }, 'demo preview waveforms computed');
  const items = await fillDemoPackContents(database.db, config.mediaDir);
  if (items > 0) logger.info({ items }, 'demo pack contents listed');
  const featured = await fillDemoFeatures(database.db);
  if (featured > 0) logger.info({ products: featured }, 'demo feature points written');
  const demoReviews = await fillDemoReviews(database.db);
  if (demoReviews > 0) logger.info({ reviews: demoReviews }, 'demo reviews written');
}

const mailer = createMailer(config, logger);
const runState = createRunState();
// Shared with the pack extraction worker, whose writes drop the cached pages as the admin's do.
const changes = catalogueChanges();
const app = createApp({
  config: { ...config, authSecret },
  database,
  logger,
  mailer,
  runState,
  catalogueChanges: changes,
});
const handlers = trackHandlers();
const server = serve(
  { fetch: handlers.wrap(app.fetch), port: config.port, hostname: config.host },
  (info) => {
    logger.info(`Loopmarket is running on http://localhost:${info.port}`);
  },
) as Server;
const requests = trackRequests(server, handlers);

// Background work: stopped in this order once the last request has been answered.
const background = createBackground(logger);
const uploads = createUploadStore({ s3: config.s3, filesDir: config.filesDir });
background.add(createScheduler(database.db, scheduledJobs(logger, uploads), logger).start());
// Sends the mail the app queues (and mail left queued by a crash) off the request path.
const mailWorker = startMailWorker({ db: database.db, mailer, logger });
background.add({ name: 'mail worker', stop: () => mailWorker.stop() });
// Makes and stores the PDFs of issued invoices and credit notes off the request path.
const storage = createStorage({
  ...config,
  keys: { current: authSecret, previous: config.previousAuthSecrets },
});
const documentWorker = createDocumentWorker({ db: database.db, storage, logger });
documentWorker.start();
background.add({ name: 'document worker', stop: () => documentWorker.stop() });
// Lists the contents of uploaded pack ZIPs (packs/), one at a time, off the request path.
const extractionWorker = createExtractionWorker({
  db: database.db,
  storage,
  mediaDir: config.mediaDir,
  changes,
  logger,
});
extractionWorker.start();
background.add({ name: 'pack extraction worker', stop: () => extractionWorker.stop() });
// Hands the recipients of the campaigns the owner sent to the outbox, a batch at a time.
const campaignWorker = createCampaignWorker({
  db: database.db,
  // The store's own name and sender name on every message, as the app's mail has them.
  mailer: app.mailer,
  logger,
  mail: {
    keys: { current: authSecret, previous: config.previousAuthSecrets },
    publicUrl: config.publicUrl,
  },
});
campaignWorker.start();
background.add({ name: 'campaign worker', stop: () => campaignWorker.stop() });

stopOnSignals({
  server,
  requests,
  runState,
  background,
  database,
  logger,
  timeoutMs: config.shutdownTimeoutSeconds * 1000,
});

/** The settings, or a message naming each missing or invalid one and exit code 1. */
function loadSettingsOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    console.error(`Loopmarket cannot start. ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
