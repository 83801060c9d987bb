import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { archiveSkipReasons } from '#shared/archives';
import type { Db } from '../db/client';
import { productFiles } from '../db/schema';
import type { Storage } from '../storage/storage';
import { versionsWithFiles } from '../versions/versions.service';

/** A file one line puts in the archive: what the storage holds now, its CRC-32 known. */
export interface LineFile {
  /** The product_files row; null for a product without versions (its own file). */
  fileId: string | null;
  versionId: string | null;
  key: string;
  fileName: string;
  size: number;
  crc32: number;
}

export interface ProductOwnFile {
  id: string;
  fileKey: string | null;
  fileName: string | null;
}

/** The CRC-32 of a stored file, read once as a stream (never whole in memory). */
export async function crc32Of(storage: Storage, key: string): Promise<number> {
  let crc = 0;
  for await (const chunk of await storage.openRead(key)) crc = crc32(chunk as Buffer, crc);
  return crc >>> 0;
}

/**
 * The files each product puts in an archive: its latest available version's files (only those
 * labelled `format` when one is asked for), or, for a product that never had versions, its own
 * file; a product whose versions are all withdrawn puts none. Each file's size is the storage's,
 * and a CRC-32 not yet known is computed now and kept on its product_files row, so it is read
 * for this once only. A product with nothing to give has a reason instead.
 */
export async function filesOfProducts(
  db: Db,
  storage: Storage,
  products: ProductOwnFile[],
  format: string | undefined,
): Promise<Map<string, LineFile[] | string>> {
  const versions = await versionsWithFiles(
    db,
    products.map((p) => p.id),
    false,
  );
  const result = new Map<string, LineFile[] | string>();
  for (const product of products) {
    const own = versions.filter((v) => v.productId === product.id);
    const latest = own.find((v) => v.available);
    let chosen: {
      fileId: string | null;
      versionId: string | null;
      key: string;
      fileName: string;
      crc32: number | null;
    }[];
    if (own.length === 0) {
      chosen =
        product.fileKey && product.fileName && !format
          ? [
              {
                fileId: null,
                versionId: null,
                key: product.fileKey,
                fileName: product.fileName,
                crc32: null,
              },
            ]
          : [];
    } else {
      const files = [...(latest?.files ?? [])]
        .sort((a, b) => a.position - b.position)
        .filter((f) => !format || f.label?.toLowerCase() === format.toLowerCase());
      chosen = files.map((f) => ({
        fileId: f.id,
        versionId: f.versionId,
        key: f.fileKey,
        fileName: f.fileName,
        crc32: f.crc32,
      }));
    }
    if (chosen.length === 0) {
      result.set(
        product.id,
        format ? archiveSkipReasons.noFormat(format) : archiveSkipReasons.noFile,
      );
      continue;
    }
    const ready: LineFile[] = [];
    for (const file of chosen) {
      const stored = await storage.stat(file.key);
      if (!stored) continue;
      let crc = file.crc32;
      if (crc === null) {
        crc = await crc32Of(storage, file.key);
        if (file.fileId) {
          await db.update(productFiles).set({ crc32: crc }).where(eq(productFiles.id, file.fileId));
        }
      }
      ready.push({ ...file, size: stored.size, crc32: crc });
    }
    result.set(product.id, ready.length > 0 ? ready : archiveSkipReasons.noFile);
  }
  return result;
}
