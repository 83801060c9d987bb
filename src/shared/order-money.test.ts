import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-money';
import { orderMoneyRows } from './order-money';
import type { OrderItemView } from './orders';

const item = (id: string, name: string, unitPriceCents: number, quantity = 1): OrderItemView => ({
  id,
  productId: `p-${id}`,
  name,
  image: '',
  licenseType: 'standard',
  quantity,
  unitPriceCents,
  downloadsRemaining: 5,
  discountCents: 0,
  taxRate: 8000,
  taxCents: 0,
  creditCents: 0,
  bundle: null,
  refunded: false,
  licenses: [],
  rating: 0,
  reviewCount: 0,
});

describe("an order's money rows", () => {
  it('are the lines, Subtotal, Discount with its code, Tax and Total paid, from the order’s cents', () => {
    // The checkout journey's order: $29.99 + $49.00, SAVE20 takes $15.80, 8% tax $5.06.
    const rows = orderMoneyRows({
      items: [item('a', 'Dusty Soul Sample Pack', 2999), item('b', 'Analog Bass Synth', 4900)],
      subtotalCents: 7899,
      discountCents: 1580,
      taxCents: 506,
      totalCents: 6825,
      promoCode: 'SAVE20',
    });
    expect(rows.lines.map((row) => [row.label, row.detail, row.amount])).toEqual([
      ['Dusty Soul Sample Pack', '(Standard license) × 1', '$29.99'],
      ['Analog Bass Synth', '(Standard license) × 1', '$49.00'],
    ]);
    expect(rows.totals.map((row) => [row.kind, row.label, row.amount])).toEqual([
      ['subtotal', 'Subtotal', '$78.99'],
      ['discount', 'Discount (SAVE20)', '-$15.80'],
      ['tax', 'Tax', '$5.06'],
      ['total', 'Total paid', '$68.25'],
    ]);
  });

  it('price a line at its unit price times its quantity', () => {
    const rows = orderMoneyRows({
      items: [item('a', 'Task Board', 2999, 2)],
      subtotalCents: 5998,
      discountCents: 0,
      taxCents: 480,
      totalCents: 6478,
      promoCode: null,
    });
    expect(rows.lines[0]).toMatchObject({
      detail: '(Standard license) × 2',
      cents: 5998,
      amount: '$59.98',
    });
  });

  it('leave the discount out when there is none, and name no code when the order has none', () => {
    const noDiscount = orderMoneyRows({
      items: [],
      subtotalCents: 2999,
      discountCents: 0,
      taxCents: 240,
      totalCents: 3239,
      promoCode: null,
    });
    expect(noDiscount.totals.map((row) => row.label)).toEqual(['Subtotal', 'Tax', 'Total paid']);
    const uncoded = orderMoneyRows({
      items: [],
      subtotalCents: 1000,
      discountCents: 100,
      taxCents: 72,
      totalCents: 972,
      promoCode: null,
    });
    expect(uncoded.totals[1]).toMatchObject({ label: 'Discount', amount: '-$1.00' });
  });

  it('always add up: subtotal less discount plus tax is the total paid', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 100_000 }),
            qty: fc.integer({ min: 1, max: 10 }),
          }),
          {
            maxLength: 5,
          },
        ),
        fc.integer({ min: 0, max: 100 }),
        (lines, percentOff) => {
          const totals = cartTotals(
            lines.map((line) => ({
              priceCents: line.price,
              originalPriceCents: null,
              quantity: line.qty,
            })),
            percentOff,
          );
          const rows = orderMoneyRows({ items: [], promoCode: 'CODE', ...totals });
          const byKind = new Map(rows.totals.map((row) => [row.kind, row.cents]));
          const signedSum = rows.totals
            .filter((row) => row.kind !== 'total')
            .reduce((sum, row) => sum + row.cents, 0);
          expect(signedSum).toBe(byKind.get('total'));
        },
      ),
    );
  });

  it('show one tax row per rate when the lines paid different rates', () => {
    const rows = orderMoneyRows({
      items: [
        { ...item('a', 'Pack', 1000), taxRate: 19000, taxCents: 190 },
        { ...item('b', 'Book', 1000), taxRate: 7000, taxCents: 70 },
      ],
      subtotalCents: 2000,
      discountCents: 0,
      taxCents: 260,
      totalCents: 2260,
      promoCode: null,
      country: 'DE',
      taxBasis: 'home',
    });
    expect(rows.totals.map((row) => [row.label, row.amount])).toEqual([
      ['Subtotal', '$20.00'],
      ['VAT 19%', '$1.90'],
      ['VAT 7%', '$0.70'],
      ['Total paid', '$22.60'],
    ]);
  });
});
