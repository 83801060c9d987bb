import { and, eq, sql } from 'drizzle-orm';
import { leavingMessages } from '#shared/account-leaving';
import { adminOrderMessages, type ExtraDownloads } from '#shared/admin-orders';
import type { Db } from '../../db/client';
import { orderItems, orders, type OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { Payments } from '../../payments/payments';
import { orderNumber } from '#shared/checkout';
import { invoiceMessages, invoicePaths } from '#shared/invoices';
import { invoiceEmail } from '../../invoices/invoice-email';
import { invoiceLinkToken } from '../../invoices/invoices.service';
import type { Services } from '../../services';
import { recordAudit } from '../audit';

interface Deps {
  db: Db;
  payments: Payments;
}

async function findOrder(db: Db, id: string, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound(adminOrderMessages.orderNotFound);
  return order;
}

/** Sends a paid order's receipt to its buyer again, through the mail outbox. */
export async function resendReceipt({ db, payments }: Deps, actorId: string, id: string) {
  const order = await findOrder(db, id);
  if (order.status !== 'COMPLETED') throw new AppError('CONFLICT', adminOrderMessages.notPaid);
  if (order.customerDeletedAt) throw new AppError('CONFLICT', leavingMessages.noAddressLeft);
  await payments.resendReceipt(order);
  await recordAudit(db, {
    actorId,
    action: 'resend-receipt',
    entityType: 'order',
    entityId: id,
    changes: { receiptSentTo: [null, order.email] },
  });
}

/**
 * Sends a paid order's invoice to its buyer again: a signed link to the stored PDF, queued with
 * its audit entry in one transaction. The document is never made again, so the buyer gets what
 * was issued.
 */
export async function resendInvoice(
  {
    db,
    mailer,
    keys,
    config,
  }: Pick<Services, 'db' | 'mailer' | 'keys'> & {
    config: Pick<Services['config'], 'publicUrl'>;
  },
  actorId: string,
  id: string,
) {
  const order = await findOrder(db, id);
  if (!order.invoiceNumber) throw new AppError('CONFLICT', invoiceMessages.noInvoice);
  if (order.customerDeletedAt) throw new AppError('CONFLICT', leavingMessages.noAddressLeft);
  const invoiceNumber = order.invoiceNumber;
  await db.transaction(async (tx) => {
    const url = `${config.publicUrl}${invoicePaths.link(invoiceLinkToken(keys, order.id))}`;
    await mailer.enqueue(
      tx,
      invoiceEmail({ to: order.email, orderNumber: orderNumber(order.id), invoiceNumber, url }),
    );
    await recordAudit(tx, {
      actorId,
      action: 'resend-invoice',
      entityType: 'order',
      entityId: id,
      changes: { invoiceSentTo: [null, order.email], invoiceNumber: [null, invoiceNumber] },
    });
  });
  mailer.wake();
}

/** More downloads for one line of a paid order, with the owner's reason in the audit log. */
export async function giveExtraDownloads(
  { db }: Deps,
  actorId: string,
  id: string,
  itemId: string,
  input: ExtraDownloads,
) {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    if (order.status !== 'COMPLETED') throw new AppError('CONFLICT', adminOrderMessages.notPaid);
    const [line] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, id)));
    if (!line) throw notFound(adminOrderMessages.lineNotFound);
    if (line.refundedAt) throw new AppError('CONFLICT', adminOrderMessages.lineRefunded);
    const [after] = await tx
      .update(orderItems)
      .set({ downloadsRemaining: sql`${orderItems.downloadsRemaining} + ${input.extra}` })
      .where(eq(orderItems.id, itemId))
      .returning({ downloadsRemaining: orderItems.downloadsRemaining });
    await recordAudit(tx, {
      actorId,
      action: 'extra-downloads',
      entityType: 'order',
      entityId: id,
      changes: {
        [`downloadsRemaining:${itemId}`]: [line.downloadsRemaining, after!.downloadsRemaining],
        reason: [null, input.reason],
      },
    });
    return { orderItemId: itemId, downloadsRemaining: after!.downloadsRemaining };
  });
}

/**
 * Cancels an order still waiting for payment: its Stripe session is ended first (so it can no
 * longer be paid), then the order moves to CANCELLED through fulfilment, which gives its promo
 * code's use back. An order paid meanwhile is not cancelled.
 */
export async function cancelOrder({ db, payments }: Deps, actorId: string, id: string) {
  const order = await findOrder(db, id);
  if (order.status !== 'PENDING') throw new AppError('CONFLICT', adminOrderMessages.notPending);
  if (order.provider === 'stripe' && order.providerSessionId && payments.stripe) {
    await payments.stripe.client.checkout.sessions.expire(order.providerSessionId).catch(() => {
      // Already expired or paid: the order's status below says which.
    });
  }
  return db.transaction(async (tx) => {
    const result = await payments.fulfilWithin(tx, {
      id: `admin-cancel:${id}`,
      provider: order.provider,
      outcome: 'expired',
      orderId: id,
    });
    if (!result.changed || !result.order)
      throw new AppError('CONFLICT', adminOrderMessages.notPending);
    await recordAudit(tx, {
      actorId,
      action: 'cancel',
      entityType: 'order',
      entityId: id,
      changes: { status: [order.status, result.order.status] },
    });
    return { id, status: result.order.status };
  });
}
