import { isCountryCode, isEuCountry } from './countries';
import type { TaxSettings } from './tax-settings';
import type { ValidationIssue } from './validation';

/**
 * The admin's tax settings: the checks a shape cannot make (taxSettingsSchema makes those), run
 * by the server on every save and by the browser before it sends. Each problem names its field,
 * as a 400 VALIDATION_FAILED's `fields` do.
 */

export const adminTaxSettingsMessages = {
  unknownCountry: 'Choose a country that exists (ISO 3166-1 code)',
  euHomeOss:
    'A store established in the EU files its one-stop shop at home: remove the "EU one-stop shop" registration',
  regionWhere: 'A state or province applies only to the United States or Canada',
  homeRegionWithoutCountry: 'Choose the home country first',
  overrideKey: 'Use a country code, or US-XX / CA-XX for a state or province',
  rate: 'Enter a rate from 0 to 100%, with at most 3 decimals',
  threshold: 'Enter an amount in dollars, e.g. 10000 or 10,000.00',
  saved: 'Tax settings saved',
  sellerSaved: 'Seller details saved',
  email: 'Enter a valid e-mail address',
} as const;

/** Countries whose states or provinces the settings take as a region. */
export const REGION_COUNTRIES: readonly string[] = ['US', 'CA'];

/** Everything the shape allows but the tax rule cannot use, as zod-like issues. */
export function taxSettingsProblems(settings: TaxSettings): ValidationIssue[] {
  const problems: ValidationIssue[] = [];
  const m = adminTaxSettingsMessages;
  const home = settings.homeCountry;
  if (home && !isCountryCode(home))
    problems.push({ path: ['homeCountry'], message: m.unknownCountry });
  if (settings.homeRegion) {
    if (!home) problems.push({ path: ['homeRegion'], message: m.homeRegionWithoutCountry });
    else if (!REGION_COUNTRIES.includes(home))
      problems.push({ path: ['homeRegion'], message: m.regionWhere });
  }
  settings.registrations.forEach((registration, index) => {
    const at = (field: string) => ['registrations', index, field];
    const country = registration.country;
    if (country === 'EU') {
      if (home && isEuCountry(home)) problems.push({ path: at('country'), message: m.euHomeOss });
    } else if (!isCountryCode(country)) {
      problems.push({ path: at('country'), message: m.unknownCountry });
    }
    if (registration.region && !REGION_COUNTRIES.includes(country))
      problems.push({ path: at('region'), message: m.regionWhere });
  });
  for (const key of Object.keys(settings.rateOverrides)) {
    const [country = '', region] = key.split('-');
    if (!isCountryCode(country))
      problems.push({ path: ['rateOverrides', key], message: m.unknownCountry });
    else if (region && !REGION_COUNTRIES.includes(country))
      problems.push({ path: ['rateOverrides', key], message: m.regionWhere });
  }
  return problems;
}

/**
 * A rate as the owner types it, a percent with up to 3 decimals ("6.25"), in thousandths of a
 * percent (6250); null for anything else or above 100%.
 */
export function parseRatePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,3}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const rate = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return rate <= 100_000 ? rate : null;
}

/** Thousandths of a percent as the owner reads them: 6250 → "6.25", 19000 → "19". */
export function formatRatePercent(rate: number): string {
  const whole = Math.floor(rate / 1000);
  const rest = String(rate % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}
