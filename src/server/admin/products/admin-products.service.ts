import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  adminProductMessages,
  payWhatYouWantError,
  saleBelowPrice,
  type ProductEditorPatchValues,
  type ProductEditorValues,
} from '#shared/admin-product';
import type { AdminBulkRequest, AdminProduct, AuditEntryView } from '#shared/admin-products-api';
import { audioPreview } from '#shared/product';
import { LICENSED_CATEGORY_SLUGS } from '#shared/licenses';
import { NO_PREVIEW_PEAKS, type PreviewPeakColumns } from '../../audio/audio-peaks';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import type { Db } from '../../db/client';
import { adminAudit, categories, products, type ProductRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { queuePackExtraction } from '../../packs/pack-extraction.service';
import type { UploadedFile } from '../../uploads/uploads.service';
import { putProductFile } from '../../versions/versions.service';
import { auditTrail, changedFields, recordAudit } from '../audit';
import { toSummary } from './admin-product-list';
import {
  editorInputOf,
  editorValuesOf,
  rowFieldsOf,
  type StoredEditorValues,
} from './product-editor-values';
import { currentActingKey } from '../api-keys/acting-key';

export interface AdminProductsDeps {
  db: Db;
  changes: CatalogueChanges;
  /** The finished product-file upload with this id (product_uploads), or null. */
  findUploadedFile: (tx: Db, uploadId: string) => Promise<UploadedFile | null>;
  /** The waveform of the audio preview at this URL (uploads/preview-peaks.ts). */
  previewPeaks: (url: string) => Promise<PreviewPeakColumns>;
}

const ENTITY = 'product';

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid ${field}`, { [field]: [message] });

/** What the audit log compares of a product: the editor's values and its file. */
function auditView(row: ProductRow): Record<string, unknown> {
  return {
    ...editorValuesOf(row),
    file: row.fileKey ? { name: row.fileName, size: row.fileSize } : null,
  };
}

/** The category a product names, which must exist; null for none. */
async function assertCategory(tx: Db, categoryId: string | null) {
  if (categoryId === null) return null;
  const [found] = await tx
    .select({
      id: categories.id,
      slug: categories.slug,
      defaultFeatures: categories.defaultFeatures,
    })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!found) throw fieldError('categoryId', adminProductMessages.category);
  return found;
}

/** The attached upload, checked; undefined when the editor left the file unchanged. */
async function attachedFile(deps: AdminProductsDeps, tx: Db, uploadId: string | undefined) {
  if (uploadId === undefined) return undefined;
  const file = await deps.findUploadedFile(tx, uploadId);
  if (!file) throw fieldError('fileUploadId', adminProductMessages.upload);
  return file;
}

/** The product's own file columns, kept in step with its current version's file row. */
const fileFields = (file: UploadedFile | undefined) =>
  file ? { fileKey: file.storageKey, fileName: file.fileName, fileSize: file.size } : {};

/** A preview's waveform, worked out for the URL the editor sent. */
interface PreparedPeaks {
  url: string;
  columns: PreviewPeakColumns;
}

/**
 * The waveform of the audio preview at `url` (the editor's, checked), decoded before the write's
 * transaction: a long preview takes seconds, too long to hold the product's row lock (or
 * PGlite's one connection). Nothing when the input leaves the preview out or clears it, or when
 * it keeps the product's `current` preview and that already has its waveform.
 */
async function preparePeaks(
  deps: AdminProductsDeps,
  url: string | null | undefined,
  current?: { url: string | null; previewPeaks: string | null },
): Promise<PreparedPeaks | undefined> {
  if (!url) return undefined;
  if (current?.url === url && current.previewPeaks !== null) return undefined;
  return { url, columns: await deps.previewPeaks(url) };
}

/** The waveform columns a write sets: the new preview's, none for no preview, or unchanged. */
function peakFields(
  url: string | null,
  before: string | null,
  prepared: PreparedPeaks | undefined,
): Partial<PreviewPeakColumns> {
  if (url !== null && prepared?.url === url) return prepared.columns;
  if (url === before) return {};
  return NO_PREVIEW_PEAKS;
}

/**
 * A catalogue write, in one transaction with its audit entries and its announcement to the
 * other server processes; this process forgets its cached answers once it has committed. The
 * catalogue's search words follow by themselves (triggers, migration 0017).
 */
export async function catalogueWrite<T>(deps: AdminProductsDeps, write: (tx: Db) => Promise<T>) {
  const result = await deps.db.transaction(async (tx) => {
    const value = await write(tx);
    await deps.changes.announce(tx);
    return value;
  });
  deps.changes.notify();
  return result;
}

async function productWithCategory(db: Db, id: string) {
  const [row] = await db
    .select({ product: products, category: categories })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row;
}

/** GET /api/admin/products/:id: any status; 404 'Product not found' for an unknown id. */
export async function getAdminProduct(db: Db, id: string): Promise<AdminProduct> {
  const row = await productWithCategory(db, id);
  if (!row) throw notFound('Product not found');
  const { product, category } = row;
  return {
    ...toSummary({
      product,
      category: category && { id: category.id, name: category.name, slug: category.slug },
    }),
    file: product.fileName ? { name: product.fileName, size: product.fileSize } : null,
    editor: editorInputOf(editorValuesOf(product)),
  };
}

/** POST /api/admin/products: a new product from the editor's form (a draft unless it says). */
export async function createProduct(
  deps: AdminProductsDeps,
  actorId: string,
  values: ProductEditorValues,
): Promise<AdminProduct> {
  const peaks = await preparePeaks(deps, values.audioPreview);
  const id = await catalogueWrite(deps, async (tx) => {
    const category = await assertCategory(tx, values.categoryId);
    // A plugin or an app issues licence keys unless the owner said otherwise.
    const licenseKeys =
      values.licenseKeys ?? LICENSED_CATEGORY_SLUGS.includes(category?.slug ?? '');
    // Its feature points start as its category's defaults unless the editor sent its own.
    const features = values.features ?? category?.defaultFeatures ?? [];
    const file = await attachedFile(deps, tx, values.fileUploadId);
    const [row] = await tx
      .insert(products)
      .values({
        ...rowFieldsOf({ ...values, licenseKeys, features }),
        ...fileFields(file),
        ...peakFields(values.audioPreview, null, peaks),
      })
      .returning();
    if (!row) throw new Error('product not created');
    if (file) {
      // Its file is version 1.0.0's, as every product's downloadable file is a version's.
      await putProductFile(tx, row.id, file);
      // A pack's ZIP is read for its contents list off the request path (packs/).
      await queuePackExtraction(tx, row);
    }
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      changes: changedFields(null, auditView(row)),
    });
    return row.id;
  });
  return getAdminProduct(deps.db, id);
}

/**
 * PATCH /api/admin/products/:id: any of the editor's fields, each checked by the route. The
 * product they make with its stored values is checked for the rules between fields (a sale
 * price below the price it keeps), and the changed fields are audited.
 */
export async function updateProduct(
  deps: AdminProductsDeps,
  actorId: string,
  id: string,
  patch: ProductEditorPatchValues,
): Promise<AdminProduct> {
  const [current] = await deps.db
    .select({ metadata: products.metadata, previewPeaks: products.previewPeaks })
    .from(products)
    .where(eq(products.id, id));
  const peaks = await preparePeaks(
    deps,
    patch.audioPreview,
    current && { url: audioPreview(current), previewPeaks: current.previewPeaks },
  );
  await catalogueWrite(deps, async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Product not found');
    const values = { ...editorValuesOf(before), ...patch };
    if (!saleBelowPrice(values)) {
      throw fieldError('salePrice', adminProductMessages.salePriceBelowPrice);
    }
    const pwyw = payWhatYouWantError(values);
    if (pwyw) throw fieldError(pwyw.field, pwyw.message);
    await assertCategory(tx, values.categoryId);
    const file = await attachedFile(deps, tx, values.fileUploadId);
    const [after] = await tx
      .update(products)
      .set({
        ...rowFieldsOf(values, before.metadata),
        ...fileFields(file),
        ...peakFields(values.audioPreview, audioPreview(before), peaks),
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw notFound('Product not found');
    if (file) {
      await putProductFile(tx, id, file);
      await queuePackExtraction(tx, after);
    }
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(auditView(before), auditView(after)),
    });
  });
  return getAdminProduct(deps.db, id);
}

/** What each bulk action sets. */
function bulkChange(request: AdminBulkRequest): Partial<StoredEditorValues> {
  switch (request.action) {
    case 'activate':
      return { status: 'active' };
    case 'archive':
      return { status: 'archived' };
    case 'change-category':
      return { categoryId: request.categoryId };
  }
}

/**
 * POST /api/admin/products/bulk: activate, archive or move products to a category, in one
 * transaction, each changed product audited. Products already so, and unknown ids, are left.
 */
export async function bulkUpdateProducts(
  deps: AdminProductsDeps,
  actorId: string,
  request: AdminBulkRequest,
): Promise<{ updated: number }> {
  const change = bulkChange(request);
  const differs =
    change.status !== undefined
      ? ne(products.status, change.status)
      : sql`${products.categoryId} is distinct from ${change.categoryId ?? null}`;
  return catalogueWrite(deps, async (tx) => {
    if (change.categoryId !== undefined) await assertCategory(tx, change.categoryId);
    const where = and(inArray(products.id, request.ids), differs);
    const before = await tx
      .select({ id: products.id, status: products.status, categoryId: products.categoryId })
      .from(products)
      .where(where)
      .orderBy(products.id)
      .for('update');
    if (before.length === 0) return { updated: 0 };
    await tx
      .update(products)
      .set({ ...change, updatedAt: new Date() })
      .where(
        inArray(
          products.id,
          before.map((row) => row.id),
        ),
      );
    await tx.insert(adminAudit).values(
      before.map((row) => ({
        actorId,
        apiKeyId: currentActingKey()?.id ?? null,
        action: request.action,
        entityType: ENTITY,
        entityId: row.id,
        changes: changedFields(
          { status: row.status, categoryId: row.categoryId },
          { status: row.status, categoryId: row.categoryId, ...change },
        ),
      })),
    );
    return { updated: before.length };
  });
}

/** GET /api/admin/products/:id/audit: the product's audit entries, newest first. */
export async function productAuditTrail(db: Db, id: string): Promise<AuditEntryView[]> {
  const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!found) throw notFound('Product not found');
  return auditTrail(db, ENTITY, id);
}
