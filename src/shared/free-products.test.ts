import { describe, expect, it } from 'vitest';
import { freeClaimRequestSchema, formatProductPrice, isFree } from './free-products';

describe('free products', () => {
  it.each([
    [0, 'Free'],
    [1, '$0.01'],
    [2499, '$24.99'],
  ])('shows a price of %i cents as %s', (cents, shown) => {
    expect(formatProductPrice(cents)).toBe(shown);
  });

  it('calls only $0 free', () => {
    expect(isFree(0)).toBe(true);
    expect(isFree(1)).toBe(false);
  });

  it("reads a guest's claim: the address lower-cased, the newsletter off unless asked", () => {
    const productId = '5b0c6a4e-8a7e-4d4e-9a59-3f1f4b7c2d10';
    expect(freeClaimRequestSchema.parse({ productId, email: ' Ana@Example.COM ' })).toEqual({
      productId,
      email: 'ana@example.com',
      newsletter: false,
    });
    expect(freeClaimRequestSchema.safeParse({ productId, email: 'not an address' }).success).toBe(
      false,
    );
  });
});
