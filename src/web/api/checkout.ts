import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  checkoutErrorMessage,
  type checkoutSessionRequestSchema,
  type CheckoutSessionResponse,
} from '#shared/checkout';
import type { Product } from '#shared/catalogue';
import type { GuestOrderAccess, ReceiptResent } from '#shared/guest-checkout';
import type { OrderView } from '#shared/orders';
import type { CardPayment } from '#shared/test-cards';
import { ApiError, apiFetch } from './http';

/** What the browser sends to open a checkout; the server prices everything itself. */
export type CheckoutSessionInput = z.input<typeof checkoutSessionRequestSchema>;

/**
 * The navigation state /checkout/direct needs, made by Buy Now on the detail page.
 * `totalCents` is the server's total for the order.
 */
export interface DirectCheckoutState {
  clientSecret: string;
  product: Product;
  quantity: number;
  totalCents?: number;
}

export interface PaymentsConfig {
  provider: 'local' | 'stripe';
  publishableKey: string | null;
  testMode: boolean;
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  paymentsConfig: () => [...checkoutKeys.all, 'payments-config'] as const,
  /** The order behind a payment session, as the success page reads it. */
  session: (sessionId: string) => [...checkoutKeys.all, 'session', sessionId] as const,
  localSession: (sessionId: string) => [...checkoutKeys.all, 'local-session', sessionId] as const,
  /** A paid guest order's token and receipt address, for the browser that bought it. */
  guestAccess: (sessionId: string) => [...checkoutKeys.all, 'guest-access', sessionId] as const,
};

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const sessionPath = (sessionId: string) => encodeURIComponent(sessionId);

/** The texts of the checkout screens that do not come from the server's message. */
export const checkoutMessages = {
  missingSession: 'Unable to create checkout session. Please try again.',
  missingClientSecret: 'Unable to create embedded checkout session. Please try again.',
  redirectFailed: 'Failed to redirect to secure checkout',
  paymentUnavailable: 'Payment system is currently unavailable. Please try again later.',
  invalidSession: 'Invalid checkout session. Please try again.',
  sessionExpired: 'Checkout session has expired. Please start over.',
  generic: 'Failed to start checkout process. Please refresh and try again.',
} as const;

/** What the buyer reads when opening a checkout failed, by what the server said. */
export function checkoutFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return checkoutMessages.generic;
  if (error.code === 'NETWORK') return checkoutErrorMessage('Failed to send a request');
  if (error.status === 401) return checkoutErrorMessage('JWT');
  // A server failure reads as the payment service's (the "Edge Function" message).
  if (error.status >= 500) return checkoutErrorMessage('Edge Function');
  return checkoutErrorMessage(error.message);
}

/**
 * Creates the PENDING order and its payment session (POST /api/checkout/sessions) and checks
 * the answer holds what the chosen form needs. Fails with an Error whose message is for the buyer.
 */
export async function startCheckout(input: CheckoutSessionInput): Promise<CheckoutSessionResponse> {
  let session: CheckoutSessionResponse;
  try {
    session = await apiFetch<CheckoutSessionResponse>('/api/checkout/sessions', post(input));
  } catch (error) {
    throw new Error(checkoutFailureMessage(error), { cause: error });
  }
  if (!session.sessionId) throw new Error(checkoutMessages.missingSession);
  // A $0 order opens no payment form: it completed, or its link was mailed (free-products).
  if (session.free) return session;
  if (input.uiMode === 'hosted' ? !session.url : !session.client_secret) {
    throw new Error(
      input.uiMode === 'hosted'
        ? checkoutMessages.redirectFailed
        : checkoutMessages.missingClientSecret,
    );
  }
  return session;
}

/**
 * Moves an open session's payment to the provider's hosted page: the same order, never a second
 * one. Answers where to send the buyer.
 */
export async function startHostedCheckout(sessionId: string): Promise<CheckoutSessionResponse> {
  let session: CheckoutSessionResponse;
  try {
    session = await apiFetch<CheckoutSessionResponse>(
      `/api/checkout/sessions/${sessionPath(sessionId)}/hosted`,
      { method: 'POST' },
    );
  } catch (error) {
    throw new Error(checkoutFailureMessage(error), { cause: error });
  }
  if (!session.url) throw new Error(checkoutMessages.redirectFailed);
  return session;
}

/** Which payment form to show; it does not change while the page is open. */
export const paymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.paymentsConfig(),
    queryFn: () => apiFetch<PaymentsConfig>('/api/payments/config'),
    staleTime: Infinity,
  });

/** The order of a payment session; asking also fulfils a paid Stripe session. */
export const checkoutSessionOrderQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.session(sessionId),
    queryFn: () => apiFetch<OrderView>(`/api/checkout/sessions/${sessionPath(sessionId)}`),
  });

/**
 * A paid guest order's signed token (the receipt's link) and the receipt's address. Only the
 * browser that bought gets it; anyone else (and a signed-in buyer's order) is a 404.
 */
export const guestAccessQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.guestAccess(sessionId),
    queryFn: () =>
      apiFetch<GuestOrderAccess>(`/api/checkout/sessions/${sessionPath(sessionId)}/guest-access`),
    staleTime: Infinity,
    retry: false,
  });

/** Sends a guest order's receipt again, to the order's own address. */
export const resendGuestReceipt = (sessionId: string) =>
  apiFetch<ReceiptResent>(`/api/checkout/sessions/${sessionPath(sessionId)}/receipt`, {
    method: 'POST',
  });

/** The guest order page of a signed guest order token (the receipt's link). */
export const guestOrderPagePath = (token: string) =>
  `/downloads/guest?token=${encodeURIComponent(token)}`;

/** The order a local test-processor session charges for (the hosted page). */
export const localSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.localSession(sessionId),
    queryFn: () => apiFetch<OrderView>(`/api/payments/local/sessions/${sessionPath(sessionId)}`),
  });

/** Charges a card with the local test processor; answers where to go once paid. */
export const payLocalSession = (sessionId: string, card: CardPayment) =>
  apiFetch<{ status: 'succeeded'; redirectUrl: string }>(
    `/api/payments/local/sessions/${sessionPath(sessionId)}/pay`,
    post(card),
  );

/** A client secret starts with its session id: `<sessionId>_secret_<…>`. */
export const sessionIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';
