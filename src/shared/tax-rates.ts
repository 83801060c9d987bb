/**
 * The standard rates for digital services shipped with the store, in thousandths of a percent
 * (19% is 19000), with the tax's name as a receipt prints it. Checked against the published
 * rates in force on 2026-01-01 (Finland 25.5% since 2024-09, Slovakia 23% and Estonia 24% since
 * 2025, Romania 21% since 2025-08, Switzerland 8.1% since 2024). The owner's `rateOverrides`
 * win over this table; the US has no shipped rates — a state's rate is the owner's ('US-TX').
 *
 * Canada: 'CA' is the federal GST; a harmonised province ('CA-ON') has an HST that replaces it;
 * the others with a provincial tax on digital products ('CA-QC') add theirs to the GST.
 */
export interface TaxRate {
  rate: number;
  name: string;
}

export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore

const EU_RATES: Record<(typeof EU_COUNTRIES)[number], number> = {
  AT: 20000, BE: 21000, BG: 20000, HR: 25000, CY: 19000, CZ: 21000, DK: 25000, EE: 24000,
  FI: 25500, FR: 20000, DE: 19000, GR: 24000, HU: 27000, IE: 23000, IT: 22000, LV: 21000,
  LT: 21000, LU: 17000, MT: 18000, NL: 21000, PL: 23000, PT: 23000, RO: 21000, SK: 23000,
  SI: 22000, ES: 21000, SE: 25000,
}; // prettier-ignore

export const TAX_RATES: Readonly<Record<string, TaxRate>> = {
  ...Object.fromEntries(
    Object.entries(EU_RATES).map(([country, rate]) => [country, { rate, name: 'VAT' }]),
  ),
  GB: { rate: 20000, name: 'VAT' },
  NO: { rate: 25000, name: 'MVA' },
  CH: { rate: 8100, name: 'MWST' },
  AU: { rate: 10000, name: 'GST' },
  NZ: { rate: 15000, name: 'GST' },
  JP: { rate: 10000, name: 'Consumption tax' },
  CA: { rate: 5000, name: 'GST' },
  'CA-ON': { rate: 13000, name: 'HST' },
  'CA-NS': { rate: 14000, name: 'HST' },
  'CA-NB': { rate: 15000, name: 'HST' },
  'CA-NL': { rate: 15000, name: 'HST' },
  'CA-PE': { rate: 15000, name: 'HST' },
  'CA-BC': { rate: 7000, name: 'PST' },
  'CA-SK': { rate: 6000, name: 'PST' },
  'CA-MB': { rate: 7000, name: 'PST' },
  'CA-QC': { rate: 9975, name: 'QST' },
};

/** What a US state's tax is called; its rate exists only as the owner's override. */
export const US_TAX_NAME = 'Sales tax';

export const isEuCountry = (country: string | null | undefined): boolean =>
  country !== null &&
  country !== undefined &&
  (EU_COUNTRIES as readonly string[]).includes(country);

/** A rate as printed: 19000 → '19%', 25500 → '25.5%', 9975 → '9.975%'. */
export function formatTaxRate(rate: number): string {
  const whole = Math.floor(rate / 1000);
  const fraction = String(rate % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}
