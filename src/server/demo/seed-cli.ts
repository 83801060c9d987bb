import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { createStorage } from '#server/storage/create-storage';
import { resolveAuthSecret } from '#server/auth/auth-secret';
import { catalogueChanges } from '#server/catalogue/catalogue-changes';
import { seedDemoCatalogue } from './seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
try {
  const started = performance.now();
  await database.migrate();
  const storage = createStorage({
    ...config,
    keys: {
      current: await resolveAuthSecret(database.db, config.authSecret, config.dataDir),
      previous: config.previousAuthSecrets,
    },
  });
  const counts = await seedDemoCatalogue(
    database.db,
    { mediaDir: config.mediaDir, filesDir: config.filesDir },
    storage,
  );
  // A store already running on this database (PostgreSQL) drops its cached catalogue answers.
  await catalogueChanges().announce(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${counts.categories} categories and ${counts.products} products into ${config.dataDir} (${database.driver}) in ${seconds} s`,
  );
} finally {
  await database.close();
}
