import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditDetail, creditNote, groupByBundle, orderCreditNote } from './bundle-credit';
import { creditedPrice, memberShares, paidPerUnitCents } from './bundle-pricing';

describe('creditedPrice: max(floor, price − credit)', () => {
  it.each([
    ['nothing owned', 5000, 0, 0, 5000, 0],
    ['some credit', 5000, 0, 1200, 3800, 1200],
    ['credit above the price, floor 0', 5000, 0, 9000, 0, 5000],
    ['everything owned, the floor applies', 5000, 1500, 9000, 1500, 3500],
    ['credit stops at the floor', 5000, 1500, 4000, 1500, 3500],
    ['credit above the floor', 5000, 1500, 2000, 3000, 2000],
    ['a floor above the price does not raise it', 5000, 8000, 0, 5000, 0],
    ['a negative credit counts as none', 5000, 0, -100, 5000, 0],
    ['a free product', 0, 0, 700, 0, 0],
  ])('%s', (_case, list, floor, held, price, credit) => {
    expect(creditedPrice(list, floor, held)).toEqual({
      listPriceCents: list,
      priceCents: price,
      creditCents: credit,
    });
  });

  it('never goes below the floor (or the price, when lower), never above the price, credit + price = list', () => {
    const cents = fc.integer({ min: 0, max: 100_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, (list, floor, held) => {
        const result = creditedPrice(list, floor, held);
        expect(Number.isInteger(result.priceCents)).toBe(true);
        expect(result.priceCents).toBeGreaterThanOrEqual(Math.min(floor, list));
        expect(result.priceCents).toBeLessThanOrEqual(list);
        expect(result.creditCents).toBeLessThanOrEqual(held);
        expect(result.priceCents + result.creditCents).toBe(list);
      }),
    );
  });
});

describe('memberShares: the bundle price across its members', () => {
  it.each([
    ['in proportion to the members’ prices', 6000, [2000, 4000], [2000, 4000]],
    ['a third each, the odd cent to the first', 1000, [500, 500, 500], [334, 333, 333]],
    ['a discount spread', 4500, [3000, 1000, 2000], [2250, 750, 1500]],
    ['free members share equally', 300, [0, 0, 0], [100, 100, 100]],
    ['a free member among paid ones gets nothing', 900, [0, 1000, 2000], [0, 300, 600]],
    ['a bundle for nothing', 0, [1000, 2000], [0, 0]],
  ])('%s', (_case, price, members, shares) => {
    expect(memberShares(price, members)).toEqual(shares);
  });

  it('sums exactly, whole cents, never negative, never off its exact share by a cent or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        (price, members) => {
          const shares = memberShares(price, members);
          expect(shares.reduce((sum, s) => sum + s, 0)).toBe(price);
          const whole = members.reduce((sum, m) => sum + m, 0);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share) && share >= 0).toBe(true);
            const exact = whole === 0 ? price / members.length : (price * members[i]!) / whole;
            expect(Math.abs(share - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('paidPerUnitCents: what an owned line paid', () => {
  const line = { unitPriceCents: 2000, quantity: 1, discountCents: 0 };
  it.each([
    ['a line at its price', line, { keptCents: 2000, unrefundedSharesCents: 2000 }, 2000],
    [
      'less its promo discount',
      { ...line, discountCents: 500 },
      { keptCents: 1500, unrefundedSharesCents: 1500 },
      1500,
    ],
    [
      'less its part of an amount refunded without lines',
      line,
      { keptCents: 1500, unrefundedSharesCents: 2000 },
      1500,
    ],
    [
      'per unit of a line of two',
      { ...line, quantity: 2 },
      { keptCents: 4000, unrefundedSharesCents: 4000 },
      2000,
    ],
    [
      'tax kept does not count (the share includes it)',
      line,
      { keptCents: 2160, unrefundedSharesCents: 2160 },
      2000,
    ],
    ['nothing kept', line, { keptCents: 0, unrefundedSharesCents: 2000 }, 0],
    ['a free order', line, { keptCents: 0, unrefundedSharesCents: 0 }, 2000],
  ])('%s', (_case, paid, order, cents) => {
    expect(paidPerUnitCents(paid, order)).toBe(cents);
  });
});

describe('the words', () => {
  it('shows a bundle’s owned count and price, an upgrade’s price, and the credit', () => {
    const bundle = {
      kind: 'bundle' as const,
      listPriceCents: 9900,
      creditCents: 3000,
      ownedCount: 2,
      memberCount: 4,
    };
    expect(creditNote(bundle, 6900)).toBe('You own 2 of 4 — your price $69.00');
    expect(creditNote({ ...bundle, kind: 'upgrade' }, 6900)).toBe('Upgrade price $69.00');
    expect(creditDetail(bundle)).toBe('Credit for what you own −$30.00 (was $99.00)');
  });
});

describe('groupByBundle', () => {
  const bundle = { id: 'b', name: 'Producer Bundle' };
  it('puts a bundle’s member lines together where its first member stood', () => {
    const lines = [
      { id: 1, bundle: null },
      { id: 2, bundle },
      { id: 3, bundle: null },
      { id: 4, bundle },
    ];
    expect(groupByBundle(lines)).toEqual([
      { bundle: null, lines: [lines[0]] },
      { bundle, lines: [lines[1], lines[3]] },
      { bundle: null, lines: [lines[2]] },
    ]);
    expect(orderCreditNote(true, 2000)).toBe('Credit for what you own −$20.00');
    expect(orderCreditNote(false, 4000)).toBe('Upgrade credit −$40.00');
  });
});
