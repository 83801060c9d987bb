import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { expect } from 'vitest';
import type { Db } from '#server/db/client';
import { orderItems, productFiles, productVersions, type ProductRow } from '#server/db/schema';
import { createOrder, createProduct } from './factories';
import type { TestContext } from './test-app';

/** Stores a file where the store under test reads it (its files folder, or the S3 bucket). */
export type PutFile = (key: string, bytes: Buffer) => Promise<void>;

/** A product without versions: its own file, `bytes`. */
export async function productWithFile(
  db: Db,
  put: PutFile,
  name: string,
  bytes: Buffer,
  limit = 3,
) {
  const key = `products/${randomUUID()}.zip`;
  await put(key, bytes);
  return createProduct(db, {
    name,
    fileKey: key,
    fileName: `${name}.zip`,
    fileSize: bytes.length,
    downloadLimit: limit,
  });
}

/** A product with one published version holding a file per format (label), CRC-32s unknown. */
export async function productWithFormats(
  db: Db,
  put: PutFile,
  name: string,
  formats: { label: string; fileName: string; bytes: Buffer }[],
  limit = 3,
) {
  const product = await createProduct(db, { name, downloadLimit: limit });
  const [version] = await db
    .insert(productVersions)
    .values({ productId: product.id, version: '1.0.0' })
    .returning();
  for (const [position, format] of formats.entries()) {
    const key = `products/${randomUUID()}.bin`;
    await put(key, format.bytes);
    await db.insert(productFiles).values({
      productId: product.id,
      versionId: version!.id,
      label: format.label,
      fileKey: key,
      fileName: format.fileName,
      fileSize: format.bytes.length,
      position,
    });
  }
  return product;
}

/** A COMPLETED order of one line per product for `buyer` (a guest when `userId` is null). */
export async function completedOrder(
  db: Db,
  buyer: { userId: string | null; email: string },
  items: ProductRow[],
) {
  const [first, ...rest] = items;
  const { order, item } = await createOrder(db, first!, {
    status: 'COMPLETED',
    completedAt: new Date(),
    userId: buyer.userId,
    email: buyer.email,
  });
  const lines = [item];
  for (const product of rest) {
    const [line] = await db
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        quantity: 1,
        unitPriceCents: product.priceCents,
        downloadsRemaining: product.downloadLimit,
      })
      .returning();
    lines.push(line!);
  }
  return { order, lines };
}

/** GET of an archive link through the app, with its body. */
export async function fetchArchive(
  app: TestContext,
  url: string,
  headers: Record<string, string> = {},
) {
  const link = new URL(url);
  const response = await app.request(link.pathname, { headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The ZIP's entries (name to bytes), read with yauzl, each entry checked to be STORED and its
 * bytes to match the CRC-32 its headers carry.
 */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  const found = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        expect(entry.compressionMethod, entry.fileName).toBe(0);
        expect(crc32(bytes) >>> 0, entry.fileName).toBe(entry.crc32);
        found.set(entry.fileName, bytes);
        file.readEntry();
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return found;
}
