import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, Upload } from '@tus/server';
import type { S3Settings } from '../storage/s3-storage';

/**
 * Product files uploaded by tus are stored under this prefix, at their storage key: the tus id
 * of an upload is `products/uploads/<uuid>`, and the same key is what a product's file_key holds
 * once the editor attaches it. Nothing is moved or copied when an upload finishes.
 */
export const UPLOAD_KEY_PREFIX = 'products/uploads/';

/** An upload left unfinished this long is removed (its file, or its S3 multipart parts). */
export const INCOMPLETE_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const uploadKeyOf = (id: string) => `${UPLOAD_KEY_PREFIX}${id}`;

/** The tus data store over the store's own storage: the files folder, or the S3 bucket. */
export interface UploadStore {
  /** Opened at first use. */
  readonly datastore: DataStore;
  /** Streams a finished upload's bytes back (to hash them). */
  read(key: string): Promise<Readable>;
  /** Tells the store the upload at `key` is whole, so the expiry sweep leaves it alone. */
  markFinished(upload: Upload): Promise<void>;
  /** Removes unfinished uploads older than INCOMPLETE_UPLOAD_LIFETIME_MS; how many went. */
  purgeExpired(): Promise<number>;
}

/**
 * tus's file configstore keeps `<id>.json` beside each upload and lists only its own folder;
 * our ids sit one folder down (UPLOAD_KEY_PREFIX), so the expiry sweep is pointed there.
 */
class UploadConfigstore extends FileConfigstore {
  constructor(private readonly root: string) {
    super(root);
  }

  override async list(): Promise<string[]> {
    const names = await readdir(join(this.root, UPLOAD_KEY_PREFIX)).catch(() => [] as string[]);
    const infos = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
    return names.filter((name) => infos.has(name)).map(uploadKeyOf);
  }
}

function localUploadStore(filesDir: string): UploadStore {
  // tus's file store makes its folder when constructed: it is opened at the first upload, so
  // a store that takes none has no files folder made for it (health reports it as absent).
  let opened: { datastore: FileStore; configstore: UploadConfigstore } | undefined;
  const open = () => {
    if (opened) return opened;
    const configstore = new UploadConfigstore(filesDir);
    const datastore = new FileStore({
      directory: filesDir,
      configstore,
      expirationPeriodInMilliseconds: INCOMPLETE_UPLOAD_LIFETIME_MS,
    });
    opened = { datastore, configstore };
    return opened;
  };
  return {
    get datastore() {
      return open().datastore;
    },
    read: async (key) => open().datastore.read(key),
    // The file store's sweep takes an upload whose recorded offset is short of its size; the
    // record is written at creation (offset 0), so a finished upload records its full offset.
    markFinished: (upload) => open().configstore.set(upload.id, upload),
    purgeExpired: () => open().datastore.deleteExpired(),
  };
}

function s3UploadStore(settings: S3Settings): UploadStore {
  const datastore = new S3Store({
    // Parts are cut on local disk (os.tmpdir()) and sent one by one: never held in memory.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: INCOMPLETE_UPLOAD_LIFETIME_MS,
    // Tags serve bucket lifecycle rules, which the store does not configure: the sweep below
    // aborts unfinished multipart uploads itself.
    useTags: false,
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // The SDK's default checksums send streamed parts as aws-chunked bodies, which several
      // S3-compatible servers store with the chunk framing in them; AWS itself needs none.
      ...(settings.endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    },
  });
  return {
    datastore,
    read: (key) => datastore.read(key),
    // A completed multipart upload is an ordinary object, which the sweep never lists.
    markFinished: async () => {},
    purgeExpired: () => datastore.deleteExpired(),
  };
}

/** S3 when configured, else the files folder: the same choice as storage/create-storage.ts. */
export function createUploadStore(settings: { s3: S3Settings | null; filesDir: string }) {
  return settings.s3 ? s3UploadStore(settings.s3) : localUploadStore(settings.filesDir);
}
