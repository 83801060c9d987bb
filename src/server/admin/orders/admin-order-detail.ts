import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminOrderMessages, type AdminOrderDetail } from '#shared/admin-orders';
import { orderNumber } from '#shared/checkout';
import type { Db } from '../../db/client';
import { downloads, orderItems, orders, paymentEvents, products, refunds } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { creditNotesOf } from '../../invoices/invoices.service';
import { paidShares } from '../../payments/refund-amounts';

/**
 * GET /api/admin/orders/:id: the order, its lines with what each paid and each download handed
 * out (when, from where), the provider's events as a timeline, and its refunds.
 */
export async function adminOrderDetail(db: Db, id: string): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound(adminOrderMessages.orderNotFound);
  const bundles = alias(products, 'bundle');
  const [lines, events, refundRows, creditNotes] = await Promise.all([
    db
      .select({ item: orderItems, name: products.name, bundleName: bundles.name })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(bundles, eq(bundles.id, orderItems.bundleProductId))
      .where(eq(orderItems.orderId, id))
      // A bundle's member lines next to each other.
      .orderBy(asc(orderItems.createdAt), asc(orderItems.bundleProductId), asc(orderItems.id)),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(asc(paymentEvents.receivedAt)),
    db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.createdAt)),
    creditNotesOf(db, [id]),
  ]);
  const handedOut =
    lines.length === 0
      ? []
      : await db
          .select()
          .from(downloads)
          .where(
            inArray(
              downloads.orderItemId,
              lines.map(({ item }) => item.id),
            ),
          )
          .orderBy(asc(downloads.createdAt));
  const shares = paidShares(
    order.totalCents,
    lines.map(({ item }) => item),
  );
  return {
    id: order.id,
    orderNumber: orderNumber(order.id),
    email: order.email,
    customerDeleted: order.customerDeletedAt !== null,
    userId: order.userId,
    status: order.status,
    provider: order.provider,
    providerSessionId: order.providerSessionId,
    providerPaymentId: order.providerPaymentId,
    promoCode: order.promoCode,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    currency: order.currency,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    billingDetails: order.billingDetails,
    itemCount: lines.length,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    items: lines.map(({ item, name, bundleName }) => ({
      id: item.id,
      productId: item.productId,
      name,
      bundleName,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      creditCents: item.creditCents,
      paidCents: shares.get(item.id) ?? 0,
      downloadsRemaining: item.downloadsRemaining,
      refundedAt: item.refundedAt?.toISOString() ?? null,
      downloads: handedOut
        .filter((d) => d.orderItemId === item.id)
        .map((d) => ({
          at: d.createdAt.toISOString(),
          ipAddress: d.ipAddress,
          userAgent: d.userAgent,
        })),
    })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      provider: e.provider,
      receivedAt: e.receivedAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      orderItemIds: r.orderItemIds,
      createdAt: r.createdAt.toISOString(),
    })),
    invoiceNumber: order.invoiceNumber,
    creditNotes: creditNotes.get(id) ?? [],
  };
}
