import {
  guestCheckoutErrors,
  RECEIPT_RESENDS_PER_HOUR,
  type GuestOrderAccess,
  type ReceiptResent,
} from '#shared/guest-checkout';
import { orderNumber } from '#shared/checkout';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { consumeRequest } from '../http/rate-limit';
import { findOrderBySession } from '../orders/orders.service';
import { guestOrderToken } from '../orders/guest-access';
import type { SigningKeys } from '../security/signed-token';

export interface GuestCheckoutDeps {
  db: Db;
  keys: SigningKeys;
  /** Queues the order's receipt again, as its payment did (payments.resendReceipt). */
  resendReceipt: (order: OrderRow) => Promise<void>;
}

/** A paid order has a receipt; a refunded one had one. */
const hasReceipt = (order: OrderRow) => order.status === 'COMPLETED' || order.status === 'REFUNDED';

/**
 * The guest order behind a payment session, when this browser opened it (its guest checkout
 * cookie names the order). Anything else, an unknown session, a signed-in buyer's order or
 * another browser's, is the same 404.
 */
async function ownGuestOrder(db: Db, sessionId: string, browserOrders: readonly string[]) {
  const order = await findOrderBySession(db, sessionId);
  if (!order || order.userId !== null || !browserOrders.includes(order.id))
    throw notFound(guestCheckoutErrors.noAccess);
  if (!hasReceipt(order)) throw new AppError('CONFLICT', guestCheckoutErrors.notPaid);
  return order;
}

/** The signed guest order token (the receipt's link) and the receipt's address. */
export async function guestOrderAccess(
  { db, keys }: Pick<GuestCheckoutDeps, 'db' | 'keys'>,
  sessionId: string,
  browserOrders: readonly string[],
): Promise<GuestOrderAccess> {
  const order = await ownGuestOrder(db, sessionId, browserOrders);
  return {
    token: guestOrderToken(keys, order.id),
    email: order.email,
    orderNumber: orderNumber(order.id),
  };
}

/**
 * Sends the receipt again, to the order's own address only, at most RECEIPT_RESENDS_PER_HOUR
 * times an hour per order (then 429 with Retry-After). Each one answers the same.
 */
export async function resendGuestReceipt(
  { db, resendReceipt }: Pick<GuestCheckoutDeps, 'db' | 'resendReceipt'>,
  sessionId: string,
  browserOrders: readonly string[],
): Promise<{ resent: ReceiptResent } | { retryAfterSeconds: number }> {
  const order = await ownGuestOrder(db, sessionId, browserOrders);
  const decision = await consumeRequest(db, `receipt-resend:${order.id}`, {
    windowSeconds: 60 * 60,
    max: RECEIPT_RESENDS_PER_HOUR,
  });
  if (!decision.allowed) return { retryAfterSeconds: decision.retryAfterSeconds };
  await resendReceipt(order);
  return { resent: { sentTo: order.email } };
}
