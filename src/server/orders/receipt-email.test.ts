import { describe, expect, it } from 'vitest';
import { orderMoneyRows } from '#shared/order-money';
import type { OrderView } from '#shared/orders';
import { taxNotes } from '#shared/tax';
import { receiptEmail } from './receipt-email';

const order: OrderView = {
  id: '00000000-0000-4000-8000-000000000001',
  orderNumber: '00000000',
  email: 'guest@example.com',
  status: 'COMPLETED',
  subtotalCents: 7899,
  discountCents: 1580,
  taxCents: 506,
  totalCents: 6825,
  refundedCents: 0,
  promoCode: 'SAVE20',
  currency: 'usd',
  createdAt: '2026-11-22T10:00:00.000Z',
  completedAt: '2026-11-22T10:01:00.000Z',
  cardBrand: 'visa',
  cardLast4: '4242',
  country: 'US',
  region: 'TX',
  taxBasis: 'estimate',
  taxNote: null,
  pricesIncludeTax: false,
  invoiceNumber: null,
  creditNotes: [],
  items: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      productId: '00000000-0000-4000-8000-000000000003',
      name: 'Dusty Soul Sample Pack',
      image: '',
      licenseType: 'standard',
      quantity: 1,
      unitPriceCents: 2999,
      downloadsRemaining: 5,
      discountCents: 0,
      taxRate: 8000,
      taxCents: 0,
      creditCents: 0,
      bundle: null,
      refunded: false,
      licenses: [],
      rating: 4.8,
      reviewCount: 312,
    },
    {
      id: '00000000-0000-4000-8000-000000000004',
      productId: '00000000-0000-4000-8000-000000000005',
      name: 'Analog Bass Synth',
      image: '',
      licenseType: 'standard',
      quantity: 1,
      unitPriceCents: 4900,
      downloadsRemaining: 5,
      discountCents: 0,
      taxRate: 8000,
      taxCents: 0,
      creditCents: 0,
      bundle: null,
      refunded: false,
      licenses: [],
      rating: 4.2,
      reviewCount: 610,
    },
  ],
};

describe('the receipt email', () => {
  it("lists the order's money row for row as the confirmation page does, and the card paid with", () => {
    const { text } = receiptEmail(order, 'http://store.test/downloads/guest?token=t', true);
    const { lines, totals } = orderMoneyRows(order);
    for (const line of lines)
      expect(text).toContain(`${line.label} ${line.detail}: ${line.amount}`);
    expect(text).toContain(
      'Subtotal: $78.99 · Discount (SAVE20): -$15.80 · Tax: $5.06 · Total paid: $68.25',
    );
    expect(totals).toHaveLength(4);
    expect(text).toContain('Paid with: Visa ending in 4242');
  });

  it('names no card number it was not told', () => {
    const { text } = receiptEmail(
      {
        ...order,
        cardBrand: null,
        cardLast4: null,
        discountCents: 0,
        promoCode: null,
        subtotalCents: 6319,
        taxCents: 506,
      },
      'http://store.test/download-hub',
      false,
    );
    expect(text).toContain('Subtotal: $63.19 · Tax: $5.06 · Total paid: $68.25');
    expect(text).toContain('Paid with: Card\n');
  });

  it("names the tax by the buyer's country and rate: a German consumer's VAT 19%", () => {
    // $29.99 + $49.00 less SAVE20's $15.80 (shares $6.00 and $9.80): 19% of $23.99 and $39.20.
    const [first, second] = order.items;
    const german: OrderView = {
      ...order,
      country: 'DE',
      taxBasis: 'home',
      taxCents: 1200,
      totalCents: 7519,
      items: [
        { ...first!, discountCents: 600, taxRate: 19000, taxCents: 456 },
        { ...second!, discountCents: 980, taxRate: 19000, taxCents: 744 },
      ],
    };
    const { text } = receiptEmail(german, 'http://store.test/download-hub', false);
    expect(text).toContain(
      'Subtotal: $78.99 · Discount (SAVE20): -$15.80 · VAT 19%: $12.00 · Total paid: $75.19',
    );
  });

  it('says reverse charge for a business with a valid EU VAT number, with the note', () => {
    const business: OrderView = {
      ...order,
      country: 'FR',
      taxBasis: 'reverse_charge',
      taxNote: taxNotes.reverseCharge,
      taxCents: 0,
      totalCents: 6319,
      items: order.items.map((item) => ({ ...item, taxRate: 0, taxCents: 0 })),
    };
    const { text } = receiptEmail(business, 'http://store.test/download-hub', false);
    expect(text).toContain('Reverse charge: $0.00 · Total paid: $63.19');
    expect(text).toContain(
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)',
    );
  });

  it('shows the VAT inside tax-inclusive prices after the total, not added to it', () => {
    const inclusive: OrderView = {
      ...order,
      country: 'DE',
      taxBasis: 'home',
      pricesIncludeTax: true,
      taxCents: 1009,
      totalCents: 6319,
      items: order.items.map((item, i) => ({ ...item, taxRate: 19000, taxCents: [383, 626][i]! })),
    };
    const { text } = receiptEmail(inclusive, 'http://store.test/download-hub', false);
    expect(text).toContain(
      'Discount (SAVE20): -$15.80 · Total paid: $63.19 · incl. VAT 19%: $10.09',
    );
  });
});
