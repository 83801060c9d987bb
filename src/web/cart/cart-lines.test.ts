import { describe, expect, it } from 'vitest';
import { quantityInCart, withLineAdded, withQuantity } from './cart-lines';
import { cartLine as line } from '#tests/support/cart-line';

describe('cart line changes', () => {
  it('puts a new line first (newest first)', () => {
    const lines = withLineAdded([line()], line({ productId: 'p2' }));
    expect(lines.map((l) => l.productId)).toEqual(['p2', 'p1']);
  });

  it('adds to the same product and licence, taking the product’s current details', () => {
    const lines = withLineAdded(
      [line({ quantity: 2 }), line({ productId: 'p2' })],
      line({ quantity: 3, priceCents: 900 }),
    );
    expect(lines).toEqual([line({ quantity: 5, priceCents: 900 }), line({ productId: 'p2' })]);
  });

  it('keeps another licence of the same product as its own line', () => {
    const lines = withLineAdded([line()], line({ licenseType: 'extended' }));
    expect(lines).toHaveLength(2);
    expect(quantityInCart(lines, { productId: 'p1', licenseType: 'extended' })).toBe(1);
  });

  it.each([0, -1])('removes the line when the quantity is set to %i', (quantity) => {
    const lines = withQuantity([line(), line({ productId: 'p2' })], line(), quantity);
    expect(lines.map((l) => l.productId)).toEqual(['p2']);
  });

  it('sets a positive quantity on that line only', () => {
    const lines = withQuantity([line(), line({ productId: 'p2' })], line(), 4);
    expect(lines.map((l) => l.quantity)).toEqual([4, 1]);
    expect(quantityInCart(lines, line({ productId: 'p3' }))).toBe(0);
  });
});
