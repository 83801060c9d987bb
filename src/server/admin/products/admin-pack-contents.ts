import { eq } from 'drizzle-orm';
import { packContentsMessages, type PackContentsEdit } from '#shared/admin-pack-contents';
import { packItemKindLabels, type PackItem } from '#shared/music';
import { packItemsOf } from '../../catalogue/pack-contents';
import type { Db } from '../../db/client';
import { packItems, products } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { changedFields, recordAudit } from '../audit';
import { catalogueWrite, type AdminProductsDeps } from './admin-products.service';

/** 404 'Product not found' unless the product exists; in a write, its row stays locked. */
async function assertProduct(db: Db, id: string, lock = false): Promise<void> {
  const query = db.select({ id: products.id }).from(products).where(eq(products.id, id));
  const [product] = lock ? await query.for('update') : await query;
  if (!product) throw notFound('Product not found');
}

/** GET /api/admin/products/:id/contents: the items of a product of any status, in list order. */
export async function adminPackContents(db: Db, id: string): Promise<PackItem[]> {
  await assertProduct(db, id);
  return packItemsOf(db, id);
}

/** The audit log's view of a list: each item as its owner reads it, in order. */
const auditList = (items: readonly PackItem[]) => ({
  contents: items.map((item) => {
    const facts = [packItemKindLabels[item.kind], item.bpm && `${item.bpm} BPM`, item.key];
    return `${item.name} (${facts.filter(Boolean).join(', ')})`;
  }),
});

/**
 * PUT /api/admin/products/:id/contents: the list as the owner left it. Items keep their ids,
 * previews and lengths; their order is the list's; items it leaves out are removed. The change
 * is audited on the product, in the same transaction.
 */
export async function savePackContents(
  deps: AdminProductsDeps,
  actorId: string,
  id: string,
  edit: PackContentsEdit,
): Promise<PackItem[]> {
  const edits = edit.items;
  await catalogueWrite(deps, async (tx) => {
    await assertProduct(tx, id, true);
    const before = await packItemsOf(tx, id);
    const held = new Map(before.map((item) => [item.id, item]));
    const ids = edits.map((edit) => edit.id);
    if (new Set(ids).size !== ids.length) {
      throw new AppError('VALIDATION_FAILED', 'Invalid items', {
        items: [packContentsMessages.duplicate],
      });
    }
    if (ids.some((itemId) => !held.has(itemId))) {
      throw new AppError('VALIDATION_FAILED', 'Invalid items', {
        items: [packContentsMessages.unknownItem],
      });
    }
    // Positions are unique per product: the list is written afresh, each item with its own id.
    await tx.delete(packItems).where(eq(packItems.productId, id));
    if (edits.length > 0) {
      await tx.insert(packItems).values(
        edits.map((edit, index) => {
          const item = held.get(edit.id) as PackItem;
          return {
            id: edit.id,
            productId: id,
            position: index + 1,
            name: edit.name,
            kind: edit.kind,
            bpm: edit.bpm,
            musicKey: edit.key,
            durationMs: item.durationMs,
            previewUrl: item.previewUrl,
            previewPeaks: item.previewPeaks,
          };
        }),
      );
    }
    const after = edits.map((edit) => ({ ...(held.get(edit.id) as PackItem), ...edit }));
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: 'product',
      entityId: id,
      changes: changedFields(auditList(before), auditList(after)),
    });
  });
  return packItemsOf(deps.db, id);
}
