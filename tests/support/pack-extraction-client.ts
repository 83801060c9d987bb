import { expect } from 'vitest';
import { catalogueChanges } from '#server/catalogue/catalogue-changes';
import { createLogger } from '#server/logger';
import { createExtractionWorker } from '#server/packs/extraction-worker';
import { createStorage } from '#server/storage/create-storage';
import type { AdminProduct } from '#shared/admin-products-api';
import type { PackExtractionView } from '#shared/pack-extraction';
import type { TestBrowser } from './auth-client';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS, type TestContext } from './test-app';
import { tusClient } from './upload-client';

/** The admin's side of a pack upload, and the extraction worker as main.ts starts it. */

/** Uploads `zip` by tus and attaches it to a new product in a pack category. */
export async function packWithZip(
  app: TestContext,
  admin: TestBrowser,
  zip: Buffer,
  categoryId: string,
): Promise<AdminProduct> {
  const tus = tusClient(app, admin.cookieHeader());
  const created = await tus.create(zip.length, {
    filename: 'Night Drive Pack.zip',
    filetype: 'application/zip',
  });
  expect((await tus.patch(created.url, 0, zip)).status).toBe(200);
  const response = await admin.request('/api/admin/products', {
    body: {
      name: 'Night Drive Pack',
      price: '19.99',
      status: 'draft',
      categoryId,
      fileUploadId: created.url.split('/').pop(),
    },
  });
  expect(response.status).toBe(201);
  return (response.body as { data: AdminProduct }).data;
}

export function workerFor(
  app: TestContext,
  s3: Parameters<typeof createStorage>[0]['s3'] = null,
  options: Partial<Parameters<typeof createExtractionWorker>[0]> = {},
) {
  return createExtractionWorker({
    ...options,
    db: app.database.db,
    storage: createStorage({
      s3,
      filesDir: app.dirs.filesDir,
      keys: TEST_SIGNING_KEYS,
      publicUrl: TEST_PUBLIC_URL,
    }),
    mediaDir: app.dirs.mediaDir,
    changes: catalogueChanges(),
    logger: createLogger(process.env.TEST_LOG ?? 'silent'),
  });
}

export async function extractionOf(admin: TestBrowser, productId: string) {
  const response = await admin.request(`/api/admin/products/${productId}/extraction`);
  expect(response.status).toBe(200);
  return (response.body as { data: PackExtractionView | null }).data;
}
