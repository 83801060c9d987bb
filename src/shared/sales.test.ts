import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  nextSaleBoundary,
  saleOriginalCents,
  salePercentFor,
  salePriceCents,
  type SaleTerms,
} from './sales';

/** Automatic sales: which sale applies (the biggest percent of those running) and its price. */

const at = (iso: string) => new Date(iso);
const now = at('2026-06-15T12:00:00Z');
type Item = { id: string; categoryId: string | null };
const drums: Item = { id: 'drums', categoryId: 'packs' };
const synth = { id: 'synth', categoryId: 'plugins' };
const loose = { id: 'loose', categoryId: null };

const sale = (terms: Partial<SaleTerms>): SaleTerms => ({
  percentOff: 10,
  productId: null,
  categoryId: 'packs',
  startsAt: at('2026-06-01T00:00:00Z'),
  endsAt: at('2026-07-01T00:00:00Z'),
  ...terms,
});

describe('the sale that applies to a product', () => {
  it.each<[string, SaleTerms[], Item, number | null]>([
    ['no sale', [], drums, null],
    ['its category', [sale({ percentOff: 25 })], drums, 25],
    ['another category', [sale({ percentOff: 25 })], synth, null],
    ['the product itself', [sale({ categoryId: null, productId: 'synth' })], synth, 10],
    ['a product without a category', [sale({ categoryId: null, productId: 'loose' })], loose, 10],
    ['a category sale never covers a product without one', [sale({})], loose, null],
    [
      'category and product: the biggest wins',
      [sale({ percentOff: 20 }), sale({ categoryId: null, productId: 'drums', percentOff: 35 })],
      drums,
      35,
    ],
    [
      'the biggest wins, whichever comes first',
      [sale({ percentOff: 40 }), sale({ categoryId: null, productId: 'drums', percentOff: 15 })],
      drums,
      40,
    ],
    ['not started yet', [sale({ startsAt: at('2026-06-16T00:00:00Z') })], drums, null],
    ['starting now', [sale({ startsAt: now })], drums, 10],
    ['ended', [sale({ endsAt: at('2026-06-15T11:59:59Z') })], drums, null],
    ['ending now: over', [sale({ endsAt: now })], drums, null],
    [
      'a bigger sale that has ended does not count',
      [sale({ percentOff: 50, endsAt: at('2026-06-10T00:00:00Z') }), sale({ percentOff: 5 })],
      drums,
      5,
    ],
  ])('%s', (_, sales, product, percent) => {
    expect(salePercentFor(sales, product, now)).toBe(percent);
  });
});

describe('the sale price', () => {
  it.each([
    // [price, percent, sale price]
    [2000, null, 2000],
    [2000, 25, 1500],
    [999, 10, 899], // 99.9 off rounds to 100
    [1005, 10, 904], // 100.5 off rounds half away from zero to 101
    [1999, 33, 1339], // 659.67 off → 660
    [2000, 100, 0],
    [0, 50, 0],
  ])('%i cents at %s%% off is %i', (price, percent, expected) => {
    expect(salePriceCents(price, percent)).toBe(expected);
  });

  it('is whole cents, never below zero and never above the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (p, pct) => {
          const cents = salePriceCents(p, pct);
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(p);
        },
      ),
    );
  });
});

describe('the struck-through price', () => {
  it.each<[number, unknown, number]>([
    [2000, undefined, 2000],
    [2000, 2500, 2500], // the product's own "was" price above the list price
    [2000, 1500, 2000], // a "was" price below the list price is not a was
    [2000, '2500', 2000],
  ])('list %i, metadata %s: %i', (list, original, expected) => {
    expect(saleOriginalCents(list, original)).toBe(expected);
  });
});

describe('the next boundary', () => {
  it('is the soonest start or end after now', () => {
    expect(nextSaleBoundary([], now)).toBeNull();
    expect(nextSaleBoundary([sale({})], now)).toEqual(at('2026-07-01T00:00:00Z'));
    expect(
      nextSaleBoundary(
        [
          sale({}),
          sale({ startsAt: at('2026-06-20T00:00:00Z'), endsAt: at('2026-06-30T00:00:00Z') }),
        ],
        now,
      ),
    ).toEqual(at('2026-06-20T00:00:00Z'));
    expect(nextSaleBoundary([sale({ endsAt: now })], now)).toBeNull();
  });
});
