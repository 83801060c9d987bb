import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { seedDemoCatalogue } from './seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
});
try {
  const started = performance.now();
  await database.migrate();
  const counts = await seedDemoCatalogue(database.db, {
    mediaDir: config.mediaDir,
    filesDir: config.filesDir,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${counts.categories} categories and ${counts.products} products into ${config.dataDir} (${database.driver}) in ${seconds} s`,
  );
} finally {
  await database.close();
}
