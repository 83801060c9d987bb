import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  changelogSummary,
  compareVersions,
  distinctFormats,
  latestOf,
  versionMessages,
  VERSION_FILES_MAX,
  type AddVersionFileInput,
  type AdminVersion,
  type FilePlatform,
  type LatestVersion,
  type PublishVersionInput,
  type UpdateVersionFileInput,
  type VersionFile,
} from '#shared/versions';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import type { Db } from '../db/client';
import {
  productFiles,
  productVersions,
  products,
  type ProductFileRow,
  type ProductVersionRow,
} from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import type { Mailer } from '../mail/mailer';
import type { SigningKeys } from '../security/signed-token';
import type { UploadedFile } from '../uploads/uploads.service';
import { queueUpdateNotices } from './update-notices';

export interface VersionsDeps {
  db: Db;
  changes: CatalogueChanges;
  mailer: Mailer;
  keys: SigningKeys;
  publicUrl: string;
  /** A finished product-file upload (uploads/uploads.service.ts), or null. */
  findUploadedFile: (tx: Db, uploadId: string) => Promise<UploadedFile | null>;
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid ${field}`, { [field]: [message] });

export const fileView = (row: ProductFileRow): VersionFile => ({
  id: row.id,
  platform: row.platform,
  label: row.label,
  fileName: row.fileName,
  fileSize: row.fileSize,
});

/**
 * A version's files in the owner's order (position); files of one position (those from before
 * formats could be ordered) all platforms first, then macOS, Windows, Linux, then oldest first.
 */
const platformOrder: Record<FilePlatform, number> = { any: 0, macos: 1, windows: 2, linux: 3 };
const inFileOrder = (a: ProductFileRow, b: ProductFileRow) =>
  a.position - b.position || platformOrder[a.platform] - platformOrder[b.platform];

/**
 * Versions highest first, each with its files (formats, platforms) in order: the one way to find
 * what a product's line downloads, for the hub, single downloads and archives.
 */
export async function versionsWithFiles(db: Db, productIds: string[], availableOnly: boolean) {
  if (productIds.length === 0) return [];
  const versions = await db
    .select()
    .from(productVersions)
    .where(
      and(
        inArray(productVersions.productId, productIds),
        availableOnly ? eq(productVersions.available, true) : undefined,
      ),
    );
  const files =
    versions.length === 0
      ? []
      : await db
          .select()
          .from(productFiles)
          .where(
            inArray(
              productFiles.versionId,
              versions.map((v) => v.id),
            ),
          )
          .orderBy(asc(productFiles.createdAt));
  return versions
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((version) => ({
      ...version,
      files: files.filter((f) => f.versionId === version.id).sort(inFileOrder),
    }));
}

export type VersionWithFiles = ProductVersionRow & { files: ProductFileRow[] };

function adminView(v: VersionWithFiles): AdminVersion {
  return {
    id: v.id,
    version: v.version,
    releasedAt: v.releasedAt.toISOString(),
    changelog: v.changelog,
    available: v.available,
    notifiedCount: v.notifiedCount,
    files: v.files.map(fileView),
  };
}

async function assertProduct(db: Db, productId: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw notFound('Product not found');
}

/** The admin's list: every version of a product, highest first, withdrawn ones too. */
export async function listVersions(db: Db, productId: string): Promise<AdminVersion[]> {
  await assertProduct(db, productId);
  return (await versionsWithFiles(db, [productId], false)).map(adminView);
}

async function versionOf(db: Db, productId: string, versionId: string) {
  const [version] = (await versionsWithFiles(db, [productId], false)).filter(
    (v) => v.id === versionId,
  );
  if (!version) throw notFound('Version not found');
  return version;
}

/** A product's file row from a finished upload, with the upload's CRC-32. */
const fileRowOf = (
  productId: string,
  versionId: string,
  upload: UploadedFile,
  file: { platform: FilePlatform; label?: string | null; position: number },
) => ({
  productId,
  versionId,
  platform: file.platform,
  label: file.label?.trim() || null,
  position: file.position,
  fileKey: upload.storageKey,
  fileName: upload.fileName,
  fileSize: upload.size,
  crc32: upload.crc32,
});

/**
 * The product's own file columns follow its latest available version's first file: the
 * catalogue's file size and older code read them (a product without versions downloads them).
 */
async function mirrorLatestFile(tx: Db, productId: string) {
  const [latest] = await versionsWithFiles(tx, [productId], true);
  const first = latest?.files[0];
  if (!first) return;
  await tx
    .update(products)
    .set({
      fileKey: first.fileKey,
      fileName: first.fileName,
      fileSize: first.fileSize,
      updatedAt: new Date(),
    })
    .where(eq(products.id, productId));
}

/** The product's row, locked: it orders every write to one product's versions and files. */
async function lockProduct(tx: Db, productId: string) {
  const [product] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw notFound('Product not found');
  return product;
}

/**
 * Publishes a version: its number above every version the product has had (withdrawn ones
 * too, so a number is never reused), its files (formats, platforms) from finished uploads in
 * the order given, mirrored to the product's own file columns (what the catalogue shows), and,
 * when asked, an update e-mail queued to every owner, all in one transaction: the product's row
 * lock orders two publishes of one product.
 */
export async function publishVersion(
  deps: VersionsDeps,
  productId: string,
  input: PublishVersionInput,
): Promise<AdminVersion> {
  const { versionId, queued } = await deps.db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const existing = await tx
      .select({ version: productVersions.version })
      .from(productVersions)
      .where(eq(productVersions.productId, productId));
    const latest = latestOf(existing);
    if (latest && compareVersions(input.version, latest.version) <= 0) {
      throw fieldError('version', versionMessages.notGreater(latest.version));
    }
    const uploads = [];
    for (const file of input.files) {
      const upload = await deps.findUploadedFile(tx, file.uploadId);
      if (!upload) throw fieldError('files', versionMessages.upload);
      uploads.push({ ...file, upload });
    }
    const [version] = await tx
      .insert(productVersions)
      .values({ productId, version: input.version, changelog: input.changelog })
      .returning();
    if (!version) throw new Error('version not stored');
    await tx
      .insert(productFiles)
      .values(
        uploads.map(({ upload, ...file }, position) =>
          fileRowOf(productId, version.id, upload, { ...file, position }),
        ),
      );
    await mirrorLatestFile(tx, productId);
    await deps.changes.announce(tx);
    const queued = input.notify ? await queueUpdateNotices(tx, deps, product, version) : 0;
    return { versionId: version.id, queued };
  });
  deps.changes.notify();
  if (queued > 0) deps.mailer.wake();
  return adminView(await versionOf(deps.db, productId, versionId));
}

/**
 * One change to a version's files, in a transaction under the product's row lock: `change`
 * gets the version's files in order and writes; the product's mirrored file and the catalogue's
 * caches (the product page lists the formats) follow.
 */
async function changeFiles(
  deps: Pick<VersionsDeps, 'db' | 'changes'>,
  productId: string,
  versionId: string,
  change: (tx: Db, files: ProductFileRow[]) => Promise<void>,
): Promise<AdminVersion> {
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const version = await versionOf(tx, productId, versionId);
    await change(tx, version.files);
    const after = await versionOf(tx, productId, versionId);
    if (!distinctFormats(after.files)) throw fieldError('label', versionMessages.sameFormat);
    await mirrorLatestFile(tx, productId);
    await deps.changes.announce(tx);
  });
  deps.changes.notify();
  return adminView(await versionOf(deps.db, productId, versionId));
}

const fileIn = (files: ProductFileRow[], fileId: string) => {
  const file = files.find((f) => f.id === fileId);
  if (!file) throw notFound(versionMessages.fileNotFound);
  return file;
};

/** Adds a file (a format, a platform's installer) to a published version, after its others. */
export function addVersionFile(
  deps: VersionsDeps,
  productId: string,
  versionId: string,
  input: AddVersionFileInput,
): Promise<AdminVersion> {
  return changeFiles(deps, productId, versionId, async (tx, files) => {
    if (files.length >= VERSION_FILES_MAX) throw fieldError('files', versionMessages.files);
    const upload = await deps.findUploadedFile(tx, input.uploadId);
    if (!upload) throw fieldError('uploadId', versionMessages.upload);
    const position = Math.max(-1, ...files.map((f) => f.position)) + 1;
    await tx
      .insert(productFiles)
      .values(fileRowOf(productId, versionId, upload, { ...input, position }));
  });
}

/** Renames a file's label (its format) or changes its platform. */
export function updateVersionFile(
  deps: Pick<VersionsDeps, 'db' | 'changes'>,
  productId: string,
  versionId: string,
  fileId: string,
  input: UpdateVersionFileInput,
): Promise<AdminVersion> {
  return changeFiles(deps, productId, versionId, async (tx, files) => {
    fileIn(files, fileId);
    await tx
      .update(productFiles)
      .set({
        ...(input.label !== undefined && { label: input.label.trim() || null }),
        ...(input.platform !== undefined && { platform: input.platform }),
      })
      .where(eq(productFiles.id, fileId));
  });
}

/**
 * Removes one file of a version; its last one stays (a version without files has nothing to
 * download). The stored bytes stay: a download link already handed out keeps working.
 */
export function removeVersionFile(
  deps: Pick<VersionsDeps, 'db' | 'changes'>,
  productId: string,
  versionId: string,
  fileId: string,
): Promise<AdminVersion> {
  return changeFiles(deps, productId, versionId, async (tx, files) => {
    fileIn(files, fileId);
    if (files.length === 1) throw new AppError('CONFLICT', versionMessages.lastFile);
    await tx.delete(productFiles).where(eq(productFiles.id, fileId));
  });
}

/** Puts a version's files in the order given (every one of them, once). */
export function reorderVersionFiles(
  deps: Pick<VersionsDeps, 'db' | 'changes'>,
  productId: string,
  versionId: string,
  fileIds: string[],
): Promise<AdminVersion> {
  return changeFiles(deps, productId, versionId, async (tx, files) => {
    const same =
      fileIds.length === files.length &&
      new Set(fileIds).size === fileIds.length &&
      files.every((f) => fileIds.includes(f.id));
    if (!same) throw fieldError('fileIds', versionMessages.fileOrder);
    for (const [position, id] of fileIds.entries()) {
      await tx.update(productFiles).set({ position }).where(eq(productFiles.id, id));
    }
  });
}

/**
 * Queues the update e-mail of an already published version to its owners who have not had it
 * (new owners since, or a publish whose notices were not asked for): safe to repeat.
 */
export async function notifyOwners(deps: VersionsDeps, productId: string, versionId: string) {
  const queued = await deps.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound('Product not found');
    const [version] = await tx
      .select()
      .from(productVersions)
      .where(and(eq(productVersions.id, versionId), eq(productVersions.productId, productId)));
    if (!version) throw notFound('Version not found');
    return queueUpdateNotices(tx, deps, product, version);
  });
  if (queued > 0) deps.mailer.wake();
  return adminView(await versionOf(deps.db, productId, versionId));
}

/** Withdraws or offers again an old version: buyers no longer see or download a withdrawn one. */
export async function setVersionAvailable(
  db: Db,
  productId: string,
  versionId: string,
  available: boolean,
): Promise<AdminVersion> {
  const [row] = await db
    .update(productVersions)
    .set({ available })
    .where(and(eq(productVersions.id, versionId), eq(productVersions.productId, productId)))
    .returning({ id: productVersions.id });
  if (!row) throw notFound('Version not found');
  return adminView(await versionOf(db, productId, versionId));
}

/** GET /api/products/:id/versions/latest: public, for an active product's available versions. */
export async function latestPublicVersion(db: Db, productId: string): Promise<LatestVersion> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw notFound('Product not found');
  const [latest] = await versionsWithFiles(db, [productId], true);
  if (!latest) throw notFound(versionMessages.noVersions);
  return {
    version: latest.version,
    releasedAt: latest.releasedAt.toISOString(),
    changelogSummary: changelogSummary(latest.changelog),
    platforms: [...new Set(latest.files.map((f) => f.platform))],
  };
}

/** Which file a download hands out: a file by its id, else by version and platform. */
export interface DownloadChoice {
  /** One of the product's files (a format, a platform's installer) of an available version. */
  fileId?: string;
  versionId?: string;
  platform?: FilePlatform;
}

/** The file a download of a product's line hands out, as product_files keeps it. */
export interface FileToDownload {
  versionId: string;
  fileId: string;
  fileKey: string;
  fileName: string;
  fileSize: number | null;
  crc32: number | null;
}

const toDownload = (versionId: string, file: ProductFileRow): FileToDownload => ({
  versionId,
  fileId: file.id,
  fileKey: file.fileKey,
  fileName: file.fileName,
  fileSize: file.fileSize,
  crc32: file.crc32,
});

/**
 * The file of a download: the chosen file of an available version; else the chosen available
 * version (the latest by default) and its file for the chosen platform, or its one file, or its
 * first file for all platforms. A file of another product, or of a withdrawn version, is refused.
 * A product without versions (one seeded or stored before versions) serves its own file (null).
 */
export async function fileToDownload(
  db: Db,
  productId: string,
  choice: DownloadChoice,
): Promise<FileToDownload | null> {
  const versions = await versionsWithFiles(db, [productId], true);
  if (choice.fileId) {
    for (const version of versions) {
      const file = version.files.find((f) => f.id === choice.fileId);
      if (file) return toDownload(version.id, file);
    }
    const [withdrawn] = await db
      .select({ id: productFiles.id })
      .from(productFiles)
      .where(and(eq(productFiles.id, choice.fileId), eq(productFiles.productId, productId)));
    if (withdrawn) throw new AppError('NOT_FOUND', versionMessages.versionUnavailable);
    throw new AppError('NOT_FOUND', versionMessages.fileNotOffered);
  }
  if (versions.length === 0) {
    const [any] = await db
      .select({ id: productVersions.id })
      .from(productVersions)
      .where(eq(productVersions.productId, productId))
      .limit(1);
    // Every version withdrawn: nothing to offer, rather than the product's mirrored file.
    if (any) throw new AppError('NOT_FOUND', versionMessages.versionUnavailable);
    if (choice.versionId) throw new AppError('NOT_FOUND', versionMessages.versionUnavailable);
    return null;
  }
  const version = choice.versionId ? versions.find((v) => v.id === choice.versionId) : versions[0];
  if (!version) throw new AppError('NOT_FOUND', versionMessages.versionUnavailable);
  const file = choice.platform
    ? (version.files.find((f) => f.platform === choice.platform) ??
      version.files.find((f) => f.platform === 'any'))
    : version.files.length === 1
      ? version.files[0]
      : version.files.find((f) => f.platform === 'any');
  if (!file) throw fieldError('platform', versionMessages.choosePlatform);
  return toDownload(version.id, file);
}

/**
 * The product editor's "Product file". Every downloadable file is a product_files row, so the
 * upload becomes the current version's file for all platforms: the latest version's first such
 * file takes its bytes (its label and place kept); a product without versions gets version
 * 1.0.0 holding it. A latest version with per-platform files only is left alone.
 */
export async function putProductFile(tx: Db, productId: string, upload: UploadedFile) {
  const latest = latestOf(
    await tx
      .select({ id: productVersions.id, version: productVersions.version })
      .from(productVersions)
      .where(eq(productVersions.productId, productId)),
  );
  if (!latest) {
    const [version] = await tx
      .insert(productVersions)
      .values({ productId, version: '1.0.0' })
      .returning({ id: productVersions.id });
    await tx
      .insert(productFiles)
      .values(fileRowOf(productId, version!.id, upload, { platform: 'any', position: 0 }));
    return;
  }
  const [first] = await tx
    .select({ id: productFiles.id })
    .from(productFiles)
    .where(and(eq(productFiles.versionId, latest.id), eq(productFiles.platform, 'any')))
    .orderBy(asc(productFiles.position), asc(productFiles.createdAt))
    .limit(1);
  if (!first) return;
  await tx
    .update(productFiles)
    .set({
      fileKey: upload.storageKey,
      fileName: upload.fileName,
      fileSize: upload.size,
      crc32: upload.crc32,
    })
    .where(eq(productFiles.id, first.id));
}
