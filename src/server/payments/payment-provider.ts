import { z } from 'zod';
import { CARD_LAST4_PATTERN } from '#shared/payment-card';
import type { OrderRow } from '../db/schema';

export interface CheckoutLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface CreateSessionInput {
  order: OrderRow;
  /** Lines priced by the server; a discount is applied as the order's totals say. */
  lines: CheckoutLine[];
  /** The tax line's name when tax is added to the prices ('VAT 19%', 'Tax (8%)'). */
  taxLabel: string;
  uiMode: 'embedded' | 'hosted';
  /** When the session ends: the order's `expiresAt` (payments/session-expiry.ts, 30 minutes). */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSession {
  sessionId: string;
  clientSecret: string | null;
  url: string | null;
}

/** What happened to a payment, in the words fulfilment understands. */
export type PaymentOutcome = PaymentEvent['outcome'];

export const paymentCardSchema = z.object({
  brand: z.string().min(1).max(32),
  last4: z.string().regex(CARD_LAST4_PATTERN),
  /** The issuing country (ISO alpha-2), location evidence; absent when the provider said none. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullish()
    .catch(null),
});

/**
 * For a completion under Stripe Tax: the order's figures as Stripe decided them (its subtotal,
 * discount, tax and total), which replace the store's own. Stripe priced the lines tax-exclusive
 * or tax-inclusive as the order is (its tax added to the total, or inside it).
 */
export const decidedAmountsSchema = z
  .object({
    subtotalCents: z.number().int().min(0),
    discountCents: z.number().int().min(0),
    taxCents: z.number().int().min(0),
    totalCents: z.number().int().min(0),
  })
  .refine(
    (a) =>
      a.totalCents === a.subtotalCents - a.discountCents + a.taxCents ||
      a.totalCents === a.subtotalCents - a.discountCents,
    'total = subtotal − discount (+ tax when prices exclude it)',
  );

export const refundSchema = z.object({
  id: z.string().min(1).max(255),
  amountCents: z.number().int().positive(),
  orderItemIds: z.array(z.string().uuid()).max(500),
});

/**
 * What fulfilment accepts, checked before the database is touched: an event that names no
 * order id fulfilment could look up is ignored, not retried into a failure.
 */
export const paymentEventSchema = z.object({
  /** The provider's event id: recorded once, so a replay changes nothing. */
  id: z.string().min(1).max(255),
  provider: z.enum(['local', 'stripe', 'free']),
  outcome: z.enum(['completed', 'failed', 'expired', 'refunded']),
  orderId: z.string().uuid(),
  paymentId: z.string().max(255).nullable().optional(),
  /** The payment session it is about: a failure or expiry counts only for the order's current one. */
  sessionId: z.string().max(255).optional(),
  /**
   * For a refund: the amount refunded so far, in cents (Stripe's charge.refunded); absent with
   * neither this nor `refund`, a whole refund.
   */
  refundedCents: z.number().int().min(0).optional(),
  /** For a refund: one refund of the provider's, recorded once by its id, and the lines it ends. */
  refund: refundSchema.optional(),
  /**
   * For a completion: the card paid with, as the provider reports it (brand code, last four
   * digits and issuing country), or null when it said nothing. One it reports in another shape is dropped, not the
   * payment with it.
   */
  card: paymentCardSchema.nullish().catch(null),
  /**
   * For a completion under Stripe Tax: the amounts Stripe charged. Figures that do not add up are
   * dropped (the order keeps its own), not the payment with them.
   */
  decidedAmounts: decidedAmountsSchema.nullish().catch(null),
});

export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** Stripe, or the offline test processor: chosen by configuration, used the same way. */
export interface PaymentProvider {
  name: 'local' | 'stripe';
  /**
   * A provider whose sessions are the store's own (the test processor) names the session before
   * the order is written, so the order is written with it in the same statement; `createSession`
   * then opens the session the order names. Absent: the provider names it (Stripe).
   */
  newSessionId?(): string;
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** The success page asks: a paid session yields the completion event, which fulfils. */
  retrieveCompletion(sessionId: string): Promise<PaymentEvent | null>;
  /** The provider's own payment page for this session, or null when it has none (embedded). */
  hostedUrlOf(sessionId: string): Promise<string | null>;
  /** Ends an open session at the provider, so it can no longer be paid. */
  expireSession(sessionId: string): Promise<void>;
}

/** What the owner refunds of a paid order: an amount, and the lines whose access it ends. */
export interface RefundRequest {
  order: OrderRow;
  amountCents: number;
  orderItemIds: string[];
}
