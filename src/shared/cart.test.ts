import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLimitError, lineSavingsCents, mergeCarts, quantityLimitError } from './cart';
import { cartTotals } from './cart-money';
import { cartLine as line } from '#tests/support/cart-line';

describe('cart totals', () => {
  it.each([
    // lines, percent off, subtotal, discount, tax, total
    [[line({ priceCents: 2999, quantity: 2 })], 0, 5998, 0, 480, 6478],
    [
      [line({ priceCents: 2999 }), line({ productId: 'p2', priceCents: 4999 })],
      20,
      7998,
      1600,
      512,
      6910,
    ],
    [[line({ priceCents: 1999 })], 10, 1999, 200, 144, 1943],
    [[line({ priceCents: 1 })], 25, 1, 0, 0, 1],
    [[], 15, 0, 0, 0, 0],
  ])(
    '%#: subtotal, discount, 8%% tax on the discounted subtotal, total',
    (lines, percent, subtotal, discount, tax, total) => {
      expect(cartTotals(lines, percent)).toMatchObject({
        subtotalCents: subtotal,
        discountCents: discount,
        taxCents: tax,
        totalCents: total,
      });
    },
  );

  it('charges the sale price and counts the original price only as savings', () => {
    const sale = line({ priceCents: 3999, originalPriceCents: 5999, quantity: 2 });
    expect(cartTotals([sale]).subtotalCents).toBe(7998);
    expect(lineSavingsCents(sale)).toBe(4000);
    expect(cartTotals([sale]).savingsCents).toBe(4000);
  });

  it('always adds up: total = subtotal - discount + tax, every part in whole cents (property)', () => {
    const lines = fc.array(
      fc.record({
        priceCents: fc.integer({ min: 0, max: 1_000_000 }),
        originalPriceCents: fc.constant(null),
        quantity: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), (ls, percent) => {
        const t = cartTotals(ls, percent);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.taxCents);
        expect(Number.isInteger(t.discountCents) && Number.isInteger(t.taxCents)).toBe(true);
        expect(t.discountCents).toBeGreaterThanOrEqual(0);
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(
          Math.abs(t.taxCents - ((t.subtotalCents - t.discountCents) * 8) / 100),
        ).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('merging a local cart into the stored one', () => {
  it('adds quantities of the same product and licence, appends the rest', () => {
    const stored = [line({ productId: 'a', quantity: 1 }), line({ productId: 'b' })];
    const local = [
      line({ productId: 'a', quantity: 2 }),
      line({ productId: 'a', licenseType: 'extended' }),
      line({ productId: 'c', quantity: 3 }),
    ];
    expect(mergeCarts(stored, local).map((l) => [l.productId, l.licenseType, l.quantity])).toEqual([
      ['a', 'standard', 3],
      ['b', 'standard', 1],
      ['a', 'extended', 1],
      ['c', 'standard', 3],
    ]);
  });

  it('never passes a purchase limit', () => {
    const merged = mergeCarts(
      [line({ quantity: 1, purchaseLimit: 1 })],
      [line({ quantity: 1, purchaseLimit: 1 })],
    );
    expect(merged).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('keeps every unit of both carts when there are no limits (property)', () => {
    const lines = fc.array(
      fc.record({
        productId: fc.constantFrom('a', 'b', 'c', 'd'),
        licenseType: fc.constantFrom('standard', 'extended'),
        quantity: fc.integer({ min: 1, max: 9 }),
        purchaseLimit: fc.constant(null),
      }),
      { maxLength: 8 },
    );
    const dedupe = (
      ls: { productId: string; licenseType: string; quantity: number; purchaseLimit: null }[],
    ) => mergeCarts([], ls);
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const stored = dedupe(a);
        const merged = mergeCarts(stored, b);
        const units = (ls: { quantity: number }[]) => ls.reduce((s, l) => s + l.quantity, 0);
        expect(units(merged)).toBe(units(stored) + units(b));
        const keys = merged.map((l) => `${l.productId}/${l.licenseType}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});

describe('purchase limits', () => {
  it('refuse adding past the limit with the text the buyer reads', () => {
    expect(addLimitError(1, 1, 1)).toBe('Already in your cart');
    expect(addLimitError(0, 2, 1)).toBe('Already in your cart');
    expect(addLimitError(3, 2, 5)).toBeNull();
    expect(addLimitError(3, 3, 5)).toBe('Cannot add more than 5 of this item to your cart');
    expect(addLimitError(99, 1, null)).toBeNull();
  });

  it('refuse a quantity above the limit with the text the buyer reads', () => {
    expect(quantityLimitError(6, 5)).toBe('Maximum quantity for this item is 5');
    expect(quantityLimitError(5, 5)).toBeNull();
    expect(quantityLimitError(50, null)).toBeNull();
  });
});
