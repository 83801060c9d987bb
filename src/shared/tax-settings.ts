import { z } from 'zod';

/**
 * The owner's tax and invoice settings (admin → Tax), one section of store_settings. A store
 * nobody configured has no home registration and the flat fallback: every order gets the
 * spec's 8% "Estimated Tax", as before. Rates are in thousandths of a percent (19% is 19000,
 * Québec's 9.975% is 9975), so every published rate is a whole number.
 */
export const TAX_SETTINGS_KEY = 'tax';
export const SELLER_SETTINGS_KEY = 'seller';

/** ISO 3166-1 alpha-2, upper case. Whether the code exists is shared/countries.ts's to say. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code');
/** An ISO 3166-2 subdivision without its country prefix: TX, ON, NSW. */
export const regionCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, 'Use a state or province code');

/** A tax rate in thousandths of a percent: 0 to 100%. */
export const taxRateSchema = z.number().int().min(0).max(100_000);

/** Where the store collects tax besides home: a country, or a US state / Canadian province. */
export const taxRegistrationSchema = z.object({
  /** A country code, or 'EU' for the one-stop shop of a seller established outside the EU. */
  country: z.union([countryCodeSchema, z.literal('EU')]),
  region: regionCodeSchema.nullable().default(null),
  taxNumber: z.string().trim().max(40).default(''),
});
export type TaxRegistration = z.infer<typeof taxRegistrationSchema>;

export const taxFallbacks = ['flat', 'none'] as const;
export type TaxFallback = (typeof taxFallbacks)[number];

export const taxSettingsSchema = z.object({
  /** Prices as listed include tax (the total is the price) or exclude it (tax is added). */
  pricesIncludeTax: z.boolean().default(false),
  /** Where the store is established and registered; null: tax was never set up. */
  homeCountry: countryCodeSchema.nullable().default(null),
  homeRegion: regionCodeSchema.nullable().default(null),
  homeTaxNumber: z.string().trim().max(40).default(''),
  registrations: z.array(taxRegistrationSchema).max(100).default([]),
  /** Everywhere else: no tax, or the spec's flat 8% estimate (the unconfigured default). */
  fallback: z.enum(taxFallbacks).default('flat'),
  /**
   * The EU's distance-selling threshold in the store's currency (cents): over it, in this
   * calendar year or the last, EU consumers abroad pay their own country's rate.
   */
  ossThresholdCents: z.number().int().min(0).max(1_000_000_000).default(1_000_000),
  /** The owner's rates by 'DE' or 'US-TX', over the shipped table; US states live only here. */
  rateOverrides: z
    .record(z.string().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/), taxRateSchema)
    .default({}),
  /** Whether checkout requires the street address and phone (some invoice rules ask for them). */
  requireFullAddress: z.boolean().default(false),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;
export const DEFAULT_TAX_SETTINGS: TaxSettings = taxSettingsSchema.parse({});

/** Who sells: printed on every invoice and credit note. */
export const sellerSettingsSchema = z.object({
  legalName: z.string().trim().max(200).default(''),
  /** Postal address, one line per line as printed. */
  address: z.string().trim().max(1000).default(''),
  email: z.string().trim().max(254).default(''),
  /** Printed under the totals, e.g. a registration or bank detail. */
  invoiceFooter: z.string().trim().max(1000).default(''),
});
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;
export const DEFAULT_SELLER_SETTINGS: SellerSettings = sellerSettingsSchema.parse({});

/**
 * Why an order has the tax it has:
 * - estimate: the spec's flat 8% (tax not set up, or the flat fallback);
 * - home: the home country's (and region's) rate;
 * - destination: the buyer's country's rate (a registration there, or the EU's OSS);
 * - reverse_charge: a business buyer with a valid VAT number in another EU country;
 * - not_registered: no registration where the buyer is and no fallback: no tax;
 * - stripe: amounts Stripe Tax decided.
 */
export const taxBases = [
  'estimate',
  'home',
  'destination',
  'reverse_charge',
  'not_registered',
  'stripe',
] as const;
export type TaxBasis = (typeof taxBases)[number];
