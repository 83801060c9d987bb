import { and, desc, eq, inArray } from 'drizzle-orm';
import { isUpdated, type PurchaseVersion } from '#shared/versions';
import type { Db } from '../db/client';
import { downloads, orderItems, productVersions } from '../db/schema';
import { fileView, versionsWithFiles } from './versions.service';

type Downloader = { userId: string } | { guestOrderId: string };

/**
 * What the hub shows of each purchase's versions: the latest available one, the older ones the
 * seller keeps available, and whether it is "Updated" (newer than the buyer's last download of
 * the product: by this account, or through this guest order's link).
 */
export async function purchaseVersions(
  db: Db,
  who: Downloader,
  purchases: { productId: string; purchasedAt: Date }[],
): Promise<
  { latestVersion: PurchaseVersion | null; olderVersions: PurchaseVersion[]; updated: boolean }[]
> {
  const productIds = [...new Set(purchases.map((p) => p.productId))];
  if (productIds.length === 0) return [];
  const versions = await versionsWithFiles(db, productIds, true);
  const last = await db
    .selectDistinctOn([downloads.productId], {
      productId: downloads.productId,
      at: downloads.createdAt,
      version: productVersions.version,
    })
    .from(downloads)
    .leftJoin(productVersions, eq(productVersions.id, downloads.versionId))
    .where(
      and(
        inArray(downloads.productId, productIds),
        'userId' in who
          ? eq(downloads.userId, who.userId)
          : inArray(
              downloads.orderItemId,
              db
                .select({ id: orderItems.id })
                .from(orderItems)
                .where(eq(orderItems.orderId, who.guestOrderId)),
            ),
      ),
    )
    .orderBy(downloads.productId, desc(downloads.createdAt));

  return purchases.map(({ productId, purchasedAt }) => {
    const own = versions.filter((v) => v.productId === productId);
    const views = own.map((v): PurchaseVersion => ({
      id: v.id,
      version: v.version,
      releasedAt: v.releasedAt.toISOString(),
      changelog: v.changelog,
      files: v.files.map(fileView),
    }));
    const lastDownload = last.find((d) => d.productId === productId);
    return {
      latestVersion: views[0] ?? null,
      olderVersions: views.slice(1),
      updated: isUpdated({ latest: own[0], lastDownload, purchasedAt }),
    };
  });
}
