import {
  and,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  notExists,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import { leavingMessages } from '#shared/account-leaving';
import { orderNumber } from '#shared/checkout';
import {
  downloadErrors,
  DOWNLOAD_LINK_TTL_SECONDS,
  type Purchase,
  type PurchaseStatus,
} from '#shared/downloads';
import { isDigital, productImages, purchaseLimit } from '#shared/product';
import { versionMessages } from '#shared/versions';
import { creditNotesOf } from '../invoices/invoices.service';
import { purchaseVersions } from '../versions/purchase-versions';
import { fileToDownload, type DownloadChoice } from '../versions/versions.service';
import { queryRows, type Db } from '../db/client';
import { preparedQuery } from '../db/prepared-queries';
import { downloads, orderItems, orders, products, productVersions } from '../db/schema';
import { AppError } from '../http/app-error';
import { claimGuestLicenses } from '../licenses/issue-licenses';
import { guestOrderLicenses } from '../licenses/license-queries';
import { readGuestOrderToken } from '../orders/guest-access';
import type { SigningKeys } from '../security/signed-token';
import type { Storage } from '../storage/storage';

/** Who asks for a download: a signed-in user, or a guest holding the receipt's link to one order. */
export type Downloader = { userId: string } | { guestOrderId: string };

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/** What the download log keeps of a request: its address and at most 500 characters of agent. */
export function requestMeta(ipAddress: string, userAgent: string | undefined): RequestMeta {
  return { ipAddress, userAgent: userAgent?.slice(0, 500) ?? null };
}

/** The order a receipt's guest link names; a tampered or expired link is refused. */
function guestOrderIdOf(keys: SigningKeys, token: string): string {
  const orderId = readGuestOrderToken(keys, token);
  if (!orderId) throw new AppError('FORBIDDEN', 'This download link is invalid or has expired');
  return orderId;
}

/** The guest order behind a receipt's link: its email, number and purchased items. */
export async function getGuestOrder(db: Db, keys: SigningKeys, token: string) {
  const orderId = guestOrderIdOf(keys, token);
  const [order] = await db
    .select({
      email: orders.email,
      customerDeletedAt: orders.customerDeletedAt,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.customerDeletedAt) throw new AppError('ACCESS_DENIED', leavingMessages.downloadsEnded);
  const data = await listPurchases(db, { guestOrderId: orderId });
  const creditNotes = (await creditNotesOf(db, [orderId])).get(orderId) ?? [];
  return {
    email: order.email,
    orderNumber: orderNumber(orderId),
    invoiceNumber: order.invoiceNumber,
    creditNotes,
    data,
    licenses: await guestOrderLicenses(db, orderId),
  };
}

/** A download through a receipt's guest link: the item must belong to the link's order. */
export async function createGuestDownload(
  { db, storage, keys }: { db: Db; storage: Storage; keys: SigningKeys },
  token: string,
  orderItemId: string,
  meta: RequestMeta,
  choice: DownloadChoice = {},
) {
  const guestOrderId = guestOrderIdOf(keys, token);
  return createDownload(db, storage, { guestOrderId }, orderItemId, meta, choice);
}

/**
 * An order line with its order and product: a prepared statement (db/prepared-queries.ts), read on
 * every download.
 */
const downloadLineQuery = (db: Db) =>
  preparedQuery(db, 'download_line', () =>
    db
      .select({
        item: orderItems,
        order: orders,
        product: products,
        // Most products have no versions: asked here, their download needs no reads of its own.
        hasVersions: sql<boolean>`exists (select 1 from ${productVersions}
          where ${productVersions.productId} = ${products.id})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.id, sql.placeholder('orderItemId')))
      .prepare('download_line'),
  );

/**
 * A file download: the item must be the caller's, its order COMPLETED, a download
 * left. One is spent atomically (the UPDATE only matches while some remain), logged, and
 * exchanged for a short-lived link to the stored file.
 */
export async function createDownload(
  db: Db,
  storage: Storage,
  who: Downloader,
  orderItemId: string,
  meta: RequestMeta,
  choice: DownloadChoice = {},
) {
  const [row] = await downloadLineQuery(db).execute({ orderItemId });
  if (!row) throw new AppError('NOT_FOUND', 'Order item not found');
  const owns =
    'userId' in who ? row.order.userId === who.userId : row.order.id === who.guestOrderId;
  if (!owns) throw new AppError('ACCESS_DENIED', downloadErrors.ACCESS_DENIED);
  // The buyer deleted their account: the order stays for the seller's books, its files do not.
  if (row.order.customerDeletedAt) {
    throw new AppError('ACCESS_DENIED', leavingMessages.downloadsEnded);
  }
  if (row.order.status !== 'COMPLETED') {
    throw new AppError('ORDER_NOT_COMPLETED', downloadErrors.ORDER_NOT_COMPLETED);
  }
  // A refunded line has no downloads left, whatever its product's file.
  if (row.item.refundedAt)
    throw new AppError('NO_DOWNLOADS_REMAINING', downloadErrors.NO_DOWNLOADS_REMAINING);
  // The chosen file (format, platform) of an available version, else the latest version's;
  // a product without versions has its own. Any of them spends the line's one allowance.
  const versioned =
    row.hasVersions || choice.fileId
      ? await fileToDownload(db, row.product.id, choice)
      : unversionedFile(choice);
  const { fileKey, fileName } = versioned ?? row.product;
  if (!fileKey || !fileName) throw new AppError('NO_DOWNLOAD_URL', downloadErrors.NO_DOWNLOAD_URL);

  // An owner signed in to their account re-downloads a product sold "unlimited for account
  // holders" without spending any; a guest's receipt link still counts.
  const unlimited = unlimitedFor(who, row.product);
  // One statement spends the download and logs it (a data-modifying CTE is one atomic statement,
  // as the transaction of two was): the UPDATE only matches while one is left, so two requests at
  // once cannot both spend the last.
  const spend = db
    .update(orderItems)
    .set({
      downloadsRemaining: unlimited
        ? sql`${orderItems.downloadsRemaining}`
        : sql`${orderItems.downloadsRemaining} - 1`,
    })
    .where(
      and(
        eq(orderItems.id, orderItemId),
        unlimited ? undefined : gt(orderItems.downloadsRemaining, 0),
        // A refunded line's access has ended, whatever its count says.
        isNull(orderItems.refundedAt),
        // So has an order's whose buyer deleted their account meanwhile.
        notExists(
          db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, orderItems.orderId), isNotNull(orders.customerDeletedAt))),
        ),
      ),
    )
    .returning({ downloadsRemaining: orderItems.downloadsRemaining });
  const userId = 'userId' in who ? who.userId : null;
  const [spent] = await queryRows<{ downloads_remaining: number }>(
    db,
    sql`with spent as (${spend.getSQL()}),
        logged as (
          insert into ${downloads} (user_id, product_id, order_item_id, version_id, file_id,
            ip_address, user_agent)
          select ${userId}::uuid, ${row.product.id}::uuid, ${orderItemId}::uuid,
            ${versioned?.versionId ?? null}::uuid, ${versioned?.fileId ?? null}::uuid,
            ${meta.ipAddress}::text, ${meta.userAgent}::text
          from spent
        )
        select downloads_remaining from spent`,
  );
  if (!spent) throw new AppError('NO_DOWNLOADS_REMAINING', downloadErrors.NO_DOWNLOADS_REMAINING);

  const link = await storage.downloadLink(fileKey, fileName, DOWNLOAD_LINK_TTL_SECONDS);
  return {
    downloadUrl: link.url,
    fileName,
    expiresAt: link.expiresAt.toISOString(),
    downloadsRemaining: spent.downloads_remaining,
    unlimited,
  };
}

/**
 * fileToDownload's answer for a product without any version, without asking the database again:
 * its own file, unless a version was asked for (fileToDownload checks a chosen file itself).
 */
function unversionedFile(choice: DownloadChoice): null {
  if (choice.versionId) throw new AppError('NOT_FOUND', versionMessages.versionUnavailable);
  return null;
}

/**
 * Whether `who` downloads `product` without spending its allowance: a signed-in account owner of
 * a product sold "unlimited for account holders". A guest's receipt link always counts.
 */
export const unlimitedFor = (
  who: Downloader,
  product: Pick<typeof products.$inferSelect, 'unlimitedForAccounts'>,
) => 'userId' in who && product.unlimitedForAccounts;

/** The order items of COMPLETED orders (never refunded ones, whole or line), newest first. */
export async function listPurchases(db: Db, who: Downloader): Promise<Purchase[]> {
  const rows = await db
    .select({ item: orderItems, order: orders, product: products })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.status, 'COMPLETED'),
        isNull(orderItems.refundedAt),
        'userId' in who ? eq(orders.userId, who.userId) : eq(orders.id, who.guestOrderId),
      ),
    )
    .orderBy(desc(orders.completedAt), desc(orders.createdAt), orderItems.id);
  const versions = await purchaseVersions(
    db,
    who,
    rows.map(({ item, order }) => ({
      productId: item.productId,
      purchasedAt: order.completedAt ?? order.createdAt,
    })),
  );
  return rows.map(({ item, order, product }, i) => ({
    ...versions[i]!,
    id: item.id,
    productId: product.id,
    downloadsRemaining: item.downloadsRemaining,
    unlimited: unlimitedFor(who, product),
    quantity: item.quantity,
    product: {
      name: product.name,
      description: product.description,
      imageUrl: productImages(product)[0] ?? '',
      fileSize: product.fileSize,
      downloadLimit: product.downloadLimit,
    },
    order: {
      id: order.id,
      orderNumber: orderNumber(order.id),
      createdAt: order.createdAt.toISOString(),
    },
  }));
}

export async function ownsProduct(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(ownedLines(userId), eq(orderItems.productId, productId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The order lines (joined to their orders) that make `userId` an owner: of their COMPLETED
 * orders, not refunded. A pending order owns nothing.
 */
export const ownedLines = (userId: string | Placeholder) =>
  and(eq(orders.userId, userId), eq(orders.status, 'COMPLETED'), isNull(orderItems.refundedAt));

/** Whether the caller owns a product: a visitor owns nothing; only COMPLETED orders count. */
export async function purchaseStatus(
  db: Db,
  userId: string | null,
  productId: string,
): Promise<PurchaseStatus> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw new AppError('NOT_FOUND', 'Product not found');
  const digital = isDigital(product);
  return {
    isPurchased: userId ? await ownsProduct(db, userId, productId) : false,
    isDigitalDownload: digital,
    purchaseLimit: purchaseLimit(product),
  };
}

/** A guest's orders, and their licence keys, join the account that confirms the same email. */
export async function claimGuestOrders(db: Db, userId: string, email: string) {
  const claimed = await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${email})`))
    .returning({ id: orders.id });
  await claimGuestLicenses(db, userId);
  return claimed.length;
}
