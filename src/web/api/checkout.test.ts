import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutFailureMessage, checkoutMessages, sessionIdOf, startCheckout } from './checkout';
import { ApiError } from './http';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('checkout failures read as the buyer is meant to see them', () => {
  it.each([
    [new ApiError(0, 'NETWORK', 'offline'), 'Unable to connect to payment service'],
    [
      new ApiError(401, 'UNAUTHORIZED', 'User not authenticated'),
      'Please log in to complete your purchase',
    ],
    [new ApiError(500, 'INTERNAL', 'boom'), 'Payment service is currently unavailable'],
    [
      new ApiError(400, 'VALIDATION_FAILED', 'Cart is empty'),
      'Your cart is empty. Please add items',
    ],
    [
      new ApiError(400, 'INVALID_PROMO_CODE', 'Invalid or expired promo code'),
      'Invalid or expired promo code',
    ],
    [
      new ApiError(404, 'PRODUCT_NOT_FOUND', 'Product 1 not found'),
      'Product not found or unavailable',
    ],
    [new TypeError('x'), checkoutMessages.generic],
  ])('%s → %s', (error, expected) => {
    expect(checkoutFailureMessage(error)).toContain(expected);
  });

  it('a session without the client secret the embedded form needs is refused', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        orderId: 'o',
        sessionId: 's',
        provider: 'local',
        client_secret: null,
        url: null,
        totalCents: 1,
      }),
    );
    await expect(startCheckout({ checkoutType: 'cart', uiMode: 'embedded' })).rejects.toThrow(
      checkoutMessages.missingClientSecret,
    );
  });

  it("the server's refusal becomes the buyer's text", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Either userId or customerEmail is required' },
      }),
    );
    await expect(startCheckout({ checkoutType: 'cart', uiMode: 'embedded' })).rejects.toThrow(
      'Please provide your email address to complete the purchase',
    );
  });
});

describe('sessionIdOf', () => {
  it('is the part of a client secret before _secret_', () => {
    expect(sessionIdOf('lcs_abc_secret_def')).toBe('lcs_abc');
  });
});
