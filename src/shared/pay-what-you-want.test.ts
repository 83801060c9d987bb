import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPayAmount,
  chosenAmount,
  parseAmount,
  payWhatYouWantOf,
  payWhatYouWantSettingsError,
  PWYW_MAX_CENTS,
  pwywMessages,
  type PayWhatYouWant,
} from './pay-what-you-want';
import { taxForOrder } from './tax';
import { DEFAULT_TAX_SETTINGS } from './tax-settings';

const pack: PayWhatYouWant = { minimumCents: 500, suggestedCents: 1500, confirmAboveCents: 10_000 };
const free: PayWhatYouWant = { minimumCents: 0, suggestedCents: 800, confirmAboveCents: null };

describe('PWYW bounds', () => {
  it.each([
    // terms, amount, confirmed, answer
    [pack, 500, false, 'ok'],
    [pack, 499, false, 'below_minimum'],
    [pack, 0, false, 'below_minimum'],
    [pack, 1500, false, 'ok'],
    [pack, 10_000, false, 'ok'],
    [pack, 10_001, false, 'needs_confirmation'],
    [pack, 10_001, true, 'ok'],
    [pack, PWYW_MAX_CENTS, true, 'ok'],
    [pack, PWYW_MAX_CENTS + 1, true, 'above_maximum'],
    [free, 0, false, 'ok'],
    [free, 1, false, 'ok'],
    [free, PWYW_MAX_CENTS, false, 'ok'],
    [free, PWYW_MAX_CENTS + 1, false, 'above_maximum'],
  ] as const)('%o: %i cents (confirmed %s) → %s', (terms, amount, confirmed, answer) => {
    const check = checkPayAmount(terms, 'Drum Pack', amount, confirmed);
    expect(check.ok ? 'ok' : check.code).toBe(answer);
  });

  it('quotes the product and the bound in its messages', () => {
    expect(checkPayAmount(pack, 'Drum Pack', 499, false)).toEqual({
      ok: false,
      code: 'below_minimum',
      message: 'The least you can pay for Drum Pack is $5.00',
    });
    expect(checkPayAmount(pack, 'Drum Pack', 20_000, false)).toMatchObject({
      message: 'Please confirm you want to pay $200.00 for Drum Pack',
    });
    expect(checkPayAmount(free, 'Drum Pack', PWYW_MAX_CENTS + 1, true)).toMatchObject({
      message: 'The most you can pay for Drum Pack is $10,000.00',
    });
  });

  it('accepts exactly the amounts between the minimum and the ceiling, confirmed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PWYW_MAX_CENTS }),
        fc.integer({ min: -10, max: PWYW_MAX_CENTS + 10 }),
        (minimumCents, amount) => {
          const terms = { minimumCents, suggestedCents: minimumCents, confirmAboveCents: null };
          const check = checkPayAmount(terms, 'X', amount, true);
          expect(check.ok).toBe(amount >= minimumCents && amount <= PWYW_MAX_CENTS);
        },
      ),
    );
  });

  it('a line without a chosen amount pays the suggested price', () => {
    expect(chosenAmount(pack, null)).toBe(1500);
    expect(chosenAmount(pack, undefined)).toBe(1500);
    expect(chosenAmount(pack, 0)).toBe(0);
    expect(chosenAmount(pack, 2500)).toBe(2500);
  });

  it('reads the terms from the product columns; no minimum is not pay what you want', () => {
    expect(
      payWhatYouWantOf({ priceCents: 1500, pwywMinimumCents: null, pwywConfirmAboveCents: null }),
    ).toBeNull();
    expect(
      payWhatYouWantOf({ priceCents: 1500, pwywMinimumCents: 0, pwywConfirmAboveCents: 5000 }),
    ).toEqual({ minimumCents: 0, suggestedCents: 1500, confirmAboveCents: 5000 });
  });

  it.each([
    ['12.50', 1250],
    ['0', 0],
    ['$1,000', 100_000],
  ])('reads the amount %s as %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ ok: true, cents });
  });

  it.each(['', 'abc', '-5', '1.999'])('refuses the amount %j with the format message', (text) => {
    expect(parseAmount(text)).toEqual({ ok: false, message: pwywMessages.amountFormat });
  });
});

describe("the owner's PWYW terms", () => {
  it.each([
    [{ priceCents: 1500, minimumCents: null, confirmAboveCents: null }, null],
    [{ priceCents: 1500, minimumCents: 0, confirmAboveCents: null }, null],
    [{ priceCents: 1500, minimumCents: 1500, confirmAboveCents: 1500 }, null],
    [{ priceCents: 1500, minimumCents: 1501, confirmAboveCents: null }, 'minimumPrice'],
    [{ priceCents: 1500, minimumCents: 500, confirmAboveCents: 1499 }, 'confirmAbove'],
    [{ priceCents: 1500, minimumCents: 500, confirmAboveCents: PWYW_MAX_CENTS }, 'confirmAbove'],
    [{ priceCents: PWYW_MAX_CENTS + 1, minimumCents: 0, confirmAboveCents: null }, 'price'],
  ])('%o → %s', (settings, field) => {
    expect(payWhatYouWantSettingsError(settings)?.field ?? null).toBe(field);
  });
});

describe('PWYW tax', () => {
  it('taxes the amount paid, not the suggested price', () => {
    const taxed = taxForOrder({
      settings: DEFAULT_TAX_SETTINGS,
      buyer: { country: 'US', region: null, vat: null },
      euCrossBorderSalesCents: 0,
      lines: [{ unitPriceCents: chosenAmount(pack, 2500), quantity: 1 }],
    });
    expect(taxed).toMatchObject({ subtotalCents: 2500, taxCents: 200, totalCents: 2700 });
  });

  it('a $0 amount makes a $0 line with no tax', () => {
    const taxed = taxForOrder({
      settings: DEFAULT_TAX_SETTINGS,
      buyer: { country: 'US', region: null, vat: null },
      euCrossBorderSalesCents: 0,
      lines: [{ unitPriceCents: chosenAmount(free, 0), quantity: 1 }],
    });
    expect(taxed).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});
