import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-money';
import { percentOf } from './money';
import {
  allocate,
  taxForOrder,
  taxLabel,
  taxNameOf,
  taxNotes,
  UNCONFIGURED_TAX_SETTINGS,
  type TaxBuyer,
} from './tax';
import { formatTaxRate, TAX_RATES } from './tax-rates';
import { taxSettingsSchema, type TaxSettings } from './tax-settings';

const settings = (fields: Partial<TaxSettings> = {}): TaxSettings =>
  taxSettingsSchema.parse(fields);
const buyer = (country: string, region: string | null = null, vat: TaxBuyer['vat'] = null) => ({
  country,
  region,
  vat,
});

// Two lines: $10.00 × 1 and $29.99 × 2; subtotal $69.98.
const LINES = [
  { unitPriceCents: 1000, quantity: 1 },
  { unitPriceCents: 2999, quantity: 2 },
];
const DE = settings({ homeCountry: 'DE', homeTaxNumber: 'DE123456789', fallback: 'none' });
const OVER = 1_000_001;
const valid = { valid: true };

describe('taxForOrder: who pays which rate, line by line', () => {
  it.each([
    // name, settings, buyer, percent off, EU cross-border sales, basis, rate, line taxes, total
    ['the unconfigured store: 8% estimate', settings(), buyer('US'), 10, 0, 'estimate', 8000, 504, 6802],
    ['German consumer, German store', DE, buyer('DE'), 0, 0, 'home', 19000, 1330, 8328],
    ['French consumer under the OSS threshold: home rate', DE, buyer('FR'), 0, 1_000_000, 'home', 19000, 1330, 8328],
    ['French consumer over the threshold: French rate', DE, buyer('FR'), 0, OVER, 'destination', 20000, 1400, 8398],
    ['French consumer over the threshold, 25% promo', DE, buyer('FR'), 25, OVER, 'destination', 20000, 1050, 6298],
    ['French business with a valid VAT number', DE, buyer('FR', null, valid), 0, OVER, 'reverse_charge', 0, 0, 6998],
    ['German business at home pays German VAT', DE, buyer('DE', null, valid), 0, 0, 'home', 19000, 1330, 8328],
    ['UK consumer, store not registered there', DE, buyer('GB'), 0, 0, 'not_registered', 0, 0, 6998],
    ['UK consumer, flat fallback', { ...DE, fallback: 'flat' as const }, buyer('GB'), 0, 0, 'estimate', 8000, 560, 7558],
    ['UK consumer, store registered in the UK', { ...DE, registrations: [{ country: 'GB', region: null, taxNumber: 'GB1' }] }, buyer('GB'), 0, 0, 'destination', 20000, 1400, 8398],
    ['UK consumer, UK store', settings({ homeCountry: 'GB' }), buyer('GB'), 0, 0, 'home', 20000, 1400, 8398],
    ['Australian consumer, Australian store', settings({ homeCountry: 'AU' }), buyer('AU', 'NSW'), 0, 0, 'home', 10000, 700, 7698],
    ['Japanese consumer, Texan store registered in Japan', settings({ homeCountry: 'US', homeRegion: 'TX', rateOverrides: { 'US-TX': 6250 }, registrations: [{ country: 'JP', region: null, taxNumber: 'T1' }] }), buyer('JP'), 0, 0, 'destination', 10000, 700, 7698],
    ['Texan consumer, Texan store', settings({ homeCountry: 'US', homeRegion: 'TX', rateOverrides: { 'US-TX': 6250 }, fallback: 'none' }), buyer('US', 'TX'), 0, 0, 'home', 6250, 438, 7436],
    ['Californian consumer, Texan store', settings({ homeCountry: 'US', homeRegion: 'TX', rateOverrides: { 'US-TX': 6250 }, fallback: 'none' }), buyer('US', 'CA'), 0, 0, 'not_registered', 0, 0, 6998],
    ['Texan consumer, German store registered in Texas', { ...DE, registrations: [{ country: 'US', region: 'TX', taxNumber: '1' }], rateOverrides: { 'US-TX': 6250 } }, buyer('US', 'TX'), 0, 0, 'destination', 6250, 438, 7436],
    ['Québec consumer, Québec store: GST + QST', settings({ homeCountry: 'CA', homeRegion: 'QC' }), buyer('CA', 'QC'), 0, 0, 'home', 14975, 1048, 8046],
    ['Ontario consumer, Québec store: HST', settings({ homeCountry: 'CA', homeRegion: 'QC' }), buyer('CA', 'ON'), 0, 0, 'home', 13000, 910, 7908],
    ['Alberta consumer, Québec store: GST', settings({ homeCountry: 'CA', homeRegion: 'QC' }), buyer('CA', 'AB'), 0, 0, 'home', 5000, 350, 7348],
    ['German consumer, US store in the EU one-stop shop', settings({ homeCountry: 'US', registrations: [{ country: 'EU', region: null, taxNumber: 'EU1' }] }), buyer('DE'), 0, 0, 'destination', 19000, 1330, 8328],
    ['German business, US store in the EU one-stop shop', settings({ homeCountry: 'US', registrations: [{ country: 'EU', region: null, taxNumber: 'EU1' }] }), buyer('DE', null, valid), 0, 0, 'reverse_charge', 0, 0, 6998],
    ['the owner\'s override wins over the table', { ...DE, rateOverrides: { DE: 20000 } }, buyer('DE'), 0, 0, 'home', 20000, 1400, 8398],
  ])('%s', (_name, taxSettings, who, percentOff, crossBorder, basis, rate, tax, total) => {
    const result = taxForOrder({
      settings: taxSettings,
      buyer: who,
      lines: LINES,
      percentOff,
      euCrossBorderSalesCents: crossBorder,
    });
    expect(result).toMatchObject({ basis, rate, taxCents: tax, totalCents: total });
    expect(result.totalCents).toBe(result.subtotalCents - result.discountCents + result.taxCents);
    expect(result.lines.every((line) => line.taxRate === rate)).toBe(true);
  }); // prettier-ignore

  it('rounds each line half away from zero: 19% of $10.00 and of $59.98', () => {
    const result = taxForOrder({ settings: DE, buyer: buyer('DE'), lines: LINES, percentOff: 0, euCrossBorderSalesCents: 0 });
    expect(result.lines).toEqual([
      { taxRate: 19000, discountCents: 0, taxCents: 190 },
      { taxRate: 19000, discountCents: 0, taxCents: 1140 }, // 1139.62
    ]);
  }); // prettier-ignore

  it('shares a 25% promo out by largest remainder, then taxes each line less its share', () => {
    const result = taxForOrder({ settings: DE, buyer: buyer('FR'), lines: LINES, percentOff: 25, euCrossBorderSalesCents: OVER });
    // 1749.5 → 1750 off: 250.07 and 1499.93 → 250 and 1500; 20% of 750 and 4498.
    expect(result.discountCents).toBe(1750);
    expect(result.lines).toEqual([
      { taxRate: 20000, discountCents: 250, taxCents: 150 },
      { taxRate: 20000, discountCents: 1500, taxCents: 900 },
    ]);
  }); // prettier-ignore

  it('takes the tax out of tax-inclusive prices: the total is the discounted price', () => {
    const inclusive = { ...DE, pricesIncludeTax: true };
    const result = taxForOrder({ settings: inclusive, buyer: buyer('DE'), lines: LINES, percentOff: 10, euCrossBorderSalesCents: 0 });
    // 700 off → 100 and 600; 900 × 19/119 = 143.70, 5398 × 19/119 = 861.85.
    expect(result).toMatchObject({ subtotalCents: 6998, discountCents: 700, taxCents: 1006, totalCents: 6298, pricesIncludeTax: true });
    expect(result.lines.map((l) => l.taxCents)).toEqual([144, 862]);
  }); // prettier-ignore

  it('says why a business buyer pays VAT, and why one does not', () => {
    const at = (vat: TaxBuyer['vat']) =>
      taxForOrder({ settings: DE, buyer: buyer('FR', null, vat), lines: LINES, percentOff: 0, euCrossBorderSalesCents: 0 });
    expect(at({ valid: true }).note).toBe(taxNotes.reverseCharge);
    expect(at({ valid: false, unavailable: true })).toMatchObject({
      basis: 'home',
      taxCents: 1330,
      note: 'VAT charged: the EU VAT number service (VIES) could not be reached',
    });
    expect(at({ valid: false }).note).toBe(taxNotes.vatInvalid);
    expect(at(null).note).toBeNull();
  }); // prettier-ignore

  it('adds up for every store, buyer, cart and promo (property)', () => {
    const store = fc.record({
      pricesIncludeTax: fc.boolean(),
      homeCountry: fc.constantFrom(null, 'DE', 'FR', 'GB', 'US', 'CA', 'AU', 'JP'),
      homeRegion: fc.constantFrom(null, 'TX', 'QC', 'ON'),
      fallback: fc.constantFrom('flat' as const, 'none' as const),
      registrations: fc.subarray([
        { country: 'EU', region: null, taxNumber: '' },
        { country: 'GB', region: null, taxNumber: '' },
        { country: 'US', region: 'TX', taxNumber: '' },
        { country: 'CA', region: 'BC', taxNumber: '' },
      ]),
      rateOverrides: fc.constantFrom<Record<string, number>>({}, { "US-TX": 6250 }, { DE: 7000 }),
    });
    const who = fc.record({
      country: fc.constantFrom(null, 'DE', 'FR', 'IT', 'GB', 'US', 'CA', 'AU', 'JP', 'BR', 'CH'),
      region: fc.constantFrom(null, 'TX', 'QC', 'ON', 'BC', 'NS'),
      vat: fc.constantFrom(null, { valid: true }, { valid: false }, { valid: false, unavailable: true }),
    });
    const lines = fc.array(
      fc.record({ unitPriceCents: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(store, who, lines, fc.integer({ min: 0, max: 100 }), fc.boolean(), (s, b, ls, percent, over) => {
        const result = taxForOrder({ settings: settings(s), buyer: b, lines: ls, percentOff: percent, euCrossBorderSalesCents: over ? 2e9 : 0 });
        const sum = (key: 'discountCents' | 'taxCents') => result.lines.reduce((n, l) => n + l[key], 0);
        expect(result.discountCents).toBe(percentOf(result.subtotalCents, percent));
        expect(sum('discountCents')).toBe(result.discountCents);
        expect(sum('taxCents')).toBe(result.taxCents);
        if (result.pricesIncludeTax) {
          expect(result.totalCents).toBe(result.subtotalCents - result.discountCents);
          expect(result.totalCents - result.taxCents).toBeGreaterThanOrEqual(0);
        } else expect(result.totalCents).toBe(result.subtotalCents - result.discountCents + result.taxCents);
        result.lines.forEach((line, i) => {
          const gross = ls[i]!.unitPriceCents * ls[i]!.quantity;
          expect(line.discountCents).toBeGreaterThanOrEqual(0);
          expect(line.discountCents).toBeLessThanOrEqual(gross);
          if (result.basis !== 'estimate') {
            const whole = result.pricesIncludeTax ? 100_000 + line.taxRate : 100_000;
            const exact = ((gross - line.discountCents) * line.taxRate) / whole;
            expect(Math.abs(line.taxCents - exact)).toBeLessThanOrEqual(0.5);
          }
        });
      }),
    );
  }); // prettier-ignore

  it('gives the unconfigured store exactly the spec\'s 8% of the discounted subtotal (property)', () => {
    const lines = fc.array(
      fc.record({ unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 50 }) }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), (ls, percent) => {
        const subtotal = ls.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
        const discount = percentOf(subtotal, percent);
        const tax = percentOf(subtotal - discount, 8);
        const result = taxForOrder({ settings: settings(), buyer: buyer('GB'), lines: ls, percentOff: percent, euCrossBorderSalesCents: 0 });
        expect(result).toMatchObject({ basis: 'estimate', discountCents: discount, taxCents: tax, totalCents: subtotal - discount + tax });
      }),
    );
  }); // prettier-ignore
});

describe('allocate', () => {
  it('shares whole cents by largest remainder, summing exactly, ties to the earlier line', () => {
    expect(allocate(700, [1000, 5998])).toEqual([100, 600]);
    expect(allocate(1, [500, 500])).toEqual([1, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });
});

describe('the shipped rates and their labels', () => {
  it('has the 27 EU standard rates and the others, as published for 2026', () => {
    const rates = Object.fromEntries(Object.entries(TAX_RATES).map(([k, v]) => [k, v.rate]));
    expect(rates).toMatchObject({
      AT: 20000, BE: 21000, BG: 20000, HR: 25000, CY: 19000, CZ: 21000, DK: 25000, EE: 24000,
      FI: 25500, FR: 20000, DE: 19000, GR: 24000, HU: 27000, IE: 23000, IT: 22000, LV: 21000,
      LT: 21000, LU: 17000, MT: 18000, NL: 21000, PL: 23000, PT: 23000, RO: 21000, SK: 23000,
      SI: 22000, ES: 21000, SE: 25000, GB: 20000, NO: 25000, CH: 8100, AU: 10000, NZ: 15000,
      JP: 10000, CA: 5000, 'CA-ON': 13000, 'CA-NS': 14000, 'CA-NB': 15000, 'CA-NL': 15000,
      'CA-PE': 15000, 'CA-BC': 7000, 'CA-SK': 6000, 'CA-MB': 7000, 'CA-QC': 9975,
    });
    expect(Object.keys(rates).some((key) => key.startsWith('US'))).toBe(false);
  }); // prettier-ignore

  it.each([
    [19000, '19%'],
    [25500, '25.5%'],
    [8100, '8.1%'],
    [9975, '9.975%'],
    [14975, '14.975%'],
  ])('prints %i as %s', (rate, text) => expect(formatTaxRate(rate)).toBe(text));

  it('labels the tax row by name and rate, the estimate in the caller\'s words', () => {
    const row = (basis: 'home' | 'estimate' | 'reverse_charge', name: string, rate: number, pricesIncludeTax = false) =>
      taxLabel({ basis, name, rate, pricesIncludeTax }, 'Estimated Tax');
    expect(row('home', 'VAT', 19000)).toBe('VAT 19%');
    expect(row('home', 'VAT', 19000, true)).toBe('incl. VAT 19%');
    expect(row('home', 'GST + QST', 14975)).toBe('GST + QST 14.975%');
    expect(row('estimate', 'Tax', 8000)).toBe('Estimated Tax');
    expect(row('reverse_charge', 'VAT', 0)).toBe('Reverse charge');
    expect(taxNameOf('CA', 'QC', 14975)).toBe('GST + QST');
    expect(taxNameOf('CA', 'QC', 5000)).toBe('GST');
    expect(taxNameOf('CA', 'ON', 13000)).toBe('HST');
    expect(taxNameOf('JP', null, 10000)).toBe('Consumption tax');
    expect(taxNameOf('US', 'TX', 6250)).toBe('Sales tax');
  }); // prettier-ignore

  it('prices the cart with the store\'s settings and the buyer\'s guessed country', () => {
    const line = { priceCents: 1000, originalPriceCents: null, quantity: 1 };
    expect(cartTotals([line], 0, { settings: DE, buyer: buyer('DE'), euDestinationRates: false })).toMatchObject({ taxCents: 190, totalCents: 1190, tax: { basis: 'home', name: 'VAT', rate: 19000 } });
    expect(cartTotals([line], 0, { settings: DE, buyer: buyer('FR'), euDestinationRates: true })).toMatchObject({ taxCents: 200, tax: { basis: 'destination' } });
    expect(cartTotals([line])).toMatchObject({ taxCents: 80, tax: { basis: 'estimate' } });
  }); // prettier-ignore
});

describe('a store nobody set up', () => {
  it('has the settings the schema gives an empty section, without loading zod', () => {
    expect(UNCONFIGURED_TAX_SETTINGS).toEqual(taxSettingsSchema.parse({}));
  });
});
