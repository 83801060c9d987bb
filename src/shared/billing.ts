import {
  countryFromInput,
  countryName,
  DEFAULT_COUNTRY_CODE,
  regionFromInput,
  regionLabel,
  regionsOf,
  usesPostalCode,
  type CountryCode,
} from './countries';

/** The billing details as the checkout request carries them (shared/checkout's schema). */
export interface BillingInput {
  firstName: string;
  lastName: string;
  company: string;
  address: string;
  apartment: string;
  city: string;
  country: string;
  /** The state or province by its ISO 3166-2 code (TX, ON, NSW) or English name. */
  region?: string | undefined;
  /** The field before regions had codes; read as the region when it names one. */
  state?: string | undefined;
  postalCode: string;
  phone: string;
  vatNumber?: string | undefined;
}

/** What checkout asks of a buyer, by the owner's tax settings and the kind of checkout. */
export interface BillingRequirements {
  /** The tax settings' requireFullAddress: street address, city, postal code, state and phone. */
  requireFullAddress: boolean;
  /** A cart checkout's form asks for names; Buy Now asks only where the buyer is. */
  checkoutType: 'cart' | 'direct';
}

export interface Billing {
  country: CountryCode;
  region: string | null;
  /** What the order keeps as its billing details: the country and region as codes. */
  details: Record<string, string>;
}

export type BillingResult =
  { ok: true; billing: Billing } | { ok: false; field: string; message: string };

export const billingMessages = {
  fillRequired: 'Please fill in all required fields',
  unknownCountry: (given: string) =>
    `Unknown country "${given}": use an ISO 3166-1 alpha-2 code such as DE`,
  unknownRegion: (given: string, country: string) =>
    `Unknown state or province "${given}" for ${countryName(country)}`,
  regionRequired: (country: string) =>
    `Please choose a ${regionLabel(country).toLowerCase()} for ${countryName(country)}`,
} as const;

/** The fields a form marks required for a country under the owner's settings. */
export function requiredBillingFields(
  country: string,
  { requireFullAddress, checkoutType }: BillingRequirements,
): (keyof BillingInput)[] {
  const fields: (keyof BillingInput)[] = ['country'];
  if (checkoutType === 'cart' || requireFullAddress) fields.push('firstName', 'lastName');
  if (regionsOf(country).length > 0) fields.push('region');
  if (requireFullAddress) {
    fields.push('address', 'city', 'phone');
    if (usesPostalCode(country)) fields.push('postalCode');
  }
  return fields;
}

const fail = (field: string, message: string): BillingResult => ({ ok: false, field, message });

/**
 * The billing details checked and normalised: the country as an alpha-2 code (the spec's four
 * English names are read too), the region as its code where the country has regions (an old
 * client's `state` counts when it names one), and every field the owner's settings require
 * filled. A request without billing details is an API client from before countries: its order
 * is in the United States, as the spec's default was, unless the owner requires an address.
 */
export function normaliseBilling(
  input: BillingInput | undefined,
  requirements: BillingRequirements,
): BillingResult {
  if (!input) {
    if (requirements.requireFullAddress)
      return fail('billingDetails', billingMessages.fillRequired);
    return { ok: true, billing: { country: DEFAULT_COUNTRY_CODE, region: null, details: {} } };
  }
  const country = countryFromInput(input.country);
  if (!country) return fail('country', billingMessages.unknownCountry(input.country));

  const { region: givenRegion, state, vatNumber, ...rest } = input;
  const hasRegions = regionsOf(country).length > 0;
  let region: string | null = null;
  if (givenRegion) {
    region = regionFromInput(country, givenRegion);
    if (hasRegions && !region)
      return fail('region', billingMessages.unknownRegion(givenRegion, country));
    // A country without a list keeps no region: there is nothing to check it against.
  } else if (state) {
    region = regionFromInput(country, state);
  }

  const details: Record<string, string> = { ...rest, country };
  if (region) details.region = region;
  // A free-text state the country has no list for stays as the buyer wrote it.
  else if (state && !hasRegions) details.state = state;
  if (vatNumber) details.vatNumber = vatNumber;

  for (const field of requiredBillingFields(country, requirements)) {
    if (field === 'region') {
      if (!region) {
        return state
          ? fail('state', billingMessages.unknownRegion(state, country))
          : fail('region', billingMessages.regionRequired(country));
      }
    } else if (!details[field]?.trim()) {
      return fail(field, billingMessages.fillRequired);
    }
  }
  return { ok: true, billing: { country, region, details } };
}
