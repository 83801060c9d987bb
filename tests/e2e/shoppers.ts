import { expect, type APIRequestContext } from '@playwright/test';
import type { Product } from '../../src/shared/catalogue';
import type { CheckoutSessionResponse } from '../../src/shared/checkout';
import { linkFromOutbox } from './outbox';

/** The password of every account the journeys create. */
export const password = 'secret-123';

/** An address no earlier run has used. */
export const freshEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A confirmed account, signed in on `request` (a page's request shares its cookies). */
export async function createSignedInAccount(
  request: APIRequestContext,
  email: string,
  /** signUp: false signs in to an account made earlier (another device of the same person). */
  { signUp = true } = {},
) {
  // Sent as a browser's fetch sends it: once /login has set its passkey challenge cookie, a
  // request with cookies and no Origin is refused as a possible forgery (403).
  const headers = { origin: new URL((await request.get('/api/health/live')).url()).origin };
  if (signUp) {
    const answer = await request.post('/api/auth/sign-up/email', {
      data: { email, password, name: '' },
      headers,
    });
    expect(answer.ok()).toBe(true);
    const link = await linkFromOutbox(request, email, '/email-confirmation');
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await request.get(`/api/auth/verify-email?token=${token}`)).ok()).toBe(true);
  }
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers,
  });
  expect(signIn.ok()).toBe(true);
}

/** The demo catalogue's product called `name`. */
export async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const response = await request.get('/api/products?limit=100');
  const { data } = (await response.json()) as { data: Product[] };
  const product = data.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`no product named ${name}`);
  return product;
}

/** Stripe's test card that pays. */
const testCard = {
  cardNumber: '4242424242424242',
  expiry: '12/40',
  cvc: '123',
  nameOnCard: 'Ada Lovelace',
};

/**
 * Buy Now through the API and pay with the test card: a COMPLETED order. Answers the checkout
 * session id (the confirmation page's session_id).
 */
export async function buy(request: APIRequestContext, product: Product, customerEmail?: string) {
  const created = await request.post('/api/checkout/sessions', {
    data: {
      checkoutType: 'direct',
      items: [{ productId: product.id, quantity: 1 }],
      ...(customerEmail ? { customerEmail } : {}),
    },
  });
  expect(created.ok()).toBe(true);
  const session = (await created.json()) as CheckoutSessionResponse;
  const paid = await request.post(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    data: testCard,
  });
  expect(paid.ok()).toBe(true);
  expect(await paid.json()).toMatchObject({ status: 'succeeded' });
  return session.sessionId;
}
