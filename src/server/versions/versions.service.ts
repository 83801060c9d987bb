import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  changelogSummary,
  compareVersions,
  latestOf,
  versionMessages,
  type AdminVersion,
  type FilePlatform,
  type LatestVersion,
  type PublishVersionInput,
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
import { queueUpdateNotices } from './update-notices';

export interface VersionsDeps {
  db: Db;
  changes: CatalogueChanges;
  mailer: Mailer;
  keys: SigningKeys;
  publicUrl: string;
  /** A finished product-file upload (uploads/uploads.service.ts), or null. */
  findUploadedFile: (
    tx: Db,
    uploadId: string,
  ) => Promise<{ storageKey: string; fileName: string; size: number } | null>;
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

/** Files in a stable order: all platforms first, then macOS, Windows, Linux. */
const platformOrder: Record<FilePlatform, number> = { any: 0, macos: 1, windows: 2, linux: 3 };
const byPlatform = (a: ProductFileRow, b: ProductFileRow) =>
  platformOrder[a.platform] - platformOrder[b.platform];

/** Versions highest first, each with its files. */
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
      files: files.filter((f) => f.versionId === version.id).sort(byPlatform),
    }));
}

type VersionWithFiles = ProductVersionRow & { files: ProductFileRow[] };

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

/**
 * Publishes a version: its number above every version the product has had (withdrawn ones
 * too, so a number is never reused), its files from finished uploads, mirrored to the
 * product's own file columns (what the catalogue shows and a product without versions
 * downloads), and, when asked, an update e-mail queued to every owner, all in one transaction:
 * the product's row lock orders two publishes of one product.
 */
export async function publishVersion(
  deps: VersionsDeps,
  productId: string,
  input: PublishVersionInput,
): Promise<AdminVersion> {
  const { versionId, queued } = await deps.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw notFound('Product not found');
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
    const files = await tx
      .insert(productFiles)
      .values(
        uploads.map(({ platform, label, upload }) => ({
          productId,
          versionId: version.id,
          platform,
          label: label || null,
          fileKey: upload.storageKey,
          fileName: upload.fileName,
          fileSize: upload.size,
        })),
      )
      .returning();
    const mirrored = files.sort(byPlatform)[0]!;
    await tx
      .update(products)
      .set({
        fileKey: mirrored.fileKey,
        fileName: mirrored.fileName,
        fileSize: mirrored.fileSize,
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId));
    await deps.changes.announce(tx);
    const queued = input.notify ? await queueUpdateNotices(tx, deps, product, version) : 0;
    return { versionId: version.id, queued };
  });
  deps.changes.notify();
  if (queued > 0) deps.mailer.wake();
  return adminView(await versionOf(deps.db, productId, versionId));
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
    platforms: latest.files.map((f) => f.platform),
  };
}

/** Which file a download hands out. */
export interface DownloadChoice {
  versionId?: string;
  platform?: FilePlatform;
}

/**
 * The file of a download: the chosen available version (the latest by default) and its file
 * for the chosen platform, or its one file for all platforms. A product without versions
 * serves its own file as before (null here).
 */
export async function fileToDownload(db: Db, productId: string, choice: DownloadChoice) {
  const versions = await versionsWithFiles(db, [productId], true);
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
  return { versionId: version.id, fileKey: file.fileKey, fileName: file.fileName };
}

/**
 * The product editor's "Product file" on a product with versions: the new upload replaces the
 * latest version's file for all platforms, so what buyers download follows the editor as it
 * did before versions (a version with only per-platform files is left alone).
 */
export async function replaceLatestFileForAll(
  tx: Db,
  productId: string,
  file: { fileKey: string; fileName: string; fileSize: number },
) {
  const latest = latestOf(
    await tx
      .select({ id: productVersions.id, version: productVersions.version })
      .from(productVersions)
      .where(eq(productVersions.productId, productId)),
  );
  if (!latest) return;
  await tx
    .update(productFiles)
    // A new file's CRC-32 is not the old one's (archives read it): unknown unless given.
    .set({ crc32: null, ...file })
    .where(and(eq(productFiles.versionId, latest.id), eq(productFiles.platform, 'any')));
}
