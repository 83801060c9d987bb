import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orderNumber } from '#shared/checkout';
import {
  FREE_ORDER_LINK_TTL_MS,
  FREE_ORDER_MAILS_PER_ADDRESS_PER_HOUR,
  freeProductMessages,
  type FreeOrderConfirmed,
  type FreeOutcome,
} from '#shared/free-products';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import { AppError } from '../http/app-error';
import { consumeRequest } from '../http/rate-limit';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { Mailer } from '../mail/mailer';
import { guestOrderToken } from '../orders/guest-access';
import type { PaymentEvent } from '../payments/payment-provider';
import { isSessionExpired } from '../payments/session-expiry';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

/**
 * Orders that come to $0 (docs/free-products.md). They never meet the payment provider (Stripe
 * cannot take $0): an account holder's completes at once, a guest's when the link mailed to the
 * address is followed. Either way it completes through the one fulfilment path (payments.fulfil)
 * with a `free` event, so its downloads, licence keys, receipt, invoice, webhooks and reports are
 * those of any paid order.
 */
export interface FreeOrderDeps {
  db: Db;
  mailer: Mailer;
  keys: SigningKeys;
  publicUrl: string;
  /** The one fulfilment entry point (payments.fulfil). */
  fulfil: (event: PaymentEvent) => Promise<unknown>;
}

/** A $0 order's "session" id: the success page finds the order by it, as by a provider's. */
export const freeSessionId = () => `free_${randomBytes(16).toString('hex')}`;

/** A guest's $0 order waits for its link; an account holder's completes before anyone waits. */
export const freeOrderExpiresAt = (now = new Date()) =>
  new Date(now.getTime() + FREE_ORDER_LINK_TTL_MS);

/** The completion of a $0 order. Its id is the order's, so a second click changes nothing. */
export const freeCompletion = (orderId: string): PaymentEvent => ({
  id: `evt_free_completed_${orderId}`,
  provider: 'free',
  outcome: 'completed',
  orderId,
});

export const freeOrderToken = (keys: SigningKeys, orderId: string, now = Date.now()) =>
  signToken(keys, 'free-order', orderId, { expiresAt: now + FREE_ORDER_LINK_TTL_MS });

export const freeOrderLink = (publicUrl: string, keys: SigningKeys, orderId: string) =>
  `${publicUrl}/free/confirm?token=${encodeURIComponent(freeOrderToken(keys, orderId))}`;

/**
 * Completes an order that came to $0 instead of opening a payment session: at once for an
 * account holder; for a guest, by the link mailed to the address (it proves the address, so
 * nobody's address receives a receipt it did not ask for). A few such mails an hour reach one
 * address; past that nothing is sent, and the answer is the same.
 */
export async function settleFreeOrder(
  deps: FreeOrderDeps,
  order: OrderRow,
  productNames: string[],
): Promise<FreeOutcome> {
  if (order.userId) {
    await deps.fulfil(freeCompletion(order.id));
    return 'completed';
  }
  const queued = await deps.db.transaction(async (tx) => {
    const quota = await consumeRequest(tx, `free-order-mail:${order.email.toLowerCase()}`, {
      windowSeconds: 60 * 60,
      max: FREE_ORDER_MAILS_PER_ADDRESS_PER_HOUR,
    });
    if (!quota.allowed) return false;
    const url = freeOrderLink(deps.publicUrl, deps.keys, order.id);
    await deps.mailer.enqueue(tx, freeOrderEmail(order, productNames, url));
    return true;
  });
  if (queued) deps.mailer.wake();
  return 'email-sent';
}

function freeOrderEmail(order: OrderRow, productNames: string[], url: string) {
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your free download from ${STORE_NAME_SLOT}`,
      heading: 'Confirm your email to download',
      paragraphs: [
        `You asked for ${productNames.join(', ')} (free) with this email address, order ${orderNumber(order.id)}.`,
        'Follow the link to confirm your address: your download starts from there, and your receipt follows by email.',
      ],
      action: { label: 'Confirm and download', url },
      note: 'This link is valid for 24 hours. If you did not ask for this, ignore this email: nothing happens without the link.',
    }),
  };
}

/**
 * The mailed link, followed: the guest's $0 order completes (once, however often the link is
 * opened) and the answer is the guest order page's token. A forged, expired or foreign token,
 * or an order that lapsed, is the same 400.
 */
export async function confirmFreeOrder(
  deps: Pick<FreeOrderDeps, 'db' | 'keys' | 'fulfil'>,
  token: string,
): Promise<FreeOrderConfirmed> {
  const orderId = readToken(deps.keys, 'free-order', token, z.uuid());
  const invalid = () =>
    new AppError('VALIDATION_FAILED', freeProductMessages.invalidLink, {
      token: [freeProductMessages.invalidLink],
    });
  if (!orderId) throw invalid();
  const order = await findFreeGuestOrder(deps.db, orderId);
  if (!order) throw invalid();
  if (order.status === 'PENDING') {
    if (isSessionExpired(order)) throw invalid();
    await deps.fulfil(freeCompletion(order.id));
  }
  const done = await findFreeGuestOrder(deps.db, orderId);
  if (done?.status !== 'COMPLETED') throw invalid();
  return { token: guestOrderToken(deps.keys, done.id), orderNumber: orderNumber(done.id) };
}

async function findFreeGuestOrder(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order && order.provider === 'free' && order.userId === null ? order : null;
}
