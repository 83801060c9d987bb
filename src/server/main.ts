import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { createStorage } from './storage/create-storage';
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
import { saleClock } from './sales/sale-clock';
import { trackHandlers, trackRequests } from './lifecycle/request-drain';
import { loadSettingsOrExit, openMigratedDatabase } from './lifecycle/process-start';
import { createRunState } from './lifecycle/run-state';
import { startBackgroundWork } from './lifecycle/start-workers';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { startMetricsServer } from './metrics/metrics-server';
import { catalogueChanges } from './catalogue/catalogue-changes';

const config = loadSettingsOrExit('server');
const logger = createLogger(config.logLevel);
if (config.isProduction && config.paymentsTestMode) {
  logger.warn('PAYMENTS_TEST_MODE=true: payments use the test processor and nothing is charged');
}

const database = await openMigratedDatabase(config, logger);

const authSecret = await resolveAuthSecret(database.db, config.authSecret, config.dataDir);
/** Whether this start wrote demo products: other processes already serving drop their caches. */
let demoWritten = false;
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
  demoWritten = true;
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
  demoWritten ||= filled + items + featured + demoReviews > 0;
}

const mailer = createMailer(config, logger);
const runState = createRunState();
// Shared with the pack extraction worker, whose writes drop the cached pages as the admin's do.
const changes = catalogueChanges();
// Another server process on this database may already serve the catalogue from its caches.
if (demoWritten) await changes.announce(database.db);
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
// /metrics on a port of its own, for a scraper on the private network (METRICS_PORT).
const metricsServer = config.metricsPort
  ? await startMetricsServer({
      port: config.metricsPort,
      host: config.host,
      metrics: app.metrics,
      token: config.metricsToken,
      logger,
    })
  : null;

// Background work, unless a separate worker runs it (RUN_WORKERS=false): stopped once the last
// request has been answered.
const background = config.runWorkers
  ? startBackgroundWork({
      config,
      db: database.db,
      authSecret,
      // The store's own name and sender name on every message, as the app's mail has them.
      mailer: app.mailer,
      changes,
      logger,
      deliveries: app.metrics.mail,
    })
  : createBackground(logger);
if (!config.runWorkers) {
  logger.info('RUN_WORKERS=false: background work is left to a separate worker (npm run worker)');
}
// Automatic sales start and end at their time: this process's catalogue caches drop then.
const sales = saleClock(database.db, changes, logger);
await sales.start();
background.add({ name: 'sale clock', stop: sales.stop });
// Scraped until the end, so the last figures of a stopping server are still read.
if (metricsServer) background.add({ name: 'metrics server', stop: () => metricsServer.stop() });

stopOnSignals({
  server,
  requests,
  runState,
  background,
  database,
  logger,
  timeoutMs: config.shutdownTimeoutSeconds * 1000,
});
