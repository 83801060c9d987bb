import {
  adminTaxSettingsMessages,
  formatRatePercent,
  parseRatePercent,
  taxSettingsProblems,
} from '#shared/admin-tax-settings';
import { COUNTRIES } from '#shared/countries';
import { moneyInput, parseMoney } from '#shared/money';
import { fieldErrors } from '#shared/validation';
import { taxSettingsSchema, type TaxFallback, type TaxSettings } from '#shared/tax-settings';
import type { FieldErrors } from '../forms/form-errors';

/** The tax form as typed: text where the owner types, booleans where they tick. */
export interface RegistrationRow {
  key: number;
  country: string;
  region: string;
  taxNumber: string;
}
export interface RateRow {
  key: number;
  /** A country code; for the state table, a US state code. */
  code: string;
  rate: string;
}
export interface TaxFormValues {
  pricesIncludeTax: boolean;
  homeCountry: string;
  homeRegion: string;
  homeTaxNumber: string;
  registrations: RegistrationRow[];
  fallback: TaxFallback;
  ossThreshold: string;
  countryRates: RateRow[];
  stateRates: RateRow[];
  requireFullAddress: boolean;
}

let nextKey = 0;
export const newRowKey = () => ++nextKey;

export function taxFormValues(settings: TaxSettings): TaxFormValues {
  const rates = Object.entries(settings.rateOverrides);
  const row = (code: string, rate: number) => ({
    key: newRowKey(),
    code,
    rate: formatRatePercent(rate),
  });
  return {
    pricesIncludeTax: settings.pricesIncludeTax,
    homeCountry: settings.homeCountry ?? '',
    homeRegion: settings.homeRegion ?? '',
    homeTaxNumber: settings.homeTaxNumber,
    registrations: settings.registrations.map((r) => ({
      key: newRowKey(),
      country: r.country,
      region: r.region ?? '',
      taxNumber: r.taxNumber,
    })),
    fallback: settings.fallback,
    ossThreshold: moneyInput(settings.ossThresholdCents),
    countryRates: rates.filter(([code]) => !code.startsWith('US-')).map(([c, r]) => row(c, r)),
    stateRates: rates
      .filter(([code]) => code.startsWith('US-'))
      .map(([code, rate]) => row(code.slice(3), rate)),
    requireFullAddress: settings.requireFullAddress,
  };
}

/** The field a rate row's errors are under: the override's key, as the server names it. */
export const rateKey = (row: RateRow, state: boolean) =>
  state ? `US-${row.code.trim().toUpperCase()}` : row.code.trim().toUpperCase();

/**
 * The settings the form says, or the problems that keep it from being sent: each named by the
 * field the server would name (registrations.0.country, rateOverrides.US-TX), so the browser's
 * check and the server's refusal show in the same place.
 */
export function taxInput(values: TaxFormValues): {
  input: TaxSettings | null;
  errors: FieldErrors;
} {
  const errors: Record<string, string[]> = {};
  const rateOverrides: Record<string, number> = {};
  for (const [rows, state] of [
    [values.countryRates, false],
    [values.stateRates, true],
  ] as const) {
    for (const row of rows) {
      const rate = parseRatePercent(row.rate);
      if (rate === null)
        errors[`rateOverrides.${rateKey(row, state)}`] = [adminTaxSettingsMessages.rate];
      else rateOverrides[rateKey(row, state)] = rate;
    }
  }
  const threshold = parseMoney(values.ossThreshold);
  if (threshold === null) errors.ossThresholdCents = [adminTaxSettingsMessages.threshold];
  const candidate = {
    pricesIncludeTax: values.pricesIncludeTax,
    homeCountry: values.homeCountry || null,
    homeRegion: values.homeRegion.trim() || null,
    homeTaxNumber: values.homeTaxNumber,
    registrations: values.registrations.map((r) => ({
      country: r.country,
      region: r.region.trim() || null,
      taxNumber: r.taxNumber,
    })),
    fallback: values.fallback,
    ossThresholdCents: threshold ?? 0,
    rateOverrides,
    requireFullAddress: values.requireFullAddress,
  };
  const parsed = taxSettingsSchema.safeParse(candidate);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues), errors);
  else Object.assign(errors, fieldErrors(taxSettingsProblems(parsed.data)), errors);
  return Object.keys(errors).length || !parsed.success
    ? { input: null, errors }
    : { input: parsed.data, errors: {} };
}

/** Every country by English name: the selects' options. */
export const countryOptions = (): { code: string; name: string }[] =>
  [...COUNTRIES].sort((x, y) => x.name.localeCompare(y.name, 'en'));
