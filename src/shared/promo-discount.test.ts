import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotals } from './cart-money';
import type { Promo } from './promo';
import { promoDiscountLabel, promoLineDiscounts } from './promo-discount';

/**
 * Fixed and percent codes, scoped and unscoped, over mixed carts: the code discounts the lines
 * it covers and no other, the lines' shares are whole cents summing exactly to the discount,
 * and nothing goes below zero.
 */

const drums = { productId: 'drums', priceCents: 2000, originalPriceCents: null, quantity: 1 };
const bass = { productId: 'bass', priceCents: 3000, originalPriceCents: null, quantity: 2 };
const synth = { productId: 'synth', priceCents: 999, originalPriceCents: null, quantity: 1 };
const cart = [drums, bass, synth]; // 2000 + 6000 + 999 = 8999

const code = (terms: Partial<Promo>): Promo => ({
  code: 'X',
  percentOff: null,
  amountOffCents: null,
  productIds: null,
  ...terms,
});

describe('a code over a mixed cart', () => {
  it.each([
    // [case, code, each line's discount (drums, bass, synth), discount]
    ['20% of everything', code({ percentOff: 20 }), [400, 1200, 200], 1800],
    ['20% of bass only', code({ percentOff: 20, productIds: ['bass'] }), [0, 1200, 0], 1200],
    [
      '15% of drums and synth',
      code({ percentOff: 15, productIds: ['drums', 'synth'] }),
      [300, 0, 150],
      450,
    ],
    ['100% of synth', code({ percentOff: 100, productIds: ['synth'] }), [0, 0, 999], 999],
    ['$10 off everything', code({ amountOffCents: 1000 }), [222, 667, 111], 1000],
    ['$10 off bass only', code({ amountOffCents: 1000, productIds: ['bass'] }), [0, 1000, 0], 1000],
    [
      '$10 off drums and synth',
      code({ amountOffCents: 1000, productIds: ['drums', 'synth'] }),
      [667, 0, 333],
      1000,
    ],
    [
      '$50 off synth: never below zero',
      code({ amountOffCents: 5000, productIds: ['synth'] }),
      [0, 0, 999],
      999,
    ],
    [
      '$500 off everything: the whole cart',
      code({ amountOffCents: 50_000 }),
      [2000, 6000, 999],
      8999,
    ],
    ['a scope no line is in', code({ amountOffCents: 500, productIds: [] }), [0, 0, 0], 0],
    ['one cent off everything', code({ amountOffCents: 1 }), [0, 1, 0], 1],
  ])('%s', (_case, promo, lineDiscounts, discount) => {
    const lines = cart.map((line) => ({
      grossCents: line.priceCents * line.quantity,
      eligible: promo.productIds === null || promo.productIds.includes(line.productId),
    }));
    const discounts = promoLineDiscounts(
      lines,
      promo.amountOffCents !== null
        ? { amountOffCents: promo.amountOffCents }
        : { percentOff: promo.percentOff! },
    );
    expect(discounts).toEqual(lineDiscounts);
    const totals = cartTotals(cart, promo);
    expect(totals.subtotalCents).toBe(8999);
    expect(totals.discountCents).toBe(discount);
    // The flat estimate: 8% of what is left.
    expect(totals.taxCents).toBe(Math.round((8999 - discount) * 0.08));
    expect(totals.totalCents).toBe(8999 - discount + totals.taxCents);
  });

  it('takes nothing without a code, and a bare percent is every line', () => {
    expect(cartTotals(cart, null).discountCents).toBe(0);
    expect(cartTotals(cart, 20).discountCents).toBe(1800);
  });

  it('names the terms as the cart shows them', () => {
    expect(promoDiscountLabel(code({ percentOff: 20 }))).toBe('20% off');
    expect(promoDiscountLabel(code({ amountOffCents: 500 }))).toBe('$5.00 off');
  });

  it('any code, any cart: whole cents, exact sums, only on covered lines, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ grossCents: fc.integer({ min: 0, max: 1_000_000 }), eligible: fc.boolean() }),
          {
            maxLength: 8,
          },
        ),
        fc.oneof(
          fc.integer({ min: 1, max: 100 }).map((percentOff) => ({ percentOff })),
          fc.integer({ min: 1, max: 10_000_000 }).map((amountOffCents) => ({ amountOffCents })),
        ),
        (lines, discount) => {
          const shares = promoLineDiscounts(lines, discount);
          const eligible = lines.reduce((sum, l) => sum + (l.eligible ? l.grossCents : 0), 0);
          const total = shares.reduce((sum, s) => sum + s, 0);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(lines[i]!.eligible ? lines[i]!.grossCents : 0);
          });
          expect(total).toBeLessThanOrEqual(eligible);
          if ('amountOffCents' in discount)
            expect(total).toBe(Math.min(discount.amountOffCents, eligible));
          else expect(total).toBe(Math.round((eligible * discount.percentOff) / 100));
        },
      ),
    );
  });
});
