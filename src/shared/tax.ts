import { allocate } from './allocate';
import { shareOf, type Cents } from './money';
import { promoLineDiscounts, type PromoDiscount } from './promo-discount';
import type { TaxBasis, TaxSettings } from './tax-settings';
import { formatTaxRate, isEuCountry, TAX_RATES, US_TAX_NAME } from './tax-rates';

export { allocate } from './allocate';

/**
 * The one tax rule: who pays which rate, and the order's money line by line. The cart estimate,
 * checkout pricing, the payment provider's lines, receipts, invoices and the admin all read it.
 * Rates are in thousandths of a percent; see docs/tax.md, "The tax rule".
 */

/**
 * A store nobody set tax up for, as plain data: what `taxSettingsSchema.parse({})` gives
 * (tax.test.ts holds them equal), without zod, which the shopper's first page does not load.
 */
export const UNCONFIGURED_TAX_SETTINGS: TaxSettings = {
  pricesIncludeTax: false,
  homeCountry: null,
  homeRegion: null,
  homeTaxNumber: '',
  registrations: [],
  fallback: 'flat',
  ossThresholdCents: 1_000_000,
  rateOverrides: {},
  requireFullAddress: false,
};

/** The spec's flat 8%: a store nobody set up, or the owner's 'flat' fallback. */
export const ESTIMATE_RATE = 8000;

export const taxNotes = {
  reverseCharge:
    'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)',
  viesUnavailable: 'VAT charged: the EU VAT number service (VIES) could not be reached',
  vatInvalid: 'VAT charged: the VAT number given is not valid',
} as const;

export interface TaxBuyer {
  /** ISO alpha-2; null while nobody knows (the cart before checkout): then the home country. */
  country: string | null;
  region: string | null;
  /** A business buyer's VAT number as checked (VIES); null for a consumer. */
  vat: { valid: boolean; unavailable?: boolean } | null;
}

export interface TaxInput {
  settings: TaxSettings;
  buyer: TaxBuyer;
  /** `eligible` false: a scoped promo code does not apply to the line (absent: it does). */
  lines: readonly { unitPriceCents: Cents; quantity: number; eligible?: boolean }[];
  /** A percent off every eligible line; `promo` instead carries a code's terms of either kind. */
  percentOff?: number;
  promo?: PromoDiscount | null;
  /** EU sales to consumers outside the home country, this or last calendar year, the larger. */
  euCrossBorderSalesCents: Cents;
}

export interface TaxLine {
  taxRate: number;
  discountCents: Cents;
  taxCents: Cents;
}

export interface OrderTax {
  lines: TaxLine[];
  subtotalCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  basis: TaxBasis;
  note: string | null;
  pricesIncludeTax: boolean;
  /** The tax as printed: 'VAT', 'GST + QST', 'Sales tax'; 'Tax' for the estimate or none. */
  name: string;
  /** The rate every line pays (0 under reverse charge or without a registration). */
  rate: number;
}

interface Decision {
  basis: TaxBasis;
  rate: number;
  name: string;
  note: string | null;
}

const lookup = (settings: TaxSettings, key: string): { rate: number; name: string } | null => {
  const shipped = TAX_RATES[key];
  const override = settings.rateOverrides[key];
  if (override !== undefined)
    return { rate: override, name: shipped?.name ?? (key.startsWith('US-') ? US_TAX_NAME : 'VAT') };
  return shipped ?? null;
};

const registeredIn = (settings: TaxSettings, country: string, region: string | null = null) =>
  (settings.homeCountry === country && (region === null || settings.homeRegion === region)) ||
  settings.registrations.some(
    (r) => r.country === country && (region === null || r.region === region),
  );

/**
 * Canada: the GST, or the buyer's province's HST in its place, wherever the store is registered
 * in Canada; plus the province's PST/QST only where the store is registered in that province.
 * The components are combined into one rate per line ('GST + QST', 14.975%).
 */
function canadianRate(settings: TaxSettings, region: string | null) {
  const federal = (
    region && lookup(settings, `CA-${region}`)?.name === 'HST'
      ? lookup(settings, `CA-${region}`)
      : lookup(settings, 'CA')
  )!;
  const provincial =
    region && federal.name !== 'HST' && registeredIn(settings, 'CA', region)
      ? lookup(settings, `CA-${region}`)
      : null;
  return provincial
    ? { rate: federal.rate + provincial.rate, name: `${federal.name} + ${provincial.name}` }
    : federal;
}

/** The rate of a country (and region) where the store is registered, or null. */
function registeredRate(settings: TaxSettings, country: string, region: string | null) {
  if (country === 'US')
    return region && registeredIn(settings, 'US', region) ? lookup(settings, `US-${region}`) : null;
  if (!registeredIn(settings, country)) return null;
  return country === 'CA' ? canadianRate(settings, region) : lookup(settings, country);
}

const estimate: Decision = { basis: 'estimate', rate: ESTIMATE_RATE, name: 'Tax', note: null };

/** Who pays which rate: the order's basis, rate and note. */
export function decideTax(
  settings: TaxSettings,
  buyer: TaxBuyer,
  euCrossBorderSalesCents: Cents,
): Decision {
  const home = settings.homeCountry;
  if (home === null && settings.registrations.length === 0) return estimate;
  const country = buyer.country ?? home;
  const fallback: Decision =
    settings.fallback === 'flat'
      ? estimate
      : { basis: 'not_registered', rate: 0, name: 'Tax', note: null };
  if (country === null) return fallback;
  const region = buyer.country === null ? settings.homeRegion : buyer.region;
  const homeInEu = isEuCountry(home);
  const euRegistered = settings.registrations.some((r) => r.country === 'EU');
  const chargesEuVat =
    isEuCountry(country) && ((homeInEu && country !== home) || (!homeInEu && euRegistered));

  if (chargesEuVat && buyer.vat?.valid)
    return { basis: 'reverse_charge', rate: 0, name: 'VAT', note: taxNotes.reverseCharge };
  const vatNote = !buyer.vat
    ? null
    : buyer.vat.unavailable
      ? taxNotes.viesUnavailable
      : buyer.vat.valid
        ? null
        : taxNotes.vatInvalid;
  const charge = (basis: TaxBasis, found: { rate: number; name: string } | null): Decision =>
    found ? { basis, rate: found.rate, name: found.name, note: vatNote } : fallback;

  if (country === home) {
    const found = registeredRate(settings, country, region);
    if (found) return charge('home', found);
  }
  if (chargesEuVat && homeInEu)
    return euCrossBorderSalesCents > settings.ossThresholdCents
      ? charge('destination', lookup(settings, country))
      : charge('home', lookup(settings, home!));
  if (chargesEuVat) return charge('destination', lookup(settings, country));
  const found = registeredRate(settings, country, region);
  return found ? charge('destination', found) : fallback;
}

/**
 * The order's money under the rule. Tax is rounded per line, half away from zero, on the line's
 * price less its discount; with tax-inclusive prices it is taken out of that gross and the total
 * is the discounted price. The flat estimate stays the spec's one figure on the order (8% of the
 * discounted subtotal), shared out to the lines by largest remainder.
 */
export function taxForOrder(input: TaxInput): OrderTax {
  const { settings } = input;
  const inclusive = settings.pricesIncludeTax;
  const gross = input.lines.map((l) => l.unitPriceCents * l.quantity);
  const subtotalCents = gross.reduce((sum, g) => sum + g, 0);
  const discounts = promoLineDiscounts(
    gross.map((grossCents, i) => ({ grossCents, eligible: input.lines[i]!.eligible ?? true })),
    input.promo ?? (input.percentOff ? { percentOff: input.percentOff } : null),
  );
  const discountCents = discounts.reduce((sum, d) => sum + d, 0);
  const taxable = gross.map((g, i) => g - discounts[i]!);
  const decision = decideTax(settings, input.buyer, input.euCrossBorderSalesCents);
  const whole = inclusive ? 100_000 + decision.rate : 100_000;
  const taxes =
    decision.basis === 'estimate'
      ? allocate(shareOf(subtotalCents - discountCents, decision.rate, whole), taxable)
      : taxable.map((t) => shareOf(t, decision.rate, whole));
  const taxCents = taxes.reduce((sum, t) => sum + t, 0);
  return {
    lines: taxable.map((_, i) => ({
      taxRate: decision.rate,
      discountCents: discounts[i]!,
      taxCents: taxes[i]!,
    })),
    subtotalCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + (inclusive ? 0 : taxCents),
    basis: decision.basis,
    note: decision.note,
    pricesIncludeTax: inclusive,
    name: decision.name,
    rate: decision.rate,
  };
}

/**
 * The tax row's label: 'VAT 19%', 'incl. VAT 19%' for tax-inclusive prices, 'Reverse charge',
 * and for the flat estimate the caller's words (the cart's 'Estimated Tax', the receipt's 'Tax').
 */
export function taxLabel(
  tax: Pick<OrderTax, 'basis' | 'name' | 'rate' | 'pricesIncludeTax'>,
  estimateLabel: string,
): string {
  if (tax.basis === 'reverse_charge') return 'Reverse charge';
  if (tax.basis === 'estimate' || tax.basis === 'stripe' || tax.rate === 0) return estimateLabel;
  const label = `${tax.name} ${formatTaxRate(tax.rate)}`;
  return tax.pricesIncludeTax ? `incl. ${label}` : label;
}

/**
 * An order's tax name from what it stores (the buyer's country and region, the rate a line
 * paid): the shipped table's name, Canada's combination by which rate it is.
 */
export function taxNameOf(country: string | null, region: string | null, rate: number): string {
  if (!country) return 'Tax';
  if (country === 'US') return US_TAX_NAME;
  if (country === 'CA' && region) {
    const provincial = TAX_RATES[`CA-${region}`];
    if (provincial?.name === 'HST') return 'HST';
    if (provincial && rate !== TAX_RATES.CA!.rate) return `GST + ${provincial.name}`;
  }
  return TAX_RATES[country]?.name ?? (isEuCountry(country) ? 'VAT' : 'Tax');
}

/** What an order as stored says of its tax, for its tax row and the payment provider's line. */
export function orderTaxSummary(order: {
  taxBasis: TaxBasis;
  country: string | null;
  region: string | null;
  pricesIncludeTax: boolean;
  items: readonly { taxRate: number }[];
}): Pick<OrderTax, 'basis' | 'name' | 'rate' | 'pricesIncludeTax'> {
  const rate = Math.max(0, ...order.items.map((item) => item.taxRate));
  return {
    basis: order.taxBasis,
    name: taxNameOf(order.country, order.region, rate),
    rate,
    pricesIncludeTax: order.pricesIncludeTax,
  };
}
