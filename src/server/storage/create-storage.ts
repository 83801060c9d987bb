import type { SigningKeys } from '../security/signed-token';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3Settings } from './s3-storage';
import type { Storage } from './storage';

/** S3 when configured, else the local folder; the same interface either way. */
export function createStorage(settings: {
  s3: S3Settings | null;
  filesDir: string;
  /** Signs local download links. */
  keys: SigningKeys;
  publicUrl: string;
}): Storage {
  return settings.s3
    ? createS3Storage(settings.s3)
    : createLocalStorage({
        root: settings.filesDir,
        keys: settings.keys,
        publicUrl: settings.publicUrl,
      });
}
