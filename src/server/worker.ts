import { resolveAuthSecret } from './auth/auth-secret';
import { catalogueChanges } from './catalogue/catalogue-changes';
import { onStopSignals } from './lifecycle/graceful-stop';
import { loadSettingsOrExit, openMigratedDatabase } from './lifecycle/process-start';
import { startBackgroundWork } from './lifecycle/start-workers';
import { createLogger } from './logger';
import { brandedMailer, createMailer } from './mail/mailer';
import { createMetrics } from './metrics/metrics';
import { startMetricsServer } from './metrics/metrics-server';
import { storeBrandCache } from './settings/store-brand.service';

/**
 * The worker (`npm run worker`): the store's background work — mail, invoice PDFs, pack
 * contents, campaigns and the scheduled jobs — in a process of its own, beside web servers
 * started with RUN_WORKERS=false, on the same PostgreSQL database and the same settings. It
 * answers no HTTP. Its parts claim their work in the database, so several workers (or workers and
 * servers that also run it) share it without doing anything twice.
 */
const config = loadSettingsOrExit('worker');
const logger = createLogger(config.logLevel).child({ process: 'worker' });

const database = await openMigratedDatabase(config, logger);
const authSecret = await resolveAuthSecret(database.db, config.authSecret, config.dataDir);

// Mail names the store as its settings say; a save on a web server announces itself on the
// catalogue's channel, which this process hears, dropping the settings it kept.
const brand = storeBrandCache({
  db: database.db,
  defaults: {
    storeName: config.storeName,
    supportEmail: config.supportEmail,
    mailFrom: config.mailFrom,
  },
});
const mailer = brandedMailer(createMailer(config, logger), brand.mail);
// The pack extraction's writes are announced through PostgreSQL (pg_notify): every web server
// hears them and drops the pages and searches it built from the old catalogue.
const changes = catalogueChanges();
changes.subscribe(brand.clear);
changes
  .follow(database)
  .catch((err: unknown) => logger.warn({ err }, 'not hearing the store settings’ changes'));

// Its mail counters, queues and database use on METRICS_PORT, when set: the web servers' /metrics
// count only the mail they send themselves.
const metrics = createMetrics({ database, logger });
const background = startBackgroundWork({
  config,
  db: database.db,
  authSecret,
  mailer,
  changes,
  logger,
  deliveries: metrics.mail,
});
if (config.metricsPort) {
  const metricsServer = await startMetricsServer({
    port: config.metricsPort,
    host: config.host,
    metrics,
    token: config.metricsToken,
    logger,
  });
  background.add({ name: 'metrics server', stop: () => metricsServer.stop() });
}
logger.info('the Loopmarket worker is running its background work');

// SIGTERM or SIGINT: each part finishes the work in hand, then the database closes.
onStopSignals(
  logger,
  async (signal) => {
    logger.info({ reason: signal }, 'stopping: finishing the background work in hand');
    await background.stopAll();
    await database.close();
    logger.info('stopped');
  },
  'background work in hand is cut off (its lease brings it back)',
);
