import { createLocalStorage } from '#server/storage/local-storage';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS } from './test-app';

/** Writes a product's file where the test store's downloads read it (its files folder). */
export async function putProductFile(
  app: { dirs: { filesDir: string } },
  key: string,
  bytes: Buffer,
): Promise<void> {
  const storage = createLocalStorage({
    root: app.dirs.filesDir,
    keys: TEST_SIGNING_KEYS,
    publicUrl: TEST_PUBLIC_URL,
  });
  await storage.put(key, bytes, 'application/zip');
}
