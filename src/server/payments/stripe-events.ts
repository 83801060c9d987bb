import { z } from 'zod';
import type { PaymentEvent, PaymentOutcome } from './payment-provider';

/** What a verified Stripe event means for the store. */
export type StripeEventReading =
  | { kind: 'payment'; event: PaymentEvent }
  /** A type the store does not act on. */
  | { kind: 'ignored' }
  /** A type the store acts on, but it names no order it could use: logged, never retried. */
  | { kind: 'unusable'; reason: string };

// The few fields of Stripe's objects the store reads, checked before any is trusted.
const intentId = z
  .union([z.string(), z.object({ id: z.string() }).transform((intent) => intent.id)])
  .nullish();
const metadata = z.record(z.string(), z.string()).nullish();
/**
 * A payment method's card, where Stripe reports its brand, last four digits and issuing country
 * (location evidence).
 */
const paymentMethodCard = z
  .object({
    card: z
      .object({ brand: z.string(), last4: z.string(), country: z.string().nullish() })
      .nullish(),
  })
  .transform((method) => method.card ?? null);
/**
 * A session's payment intent: its id, and the card it was paid with when the session was read
 * with `payment_intent.payment_method` expanded (an event's session has only the id).
 */
const sessionIntent = z
  .union([
    z.string().transform((id) => ({ id, card: null })),
    z
      .object({
        id: z.string(),
        payment_method: z
          .union([z.string().transform(() => null), paymentMethodCard])
          .nullish()
          .catch(null),
      })
      .transform((intent) => ({ id: intent.id, card: intent.payment_method ?? null })),
  ])
  .nullish();
/**
 * What Stripe Tax decided for a session, read only when automatic tax was on: its subtotal (before
 * discounts), discount, tax and total. A figure missing, and the order keeps its own.
 */
const taxedFigures = {
  automatic_tax: z.object({ enabled: z.boolean() }).nullish().catch(null),
  amount_subtotal: z.number().int().nullish().catch(null),
  amount_total: z.number().int().nullish().catch(null),
  total_details: z
    .object({ amount_discount: z.number().int(), amount_tax: z.number().int() })
    .nullish()
    .catch(null),
};
export const sessionObject = z
  .object({
    id: z.string(),
    payment_status: z.string().optional(),
    payment_intent: sessionIntent,
    metadata,
    ...taxedFigures,
  })
  .transform(({ automatic_tax, amount_subtotal, amount_total, total_details, ...session }) => ({
    ...session,
    decidedAmounts:
      automatic_tax?.enabled && total_details && amount_subtotal != null && amount_total != null
        ? {
            subtotalCents: amount_subtotal,
            discountCents: total_details.amount_discount,
            taxCents: total_details.amount_tax,
            totalCents: amount_total,
          }
        : null,
  }));
const chargeObject = z.object({
  payment_intent: intentId,
  metadata,
  /** Cumulative: every refund of the charge so far. */
  amount_refunded: z.number().int().min(0),
});
/** A refund (refund.created, refund.updated): the store's own name their order and lines. */
const refundObject = z.object({
  id: z.string().min(1),
  amount: z.number().int().positive(),
  status: z.string().nullish(),
  payment_intent: intentId,
  metadata,
});
const eventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});
const orderIdSchema = z.string().uuid();

const unusable = (reason: string): StripeEventReading => ({ kind: 'unusable', reason });

export function sessionEvent(
  session: z.infer<typeof sessionObject>,
  id: string,
  outcome: PaymentOutcome,
): StripeEventReading {
  const orderId = orderIdSchema.safeParse(session.metadata?.orderId);
  if (!orderId.success) return unusable('the session names no order id');
  if (outcome === 'completed' && session.payment_status === 'unpaid') return { kind: 'ignored' };
  return {
    kind: 'payment',
    event: {
      id,
      provider: 'stripe',
      outcome,
      orderId: orderId.data,
      paymentId: session.payment_intent?.id ?? null,
      sessionId: session.id,
      ...(outcome === 'completed'
        ? {
            card: session.payment_intent?.card ?? null,
            decidedAmounts: session.decidedAmounts,
          }
        : {}),
    },
  };
}

const sessionOutcomes = new Map<string, PaymentOutcome>([
  ['checkout.session.completed', 'completed'],
  ['checkout.session.async_payment_succeeded', 'completed'],
  ['checkout.session.async_payment_failed', 'failed'],
  ['checkout.session.expired', 'expired'],
]);

/**
 * What a verified Stripe event means for an order. A refund names its payment intent;
 * `orderOfPayment` finds the order that was paid with it.
 */
export async function toPaymentEvent(
  payload: unknown,
  orderOfPayment: (paymentIntentId: string) => Promise<string | null>,
): Promise<StripeEventReading> {
  const event = eventEnvelope.safeParse(payload);
  if (!event.success) return unusable('not a Stripe event');
  const { id, type, data } = event.data;
  const outcome = sessionOutcomes.get(type);
  if (outcome) {
    const session = sessionObject.safeParse(data.object);
    return session.success
      ? sessionEvent(session.data, id, outcome)
      : unusable('not a checkout session');
  }
  if (type === 'refund.created' || type === 'refund.updated')
    return refundEvent(id, data.object, orderOfPayment);
  if (type !== 'charge.refunded') return { kind: 'ignored' };
  const charge = chargeObject.safeParse(data.object);
  if (!charge.success) return unusable('not a refunded charge');
  const { payment_intent: intent, amount_refunded: refundedCents } = charge.data;
  const orderId = orderIdSchema.safeParse(
    charge.data.metadata?.orderId || (intent ? await orderOfPayment(intent) : null),
  );
  if (!orderId.success) return unusable('the charge names no order');
  return {
    kind: 'payment',
    event: { id, provider: 'stripe', outcome: 'refunded', orderId: orderId.data, refundedCents },
  };
}

/**
 * The lines a refund names in its metadata (`orderItemIds`, comma-separated, set by the admin's
 * refund); none for one made elsewhere, such as Stripe's dashboard.
 */
export const refundLineIds = (ids: string | undefined) =>
  (ids ?? '').split(',').filter((id) => orderIdSchema.safeParse(id).success);

/**
 * A refund of Stripe's, succeeded or on its way (a failed or canceled one gives nothing back):
 * recorded once by its id whichever of the admin's request and its events comes first.
 */
async function refundEvent(
  id: string,
  object: unknown,
  orderOfPayment: (paymentIntentId: string) => Promise<string | null>,
): Promise<StripeEventReading> {
  const refund = refundObject.safeParse(object);
  if (!refund.success) return unusable('not a refund');
  const { status, payment_intent: intent, metadata: data, amount } = refund.data;
  if (status === 'failed' || status === 'canceled') return { kind: 'ignored' };
  const orderId = orderIdSchema.safeParse(
    data?.orderId || (intent ? await orderOfPayment(intent) : null),
  );
  if (!orderId.success) return unusable('the refund names no order');
  return {
    kind: 'payment',
    event: {
      id,
      provider: 'stripe',
      outcome: 'refunded',
      orderId: orderId.data,
      refund: {
        id: refund.data.id,
        amountCents: amount,
        orderItemIds: refundLineIds(data?.orderItemIds),
      },
    },
  };
}
