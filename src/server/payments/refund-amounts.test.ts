import { describe, expect, it } from 'vitest';
import { paidShares, refundAmount, type RefundableLine } from './refund-amounts';

const line = (id: string, unitPriceCents: number, quantity = 1): RefundableLine => ({
  id,
  unitPriceCents,
  quantity,
  refundedAt: null,
});

describe('paidShares', () => {
  it('splits the total by each line’s part of the subtotal, tax and discount included', () => {
    // $29.99 + $9.99 with 8% tax: $43.18.
    const shares = paidShares(4318, [line('a', 2999), line('b', 999)]);
    expect(shares).toEqual(
      new Map([
        ['a', 3239],
        ['b', 1079],
      ]),
    );
  });

  it('gives the cents rounding leaves over to the largest remainders, summing to the total', () => {
    const lines = [line('a', 1000), line('b', 1000), line('c', 1000)];
    const shares = paidShares(1000, lines);
    expect([...shares.values()]).toEqual([334, 333, 333]);
    for (const total of [1, 7, 999, 12_345]) {
      const sum = [...paidShares(total, lines).values()].reduce((a, b) => a + b, 0);
      expect(sum).toBe(total);
    }
  });

  it('counts a line’s quantity, and gives free lines nothing', () => {
    expect(paidShares(3000, [line('a', 1000, 2), line('b', 1000)])).toEqual(
      new Map([
        ['a', 2000],
        ['b', 1000],
      ]),
    );
    expect(paidShares(0, [line('a', 0)])).toEqual(new Map([['a', 0]]));
  });
});

describe('refundAmount', () => {
  const lines = [line('a', 2999), line('b', 999)];

  it('gives back one line’s share', () => {
    expect(refundAmount({ totalCents: 4318, refundedCents: 0 }, lines, ['b'])).toBe(1079);
  });

  it('gives back all that is left when no line stays paid for', () => {
    expect(refundAmount({ totalCents: 4318, refundedCents: 0 }, lines, ['a', 'b'])).toBe(4318);
    const bRefunded = [lines[0]!, { ...lines[1]!, refundedAt: new Date() }];
    expect(refundAmount({ totalCents: 4318, refundedCents: 1079 }, bRefunded, ['a'])).toBe(3239);
    // An amount refunded without naming lines (Stripe's dashboard) is not given twice.
    expect(refundAmount({ totalCents: 4318, refundedCents: 2000 }, bRefunded, ['a'])).toBe(2318);
  });

  it('never gives back more than is left', () => {
    expect(refundAmount({ totalCents: 4318, refundedCents: 4000 }, lines, ['a'])).toBe(318);
  });
});

describe('a line a scoped code discounted', () => {
  it('refunds its discounted amount and tax, not a share of the whole discount', () => {
    // Drums $20.00 with $5.00 off (a fixed code scoped to it), bass $30.00 with none; 8% tax.
    const lines: RefundableLine[] = [
      { ...line('a', 2000), discountCents: 500, taxCents: 120 },
      { ...line('b', 3000), discountCents: 0, taxCents: 240 },
    ];
    expect(paidShares(4860, lines)).toEqual(
      new Map([
        ['a', 1620],
        ['b', 3240],
      ]),
    );
    expect(refundAmount({ totalCents: 4860, refundedCents: 0 }, lines, ['a'])).toBe(1620);
    // A line the code took wholly off paid nothing, and refunds nothing.
    const free: RefundableLine[] = [
      { ...line('a', 999), discountCents: 999, taxCents: 0 },
      { ...line('b', 1000), discountCents: 0, taxCents: 80 },
    ];
    expect(paidShares(1080, free).get('a')).toBe(0);
  });

  it('shares by what each line paid before tax when tax is inside the prices', () => {
    const lines: RefundableLine[] = [
      { ...line('a', 2000), discountCents: 1000, taxCents: 160 },
      { ...line('b', 3000), discountCents: 0, taxCents: 479 },
    ];
    expect(paidShares(4000, lines)).toEqual(
      new Map([
        ['a', 1000],
        ['b', 3000],
      ]),
    );
  });
});
