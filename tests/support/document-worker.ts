import { createDocumentWorker } from '#server/invoices/document-worker';
import { createLogger } from '#server/logger';
import { createStorage } from '#server/storage/create-storage';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS, type TestContext } from './test-app';

/** The document worker over the test app's own files folder, drained by hand (drainOnce). */
export const documentWorkerOf = (app: TestContext) =>
  createDocumentWorker({
    db: app.database.db,
    storage: createStorage({
      s3: null,
      filesDir: app.dirs.filesDir,
      keys: TEST_SIGNING_KEYS,
      publicUrl: TEST_PUBLIC_URL,
    }),
    logger: createLogger('silent'),
  });
