import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ARCHIVE_NOTE_NAME,
  archiveEntrySchema,
  archiveFileName,
  archiveMessages,
  archiveSegment,
  archiveSkipReasons,
  uniqueName,
  type ArchiveEntry,
  type ArchiveLink,
} from '#shared/archives';
import { leavingMessages } from '#shared/account-leaving';
import { orderNumber } from '#shared/checkout';
import { downloadErrors, DOWNLOAD_LINK_TTL_SECONDS } from '#shared/downloads';
import { ORDER_NOT_FOUND } from '#shared/orders';
import type { Db } from '../db/client';
import { downloadArchives, downloads, orderItems, orders, products } from '../db/schema';
import {
  ownedLines,
  unlimitedFor,
  type Downloader,
  type RequestMeta,
} from '../downloads/downloads.service';
import { AppError, notFound } from '../http/app-error';
import { readGuestOrderToken } from '../orders/guest-access';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';
import type { Storage } from '../storage/storage';
import { filesOfProducts, type LineFile } from './archive-files';
import { zipLayout, type LayoutEntry } from './zip-layout';

export interface ArchiveDeps {
  db: Db;
  storage: Storage;
  keys: SigningKeys;
  publicUrl: string;
}

/** The lines an archive may spend, grouped: one group per order line, or per product owned. */
interface Candidate {
  lineId: string;
  orderId: string;
  productId: string;
  productName: string;
  fileKey: string | null;
  fileName: string | null;
  /** Sold "unlimited for account holders" (spent only by a guest's receipt link). */
  unlimitedForAccounts: boolean;
}

const lineColumns = {
  lineId: orderItems.id,
  orderId: orderItems.orderId,
  productId: products.id,
  productName: products.name,
  fileKey: products.fileKey,
  fileName: products.fileName,
  unlimitedForAccounts: products.unlimitedForAccounts,
};

/** One order's lines, for its buyer (signed in, or a guest's receipt link). */
async function orderLines(db: Db, who: Downloader, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const owns =
    order && ('userId' in who ? order.userId === who.userId : order.id === who.guestOrderId);
  if (!order || !owns) throw notFound(ORDER_NOT_FOUND);
  if (order.customerDeletedAt) throw new AppError('ACCESS_DENIED', leavingMessages.downloadsEnded);
  if (order.status !== 'COMPLETED') {
    throw new AppError('ORDER_NOT_COMPLETED', downloadErrors.ORDER_NOT_COMPLETED);
  }
  const lines = await db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    // A refunded line's access has ended: it is not in the archive.
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.refundedAt)))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  return lines.map((line) => [line]);
}

/** Every product a signed-in buyer owns, each with the lines (oldest first) that could pay for it. */
async function ownedGroups(db: Db, userId: string) {
  const lines = await db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(ownedLines(userId), isNull(orders.customerDeletedAt)))
    .orderBy(asc(products.name), asc(orders.createdAt), asc(orderItems.id));
  const byProduct = new Map<string, Candidate[]>();
  for (const line of lines)
    byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
  return [...byProduct.values()];
}

/**
 * Takes one download off the line if it has one left, atomically; true if it did. An unlimited
 * download (the owner's account, #downloads unlimitedFor) takes none but is still refused for a
 * refunded line.
 */
async function spendOne(tx: Db, lineId: string, unlimited: boolean) {
  const [left] = await tx
    .update(orderItems)
    .set({
      downloadsRemaining: unlimited
        ? sql`${orderItems.downloadsRemaining}`
        : sql`${orderItems.downloadsRemaining} - 1`,
    })
    .where(
      and(
        eq(orderItems.id, lineId),
        unlimited ? undefined : gt(orderItems.downloadsRemaining, 0),
        isNull(orderItems.refundedAt),
      ),
    )
    .returning({ id: orderItems.id });
  return Boolean(left);
}

/**
 * Makes an archive of `groups` (each a product's candidate lines): decides each product's files
 * (reading unknown CRC-32s first, outside any transaction), then in ONE transaction spends one
 * download of the first line of each group that has one left, logs each spent download with the
 * archive's id, and freezes the archive (its entries, note and exact size). A group none of whose
 * lines has a download left, or with no file, is not spent and is listed in the archive's note.
 */
async function createArchive(
  deps: ArchiveDeps,
  who: Downloader,
  groups: Candidate[][],
  options: { orderId: string | null; format?: string; meta: RequestMeta },
): Promise<ArchiveLink> {
  const { db, storage } = deps;
  const firsts = groups.map((g) => g[0]!);
  const files = await filesOfProducts(
    db,
    storage,
    firsts.map((line) => ({ id: line.productId, fileKey: line.fileKey, fileName: line.fileName })),
    options.format,
  );
  const archiveId = randomUUID();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + DOWNLOAD_LINK_TTL_SECONDS * 1000);

  const frozen = await db.transaction(async (tx) => {
    const entries: ArchiveEntry[] = [];
    const skipped: string[] = [];
    const taken = new Set<string>([ARCHIVE_NOTE_NAME.toLowerCase()]);
    const spent: { line: Candidate; files: LineFile[] }[] = [];
    for (const group of groups) {
      const first = group[0]!;
      const ready = files.get(first.productId);
      if (!Array.isArray(ready)) {
        skipped.push(`${first.productName}: ${ready ?? archiveSkipReasons.noFile}`);
        continue;
      }
      let paidBy: Candidate | null = null;
      for (const line of group) {
        if (await spendOne(tx, line.lineId, unlimitedFor(who, line))) {
          paidBy = line;
          break;
        }
      }
      if (!paidBy) {
        skipped.push(`${first.productName}: ${archiveSkipReasons.noDownloadsLeft}`);
        continue;
      }
      spent.push({ line: paidBy, files: ready });
      const folder = archiveSegment(first.productName);
      for (const file of ready) {
        const name = uniqueName(`${folder}/${archiveSegment(file.fileName)}`, taken);
        entries.push({ name, key: file.key, size: file.size, crc32: file.crc32 });
      }
    }
    if (entries.length === 0) return null;
    const note = skipped.length > 0 ? noteText(skipped) : null;
    const totalBytes = zipLayout(layoutEntries(entries, note), createdAt).size;
    await tx.insert(downloadArchives).values({
      id: archiveId,
      userId: 'userId' in who ? who.userId : null,
      orderId: options.orderId,
      entries,
      note,
      totalBytes,
      expiresAt,
      createdAt,
    });
    await tx.insert(downloads).values(
      spent.map(({ line, files: lineFiles }) => ({
        userId: 'userId' in who ? who.userId : null,
        productId: line.productId,
        orderItemId: line.lineId,
        versionId: lineFiles[0]!.versionId,
        fileId: lineFiles.length === 1 ? lineFiles[0]!.fileId : null,
        archiveId,
        ipAddress: options.meta.ipAddress,
        userAgent: options.meta.userAgent,
      })),
    );
    return { entries, totalBytes, skipped: skipped.length };
  });
  if (!frozen) {
    throw new AppError(
      'NO_DOWNLOADS_REMAINING',
      options.orderId ? archiveMessages.nothingToDownload : archiveMessages.nothingOwned,
    );
  }
  const fileName = archiveFileName(
    { orderNumber: options.orderId ? orderNumber(options.orderId) : null, createdAt },
    options.format,
  );
  const token = signToken(
    deps.keys,
    'archive-link',
    { id: archiveId, fileName },
    {
      expiresAt: expiresAt.getTime(),
    },
  );
  return {
    url: `${deps.publicUrl}/api/archives/${token}`,
    fileName,
    expiresAt: expiresAt.toISOString(),
    files: frozen.entries.length,
    totalBytes: frozen.totalBytes,
    skipped: frozen.skipped,
  };
}

function noteText(skipped: string[]) {
  return [
    'These items are not in this archive:',
    '',
    ...skipped.map((line) => `- ${line}`),
    '',
  ].join('\r\n');
}

/** The archive's entries as the layout sees them, the note (if any) last. */
export function layoutEntries(entries: ArchiveEntry[], note: string | null): LayoutEntry[] {
  return note === null
    ? entries
    : [
        ...entries,
        { name: ARCHIVE_NOTE_NAME, size: Buffer.byteLength(note), crc32: noteCrc(note) },
      ];
}

const noteCrc = (note: string) => crc32(Buffer.from(note, 'utf8')) >>> 0;

/** POST /api/orders/:id/archive (and a guest's through the receipt's link). */
export async function createOrderArchive(
  deps: ArchiveDeps,
  who: Downloader,
  orderId: string,
  meta: RequestMeta,
) {
  const groups = await orderLines(deps.db, who, orderId);
  return createArchive(deps, who, groups, { orderId, meta });
}

export async function createGuestOrderArchive(deps: ArchiveDeps, token: string, meta: RequestMeta) {
  const orderId = readGuestOrderToken(deps.keys, token);
  if (!orderId) throw new AppError('FORBIDDEN', archiveMessages.linkInvalid);
  return createOrderArchive(deps, { guestOrderId: orderId }, orderId, meta);
}

/** POST /api/downloads/archive: everything a signed-in buyer owns, optionally one format only. */
export async function createOwnedArchive(
  deps: ArchiveDeps,
  userId: string,
  format: string | undefined,
  meta: RequestMeta,
) {
  const groups = await ownedGroups(deps.db, userId);
  if (groups.length === 0)
    throw new AppError('NO_DOWNLOADS_REMAINING', archiveMessages.nothingOwned);
  return createArchive(deps, { userId }, groups, { orderId: null, format, meta });
}

const archiveToken = z.object({ id: z.uuid(), fileName: z.string() });

/** The frozen archive a genuine, unexpired link names; null for a forged or expired one. */
export async function archiveOfLink(db: Db, keys: SigningKeys, token: string, now = new Date()) {
  const link = readToken(keys, 'archive-link', token, archiveToken, now.getTime());
  if (!link) return null;
  const [row] = await db.select().from(downloadArchives).where(eq(downloadArchives.id, link.id));
  if (!row || row.expiresAt <= now) return null;
  return {
    id: row.id,
    fileName: link.fileName,
    createdAt: row.createdAt,
    totalBytes: row.totalBytes,
    entries: z.array(archiveEntrySchema).parse(row.entries),
    note: row.note,
  };
}
