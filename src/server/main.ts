import { serve } from '@hono/node-server';
import { createApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { createStorage } from './storage/create-storage';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoCatalogue } from './db/seed/seed';
import { needsDemoCatalogue } from './db/first-start';
import { createLogger } from './logger';
import { expireStaleLocalSessions } from './payments/session-expiry';

const config = loadConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  poolSize: config.databasePoolSize,
  onIdleConnectionError: (err) => logger.warn({ err }, 'an idle database connection failed'),
});
await database.migrate();
logger.info({ driver: database.driver }, 'database ready');

const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
if (config.seedOnStart && (await needsDemoCatalogue(database.db, config.mediaDir))) {
  const storage = createStorage({ ...config, secret: authSecret });
  const counts = await seedDemoCatalogue(
    database.db,
    { mediaDir: config.mediaDir, filesDir: config.filesDir },
    storage,
  );
  logger.info(counts, 'demo catalogue loaded');
}

const app = createApp({ config: { ...config, authSecret }, database, logger });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(`Loopmarket is running on http://localhost:${info.port}`);
});

// Unpaid sessions of the offline test processor end after a day, as Stripe's do.
const sweepSessions = () =>
  expireStaleLocalSessions(database.db, logger)
    .then((expired) => {
      if (expired > 0) logger.info({ expired }, 'expired unpaid test-payment sessions');
    })
    .catch((err: unknown) => logger.warn({ err }, 'expiring unpaid sessions failed'));
void sweepSessions();
setInterval(() => void sweepSessions(), 15 * 60_000).unref();

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
