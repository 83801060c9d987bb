import { eq } from 'drizzle-orm';
import type { StripeSettings } from '../config';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { SigningKeys } from '../security/signed-token';
import { guestOrderToken } from '../orders/guest-access';
import { invoiceLinkToken } from '../invoices/invoices.service';
import { invoicePaths } from '#shared/invoices';
import { toOrderViews } from '../orders/order-view';
import { receiptEmail } from '../orders/receipt-email';
import { refundEmail, type RefundNotice } from '../orders/refund-email';
import { AppError } from '../http/app-error';
import { applyPaymentEvent } from './fulfilment';
import { createLocalProvider } from './local-provider';
import { localRefundEvent } from './local-refund';
import type { PaymentEvent, PaymentProvider, RefundRequest } from './payment-provider';
import { expireLapsedPromoHolds } from './session-expiry';
import { toPaymentEvent } from './stripe-events';
import {
  createStripeClient,
  createStripeProvider,
  stripeRefund,
  stripeSessionCard,
} from './stripe-provider';

export interface PaymentSettings {
  publicUrl: string;
  /** Signs guest order links and the test processor's events. */
  keys: SigningKeys;
  stripe: StripeSettings | null;
}

/**
 * The payment side of the store: the configured provider and the one fulfilment entry point,
 * which queues the receipt in the transaction that marks an order paid.
 */
export function createPayments(settings: PaymentSettings, db: Db, mailer: Mailer, logger: Logger) {
  const local = createLocalProvider({
    publicUrl: settings.publicUrl,
    secret: settings.keys.current,
  });
  const stripe = settings.stripe ? createStripeClient(settings.stripe) : null;
  const provider: PaymentProvider = stripe
    ? createStripeProvider(stripe, { automaticTax: settings.stripe?.automaticTax })
    : local;

  async function queueReceipt(tx: Db, row: OrderRow) {
    const [order] = await toOrderViews(tx, [row]);
    const url = row.userId
      ? `${settings.publicUrl}/download-hub`
      : `${settings.publicUrl}/downloads/guest?token=${guestOrderToken(settings.keys, row.id)}`;
    const invoiceUrl = row.invoiceNumber
      ? `${settings.publicUrl}${invoicePaths.link(invoiceLinkToken(settings.keys, row.id))}`
      : undefined;
    await mailer.enqueue(tx, receiptEmail(order!, url, !row.userId, invoiceUrl));
  }

  /** The buyer's notice of a refund, queued with it: the amount and the lines it named. */
  async function queueRefundNotice(tx: Db, row: OrderRow, refund: RefundNotice) {
    const [order] = await toOrderViews(tx, [row]);
    const url = row.userId
      ? `${settings.publicUrl}/order-history`
      : `${settings.publicUrl}/downloads/guest?token=${guestOrderToken(settings.keys, row.id)}`;
    await mailer.enqueue(tx, refundEmail(order!, refund, url));
  }
  const hooks = { onCompleted: queueReceipt, onRefunded: queueRefundNotice };

  async function orderOfPayment(paymentIntentId: string) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.providerPaymentId, paymentIntentId));
    return row?.id ?? null;
  }

  /**
   * A webhook's session names its payment intent only: the card it was paid with is asked of
   * Stripe while the order still waits for it. A failed question costs the card, not the payment.
   */
  async function withStripeCard(event: PaymentEvent): Promise<PaymentEvent> {
    if (!stripe || event.outcome !== 'completed' || event.card || !event.sessionId) return event;
    const [order] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, event.orderId));
    if (order?.status !== 'PENDING') return event;
    try {
      return { ...event, card: await stripeSessionCard(stripe, event.sessionId) };
    } catch (err) {
      logger.warn({ err, event: event.id }, 'the card of a paid Stripe session could not be read');
      return event;
    }
  }

  function requireStripe() {
    if (!stripe)
      throw new AppError('CONFLICT', 'This order was paid with Stripe, which is not configured.');
    return stripe;
  }

  async function fulfil(event: PaymentEvent) {
    const result = await applyPaymentEvent(db, event, logger, hooks);
    if (result.changed) mailer.wake();
    return result;
  }

  return {
    provider,
    /** The test processor's own parts (event ids); only used when it is the provider. */
    local,
    stripe: stripe && settings.stripe ? { client: stripe, settings: settings.stripe } : null,
    /** Signs and verifies the test processor's events. */
    eventKeys: settings.keys,
    fulfil,
    /**
     * Refunds at the order's provider, then applies the refund inside `tx` (the caller's, which
     * holds the order) through fulfilment. Stripe's refund.* events for it find it recorded.
     */
    async refund(tx: Db, request: RefundRequest) {
      const event =
        request.order.provider === 'stripe'
          ? await stripeRefund(requireStripe(), request)
          : localRefundEvent(settings.keys, local.newEventId, request);
      const result = await applyPaymentEvent(tx, event, logger, hooks);
      return { ...result, refund: event.refund! };
    },
    /** An event of the store's own (the owner cancelling an order), applied inside `tx`. */
    fulfilWithin: (tx: Db, event: PaymentEvent) => applyPaymentEvent(tx, event, logger),
    /** Queues a paid order's receipt again (the owner's "resend"), as the payment queued it. */
    async resendReceipt(order: OrderRow) {
      await db.transaction((tx) => queueReceipt(tx, order));
      mailer.wake();
    },
    /**
     * A verified Stripe event, read and fulfilled. One the store acts on but cannot use (no
     * order of ours) is logged and acknowledged: Stripe retries an error for three days.
     */
    async receiveStripeEvent(event: unknown) {
      const reading = await toPaymentEvent(event, orderOfPayment);
      if (reading.kind === 'unusable')
        logger.warn({ event: eventIdOf(event), reason: reading.reason }, 'Stripe event ignored');
      if (reading.kind !== 'payment') return { handled: false, changed: false };
      const { handled, changed } = await fulfil(await withStripeCard(reading.event));
      // A refund hides the reviews of its lines (review-refunds.ts): the ratings shown change.
      return { handled, changed, refunded: changed && reading.event.outcome === 'refunded' };
    },
    /** Ends the test processor's sessions past their time that hold a use of a used-up code. */
    expireLapsedPromoHolds: (code: string) => expireLapsedPromoHolds(db, logger, code),
  };
}

const eventIdOf = (event: unknown) =>
  typeof event === 'object' && event !== null && 'id' in event ? String(event.id) : null;

export type Payments = ReturnType<typeof createPayments>;
