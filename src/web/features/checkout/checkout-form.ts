import { requiredBillingFields, type BillingInput } from '#shared/billing';
import { checkoutErrors } from '#shared/checkout';
import { DEFAULT_COUNTRY_CODE, isCountryCode, regionsOf, usesPostalCode } from '#shared/countries';
import type { CheckoutAsks } from '#shared/store';

/** The checkout form: contact email, billing details and an optional promo code. */
export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  address: string;
  apartment: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The state or province code, where the country has them. */
  region: string;
  postalCode: string;
  phone: string;
  vatNumber: string;
  promoCode: string;
}

/** Until the store says otherwise: the spec's form, with nothing beyond the names required. */
export const DEFAULT_CHECKOUT_ASKS: CheckoutAsks = {
  requireFullAddress: false,
  asksVatNumber: false,
  offersCartReminder: false,
};

export const emptyCheckoutForm = (promoCode = ''): CheckoutForm => ({
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  address: '',
  apartment: '',
  city: '',
  country: DEFAULT_COUNTRY_CODE,
  region: '',
  postalCode: '',
  phone: '',
  vatNumber: '',
  promoCode,
});

const BILLING_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'address',
  'apartment',
  'city',
  'postalCode',
  'phone',
  'vatNumber',
] as const satisfies (keyof CheckoutForm)[];

/**
 * The form filled in from a signed-in buyer's saved billing details (their last paid checkout's):
 * every billing field they kept, the country when it is one the form offers and the region when
 * it is one of that country's. The email and promo code stay as they are; every field stays
 * editable.
 */
export function withSavedBilling(
  form: CheckoutForm,
  details: Record<string, string>,
): CheckoutForm {
  const next = { ...form };
  for (const field of BILLING_TEXT_FIELDS) next[field] = details[field] ?? '';
  const country =
    details.country && isCountryCode(details.country) ? details.country : form.country;
  next.country = country;
  const region = details.region ?? '';
  next.region = regionsOf(country).some((r) => r.code === region) ? region : '';
  return next;
}

/** The fields the form marks required for its country under the owner's settings. */
export const requiredFields = (form: CheckoutForm, asks: CheckoutAsks) =>
  new Set<keyof BillingInput>(
    requiredBillingFields(form.country, {
      requireFullAddress: asks.requireFullAddress,
      checkoutType: 'cart',
    }),
  );

/**
 * Checkout submit: email, first and last name are required, and so is every field the owner's
 * settings require for the country (the server checks the same); the cart must hold something.
 */
export function checkoutFormError(
  form: CheckoutForm,
  lineCount: number,
  asks: CheckoutAsks = DEFAULT_CHECKOUT_ASKS,
): string | null {
  const billing = billingDetailsOf(form);
  const missing = [...requiredFields(form, asks)].some((field) => !billing[field]?.trim());
  if (!form.email.trim() || missing) return checkoutErrors.fillRequired;
  if (lineCount === 0) return 'Your cart is empty';
  return null;
}

/**
 * The billing details as the session request carries them: a region only where the country has
 * regions, a postal code only where it uses one, a VAT number only when given.
 */
export function billingDetailsOf({
  email: _email,
  promoCode: _promo,
  region,
  vatNumber,
  postalCode,
  ...billing
}: CheckoutForm): BillingInput {
  return {
    ...billing,
    postalCode: usesPostalCode(billing.country) ? postalCode : '',
    ...(region ? { region } : {}),
    ...(vatNumber.trim() ? { vatNumber: vatNumber.trim() } : {}),
  };
}
