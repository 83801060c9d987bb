import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, moneyInput, parseMoney, percentOf } from './money';

describe('formatPrice', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [4999, '$49.99'],
    [100000, '$1,000.00'],
    [-250, '-$2.50'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });

  it('always shows two decimals that read back as the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (cents) => {
        const text = formatPrice(cents);
        expect(text).toMatch(/^\$[\d,]+\.\d{2}$/);
        expect(Math.round(Number(text.replace(/[$,]/g, '')) * 100)).toBe(cents);
      }),
    );
  });
});

describe('percentOf', () => {
  it.each([
    [1000, 10, 100],
    [2999, 8, 240],
    [1005, 10, 101],
    [1, 50, 1],
  ])('%i × %i%% = %i', (amount, percent, result) => {
    expect(percentOf(amount, percent)).toBe(result);
  });

  it('never returns a fraction of a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, percent) => {
          expect(Number.isInteger(percentOf(amount, percent))).toBe(true);
        },
      ),
    );
  });
});

describe('parseMoney', () => {
  it.each([
    ['24.99', 2499],
    ['24', 2400],
    ['24.9', 2490],
    [' $24.99 ', 2499],
    ['0.05', 5],
    ['1,024.50', 102450],
    ['1000000', 100_000_000],
  ])('%s → %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', '24.999', '-5', '1e3', '24,99', '12,34,567', '.5', 'abc', '$', '1000000.01'])(
    'refuses %j',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );

  it('reads back what moneyInput writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(parseMoney(moneyInput(cents))).toBe(cents);
      }),
    );
  });
});
