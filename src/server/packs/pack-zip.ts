import { PassThrough, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  isHiddenEntry,
  PACK_ZIP_LIMITS,
  packEntryTypeOf,
  packExtractionMessages as m,
  type PackEntryType,
} from '#shared/pack-extraction';
import type { Storage } from '../storage/storage';

/** A ZIP the store will not read: the owner sees the message; retrying would not help. */
export class PackRefusal extends Error {
  override name = 'PackRefusal';
}

export type PackZipLimits = typeof PACK_ZIP_LIMITS;

/** An audio or MIDI entry worth listing, as the ZIP's directory names it. */
export interface PackEntry {
  path: string;
  type: PackEntryType;
  size: number;
  entry: Entry;
}

type RangeReader = Pick<Storage, 'openRead'>;

/**
 * The stored ZIP read by ranges (local disk: a file stream per range; S3: a ranged GET), so
 * yauzl reads the central directory and then one entry at a time, never the whole archive.
 */
class StorageReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: RangeReader,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    // yauzl wants the stream at once; the storage opens it when it can (an S3 GET answers later).
    const out = new PassThrough();
    // yauzl's end is exclusive, the storage's inclusive.
    this.storage.openRead(this.key, { start, end: end - 1 }).then(
      (body) => {
        body.on('error', (err) => out.destroy(err));
        body.pipe(out);
      },
      (err: unknown) => out.destroy(err as Error),
    );
    return out;
  }
}

/** The message yauzl gives a name that leaves the ZIP's folder. */
const UNSAFE_NAME = /^(invalid characters in fileName|absolute path|invalid relative path): (.*)$/;

function refusalOf(err: unknown, where: string): Error {
  if (err instanceof PackRefusal) return err;
  const message = err instanceof Error ? err.message : String(err);
  const unsafe = UNSAFE_NAME.exec(message);
  if (unsafe) return new PackRefusal(m.traversal(unsafe[2] ?? ''));
  if (/too many bytes in the stream/.test(message)) return new PackRefusal(m.bomb);
  if (/end of central directory record signature not found|not a zip/i.test(message)) {
    return new PackRefusal(m.notZip);
  }
  if (
    /invalid|signature|not enough bytes|too short|unsupported|bad |corrupt|unexpected|crc32/i.test(
      message,
    )
  ) {
    return new PackRefusal(m.broken(where));
  }
  return err instanceof Error ? err : new Error(message);
}

const openZip = (reader: StorageReader, size: number) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      reader,
      size,
      // strictFileNames: a backslash is refused, never read as a folder separator.
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (err, zip) => (err ? reject(refusalOf(err, 'its directory')) : resolve(zip)),
    ),
  );

/** Every entry of the directory, checked before one byte of any file is read. */
function listEntries(zip: ZipFile, limits: PackZipLimits): Promise<PackEntry[]> {
  return new Promise((resolve, reject) => {
    const found: PackEntry[] = [];
    let count = 0;
    let declared = 0;
    if (zip.entryCount > limits.maxEntries) return reject(new PackRefusal(m.tooManyEntries));
    zip.on('error', (err) => reject(refusalOf(err, 'its directory')));
    zip.on('end', () => resolve(found));
    zip.on('entry', (entry: Entry) => {
      if (++count > limits.maxEntries) return reject(new PackRefusal(m.tooManyEntries));
      const path = entry.fileName;
      const type = packEntryTypeOf(path);
      if (!path.endsWith('/') && type && !isHiddenEntry(path)) {
        // The directory's sizes are only a first look; reading counts the real bytes.
        declared += entry.uncompressedSize;
        if (
          entry.uncompressedSize > limits.maxEntryBytes ||
          declared > limits.maxTotalBytes ||
          tooCompressed(entry.compressedSize, entry.uncompressedSize, limits)
        ) {
          return reject(new PackRefusal(m.bomb));
        }
        found.push({ path, type, size: entry.uncompressedSize, entry });
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

const RATIO_FLOOR = 1024 * 1024;

function tooCompressed(compressed: number, inflated: number, limits: PackZipLimits): boolean {
  return inflated > RATIO_FLOOR && inflated > Math.max(1, compressed) * limits.maxRatio;
}

export interface OpenPackZip {
  entries: PackEntry[];
  /**
   * The entry's bytes as they inflate, counted: past the entry's limit, its ratio to the
   * compressed bytes, or the ZIP's total, the stream fails with the bomb refusal.
   */
  read(entry: PackEntry): AsyncGenerator<Buffer>;
  close(): void;
}

/** Opens the stored ZIP under `key` and lists its audio and MIDI entries. */
export async function openPackZip(
  storage: Pick<Storage, 'openRead' | 'stat'>,
  key: string,
  limits: PackZipLimits = PACK_ZIP_LIMITS,
): Promise<OpenPackZip> {
  const stat = await storage.stat(key);
  if (!stat) throw new Error(`The uploaded file ${key} is missing from storage`);
  const reader = new StorageReader(storage, key);
  const zip = await openZip(reader, stat.size);
  let total = 0;
  try {
    const entries = await listEntries(zip, limits);
    return {
      entries,
      async *read(item) {
        const stream = await new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(item.entry, (err, s) =>
            err ? reject(refusalOf(err, item.path)) : resolve(s),
          ),
        );
        let inflated = 0;
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            inflated += chunk.length;
            total += chunk.length;
            if (
              inflated > limits.maxEntryBytes ||
              total > limits.maxTotalBytes ||
              tooCompressed(item.entry.compressedSize, inflated, limits)
            ) {
              throw new PackRefusal(m.bomb);
            }
            yield chunk;
          }
        } catch (err) {
          throw refusalOf(err, item.path);
        } finally {
          stream.destroy();
        }
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
