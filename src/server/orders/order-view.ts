import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orderNumber } from '#shared/checkout';
import type { OrderView } from '#shared/orders';
import type { ProductFormat } from '#shared/versions';
import { taxBases, type TaxBasis } from '#shared/tax-settings';
import { productImages, productRating, reviewCount } from '#shared/product';
import type { Db } from '../db/client';
import { orderItems, products, type OrderRow } from '../db/schema';
import { creditNotesOf } from '../invoices/invoices.service';
import { licenseKeysOfOrders } from '../licenses/license-queries';
import { versionsWithFiles } from '../versions/versions.service';

/**
 * Orders with their lines, products and licence keys, in the shape the screens read. Every caller
 * is the order's buyer (their account, their payment session, their receipt or signed link).
 */
export async function toOrderViews(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const bundles = alias(products, 'bundle');
  const lines = await db
    .select({ item: orderItems, product: products, bundleName: bundles.name })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(bundles, eq(bundles.id, orderItems.bundleProductId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const creditNotes = await creditNotesOf(
    db,
    rows.map((o) => o.id),
  );
  const keys = await licenseKeysOfOrders(
    db,
    rows.map((o) => o.id),
  );
  // Each product's latest available version's files (versions come highest first).
  const latestFiles = new Map<string, ProductFormat[]>();
  const versions = await versionsWithFiles(db, [...new Set(lines.map((l) => l.product.id))], true);
  for (const v of versions) {
    if (!latestFiles.has(v.productId)) {
      latestFiles.set(
        v.productId,
        v.files.map((f) => ({ label: f.label, platform: f.platform, fileSize: f.fileSize })),
      );
    }
  }
  return rows.map((order) => ({
    id: order.id,
    orderNumber: orderNumber(order.id),
    email: order.email,
    status: order.status,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    promoCode: order.promoCode,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    country: order.country,
    region: order.region,
    taxBasis: taxBases.includes(order.taxBasis as TaxBasis)
      ? (order.taxBasis as TaxBasis)
      : 'estimate',
    taxNote: order.taxNote,
    pricesIncludeTax: order.pricesIncludeTax,
    invoiceNumber: order.invoiceNumber,
    creditNotes: creditNotes.get(order.id) ?? [],
    items: lines
      .filter(({ item }) => item.orderId === order.id)
      .map(({ item, product, bundleName }) => ({
        id: item.id,
        productId: product.id,
        name: product.name,
        image: productImages(product)[0] ?? '',
        licenseType: item.licenseType,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        discountCents: item.discountCents,
        taxRate: item.taxRate,
        taxCents: item.taxCents,
        creditCents: item.creditCents,
        bundle:
          item.bundleProductId && bundleName !== null
            ? { id: item.bundleProductId, name: bundleName }
            : null,
        downloadsRemaining: item.downloadsRemaining,
        refunded: item.refundedAt !== null,
        licenses: keys.get(item.id) ?? [],
        rating: productRating(product),
        reviewCount: reviewCount(product),
        files: latestFiles.get(product.id) ?? [],
      })),
  }));
}
