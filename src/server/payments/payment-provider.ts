import type { OrderItemRow, OrderRow } from '../db/schema';

export interface CheckoutLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface CreateSessionInput {
  order: OrderRow;
  /** Lines priced by the server; a discount is applied as the order's totals say. */
  lines: CheckoutLine[];
  items: OrderItemRow[];
  uiMode: 'embedded' | 'hosted';
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSession {
  sessionId: string;
  clientSecret: string | null;
  url: string | null;
}

/** What happened to a payment, in the words fulfilment understands. */
export type PaymentOutcome = 'completed' | 'failed' | 'expired' | 'refunded';

export interface PaymentEvent {
  /** The provider's event id: recorded once, so a replay changes nothing. */
  id: string;
  provider: 'local' | 'stripe';
  outcome: PaymentOutcome;
  orderId: string;
  paymentId?: string | null;
}

/** Stripe, or the offline test processor: chosen by configuration, used the same way. */
export interface PaymentProvider {
  name: 'local' | 'stripe';
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** The success page asks: a paid session yields the completion event, which fulfils. */
  retrieveCompletion(sessionId: string): Promise<PaymentEvent | null>;
}
