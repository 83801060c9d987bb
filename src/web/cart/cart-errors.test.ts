import { describe, expect, it } from 'vitest';
import { errorStatus } from '#shared/errors';
import { ApiError } from '#web/api/http';
import { cartErrorMessage, cartErrorMessages, type CartErrorCode } from './cart-errors';

const failure = (code: CartErrorCode, message = 'What the server said') =>
  new ApiError(code === 'NETWORK' ? 0 : errorStatus[code], code, message);

const generic = {
  add: 'Failed to add item to cart. Please try again.',
  set: 'Failed to update item quantity. Please try again.',
  remove: 'Failed to remove item from cart. Please try again.',
  clear: 'Failed to clear cart. Please try again.',
} as const;

describe('cart error messages', () => {
  it('tells a buyer adding a product they own to look in the Download Hub', () => {
    const owned = failure('CONFLICT', 'You already own this product. Check your Download Hub!');
    expect(cartErrorMessage(owned, 'add')).toBe(
      'You already own this product. Check your Download Hub!',
    );
    // The exact words the buyer reads, even if the server's were to drift.
    expect(cartErrorMessage(failure('CONFLICT', 'Conflict'), 'add')).toBe(
      'You already own this product. Check your Download Hub!',
    );
  });

  it.each([
    ['add', 'Already in your cart'],
    ['add', 'Cannot add more than 5 of this item to your cart'],
    ['set', 'Maximum quantity for this item is 5'],
  ] as const)('passes on the limit the server names when %s is refused', (kind, message) => {
    expect(cartErrorMessage(failure('PURCHASE_LIMIT', message), kind)).toBe(message);
  });

  it('says a product that is gone is no longer available', () => {
    expect(cartErrorMessage(failure('PRODUCT_NOT_FOUND', 'Product not found'), 'add')).toBe(
      'This product is no longer available',
    );
  });

  it.each([
    'NOT_FOUND',
    'UNAUTHORIZED',
    'VALIDATION_FAILED',
    'BAD_REQUEST',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'METHOD_NOT_ALLOWED',
    'RATE_LIMITED',
    'INTERNAL',
    'SERVICE_UNAVAILABLE',
    'NETWORK',
  ] as const)('answers %s with the generic message for each change', (code) => {
    for (const [kind, message] of Object.entries(generic)) {
      expect(cartErrorMessage(failure(code), kind as keyof typeof generic)).toBe(message);
    }
  });

  it('covers every code in its table by a case above', () => {
    expect(Object.keys(cartErrorMessages).sort()).toEqual(
      [
        'CONFLICT',
        'PURCHASE_LIMIT',
        'PRODUCT_NOT_FOUND',
        'NOT_FOUND',
        'UNAUTHORIZED',
        'VALIDATION_FAILED',
        'BAD_REQUEST',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'METHOD_NOT_ALLOWED',
        'RATE_LIMITED',
        'INTERNAL',
        'SERVICE_UNAVAILABLE',
        'NETWORK',
      ].sort(),
    );
  });

  it('answers an error that is not the API’s with the generic message', () => {
    expect(cartErrorMessage(new TypeError('boom'), 'remove')).toBe(generic.remove);
  });
});
