import { eq } from 'drizzle-orm';
import { adminOrderMessages, type RefundResult } from '#shared/admin-orders';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { Payments } from '../../payments/payments';
import { refundAmount } from '../../payments/refund-amounts';
import { recordAudit } from '../audit';

/**
 * The owner refunds a paid order, whole or some of its lines. The order is held
 * (FOR UPDATE) from the check to the refund's record, so two refunds of the same line, however
 * close together, give the money back once: the second finds the line refunded. The provider
 * refunds first (Stripe's API, or the test processor's signed event), then fulfilment applies
 * it in this transaction: the named lines lose their downloads, a whole refund ends the order's.
 */
export async function refundOrder(
  { db, payments }: { db: Db; payments: Payments },
  actorId: string,
  orderId: string,
  input: { orderItemIds?: string[] },
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(adminOrderMessages.orderNotFound);
    if (order.status !== 'COMPLETED')
      throw new AppError('CONFLICT', adminOrderMessages.notRefundable);
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const ids = [
      ...new Set(input.orderItemIds ?? lines.filter((l) => !l.refundedAt).map((l) => l.id)),
    ];
    for (const id of ids) {
      const line = lines.find((l) => l.id === id);
      if (!line)
        throw new AppError('VALIDATION_FAILED', adminOrderMessages.lineNotInOrder, {
          orderItemIds: [adminOrderMessages.lineNotInOrder],
        });
      if (line.refundedAt)
        throw new AppError('VALIDATION_FAILED', adminOrderMessages.lineAlreadyRefunded, {
          orderItemIds: [adminOrderMessages.lineAlreadyRefunded],
        });
    }
    const amountCents = refundAmount(order, lines, ids);
    if (amountCents <= 0) throw new AppError('CONFLICT', adminOrderMessages.nothingToRefund);

    const result = await payments.refund(tx, { order, amountCents, orderItemIds: ids });
    const after = result.order ?? order;
    await recordAudit(tx, {
      actorId,
      action: 'refund',
      entityType: 'order',
      entityId: order.id,
      changes: {
        refundedCents: [order.refundedCents, after.refundedCents],
        ...(after.status !== order.status ? { status: [order.status, after.status] } : {}),
        refundedLines: [[], ids],
      },
    });
    return {
      refund: result.refund,
      order: {
        id: after.id,
        status: after.status,
        totalCents: after.totalCents,
        refundedCents: after.refundedCents,
      },
    };
  });
}
