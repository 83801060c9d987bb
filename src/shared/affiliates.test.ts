import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  formatPercent,
  lineBaseCents,
  owedCents,
  parsePercent,
  referralLink,
} from './affiliates';

describe('commissionCents', () => {
  it.each([
    [2000, 1000, 200],
    [999, 1000, 100], // 99.9 → 100
    [995, 1000, 100], // 99.5 → 100, half away from zero
    [994, 1000, 99], // 99.4 → 99
    [1, 5000, 1], // half a cent → 1
    [1, 4999, 0],
    [3333, 1250, 417], // 416.625 → 417
    [0, 1000, 0],
    [5000, 0, 0],
    [5000, 10_000, 5000],
  ])('%i cents at %i basis points → %i', (base, points, cents) => {
    expect(commissionCents(base, points)).toBe(cents);
  });

  it('is whole cents between nothing and the whole base', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (base, points) => {
          const cents = commissionCents(base, points);
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(base);
          expect(Math.abs(cents - (base * points) / 10_000)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe('lineBaseCents', () => {
  it('is the price times the quantity less the discount', () => {
    const line = { unitPriceCents: 1500, quantity: 2, discountCents: 300, taxCents: 540 };
    expect(lineBaseCents({ ...line, pricesIncludeTax: false })).toBe(2700);
  });
  it('leaves out the tax inside tax-inclusive prices', () => {
    const line = { unitPriceCents: 1190, quantity: 1, discountCents: 0, taxCents: 190 };
    expect(lineBaseCents({ ...line, pricesIncludeTax: true })).toBe(1000);
  });
  it('is never below zero', () => {
    const line = { unitPriceCents: 100, quantity: 1, discountCents: 200, taxCents: 0 };
    expect(lineBaseCents({ ...line, pricesIncludeTax: false })).toBe(0);
  });
});

describe('owedCents', () => {
  it('is earned less reversed less paid, below zero after a paid line is refunded', () => {
    expect(owedCents({ earnedCents: 1000, reversedCents: 200, paidCents: 500 })).toBe(300);
    expect(owedCents({ earnedCents: 1000, reversedCents: 400, paidCents: 1000 })).toBe(-400);
  });
});

describe('percent text', () => {
  it.each([
    ['10', 1000],
    ['12.5', 1250],
    ['12.55 %', 1255],
    ['0', 0],
    ['100', 10_000],
    ['100.01', null],
    ['-1', null],
    ['1.234', null],
    ['abc', null],
  ])('%s → %s', (text, points) => {
    expect(parsePercent(text)).toBe(points);
  });

  it.each([
    [1000, '10%'],
    [1250, '12.5%'],
    [1255, '12.55%'],
    [5, '0.05%'],
  ])('%i basis points read %s', (points, text) => {
    expect(formatPercent(points)).toBe(text);
    expect(parsePercent(text)).toBe(points);
  });
});

it('a referral link is the store home with ?ref=', () => {
  expect(referralLink('https://shop.test/', 'ana-1')).toBe('https://shop.test/?ref=ana-1');
});
