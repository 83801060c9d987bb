import { eq } from 'drizzle-orm';
import type { StripeSettings } from '../config';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { guestOrderToken } from '../orders/guest-access';
import { toOrderViews } from '../orders/order-view';
import { receiptEmail } from '../orders/receipt-email';
import { applyPaymentEvent } from './fulfilment';
import { createLocalProvider } from './local-provider';
import type { PaymentEvent, PaymentProvider } from './payment-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';

export interface PaymentSettings {
  publicUrl: string;
  secret: string;
  stripe: StripeSettings | null;
}

/**
 * The payment side of the store: the configured provider and the one fulfilment entry point,
 * which sends the receipt once an order is paid.
 */
export function createPayments(settings: PaymentSettings, db: Db, mailer: Mailer, logger: Logger) {
  const local = createLocalProvider(settings);
  const stripe = settings.stripe ? createStripeClient(settings.stripe) : null;
  const provider: PaymentProvider = stripe ? createStripeProvider(stripe) : local;
  const eventSecret = `${settings.secret}:local-payment-events`;

  async function sendReceipt(row: OrderRow) {
    const [order] = await toOrderViews(db, [row]);
    const url = row.userId
      ? `${settings.publicUrl}/download-hub`
      : `${settings.publicUrl}/downloads/guest?token=${guestOrderToken(settings.secret, row.id)}`;
    await mailer.send(receiptEmail(order!, url, !row.userId));
  }

  return {
    provider,
    /** The test processor's own parts (event ids); only used when it is the provider. */
    local,
    stripe: stripe && settings.stripe ? { client: stripe, settings: settings.stripe } : null,
    eventSecret,
    async orderOfPayment(paymentIntentId: string) {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.providerPaymentId, paymentIntentId));
      return row?.id ?? null;
    },
    fulfil: (event: PaymentEvent) =>
      applyPaymentEvent(db, event, logger, {
        onCompleted: sendReceipt,
      }),
  };
}

export type Payments = ReturnType<typeof createPayments>;
