import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, catalogueChanges } from '#server/catalogue/catalogue-changes';
import { createLogger } from '#server/logger';
import { createStorage } from '#server/storage/create-storage';
import { signedInAdmin } from '#tests/support/auth-client';
import { createCategory } from '#tests/support/factories';
import { extractionOf, packWithZip } from '#tests/support/pack-extraction-client';
import { wavBytes, zipBytes } from '#tests/support/pack-zips';
import {
  createTestContext,
  TEST_PUBLIC_URL,
  TEST_SIGNING_KEYS,
  type TestContext,
} from '#tests/support/test-app';
import { createSharedTestDatabase, openSameDatabase } from '#tests/support/test-database';
import type { Database } from '../db/client';
import { createExtractionWorker } from './extraction-worker';

/**
 * A separate worker process (`npm run worker`) lists a pack's contents: the web server, another
 * process on the same PostgreSQL database, hears the catalogue change through LISTEN/NOTIFY and
 * drops what it built from the old catalogue. (PGlite has one process: nothing to hear.)
 */
describe.runIf(process.env.TEST_DATABASE_URL)('pack contents listed by a separate worker', () => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let server: TestContext;
  let workerDatabase: Database;
  afterAll(async () => {
    await workerDatabase?.close();
    await server?.close();
    await shared?.remove();
  });

  it("reach the web server's catalogue change listeners", async () => {
    shared = await createSharedTestDatabase();
    const serverChanges = catalogueChanges();
    server = await createTestContext({
      database: await shared.open(),
      catalogueChanges: serverChanges,
    });
    // Once the server listens (its app started listening as it was made).
    await server.database.listen(CATALOGUE_CHANNEL, () => {});
    const { browser: admin } = await signedInAdmin(server, 'owner@example.com');
    const category = await createCategory(server.database.db, {
      slug: 'sample-packs',
      name: 'Sample Packs',
    });
    const zip = await zipBytes([
      { name: 'Night Drive/Loops/Keys_Loop_Am_120bpm.wav', bytes: wavBytes({ seconds: 1 }) },
    ]);
    const product = await packWithZip(server, admin, zip, category.id);

    // The worker: its own connections and its own change hub, as worker.ts makes them.
    workerDatabase = await openSameDatabase(server.database);
    const worker = createExtractionWorker({
      db: workerDatabase.db,
      storage: createStorage({
        s3: null,
        filesDir: server.dirs.filesDir,
        keys: TEST_SIGNING_KEYS,
        publicUrl: TEST_PUBLIC_URL,
      }),
      mediaDir: server.dirs.mediaDir,
      changes: catalogueChanges(),
      logger: createLogger(process.env.TEST_LOG ?? 'silent'),
    });
    const heard = new Promise<void>((resolve) => serverChanges.subscribe(resolve));

    expect(await worker.drainOnce()).toBe(1);
    await Promise.race([
      heard,
      sleep(5000).then(() => Promise.reject(new Error('the web server never heard of it'))),
    ]);

    expect(await extractionOf(admin, product.id)).toMatchObject({ status: 'done', itemsDone: 1 });
  });
});
