import { checkoutErrors, DEFAULT_COUNTRY, type COUNTRIES } from '#shared/checkout';

/** The checkout form: contact email, billing details and an optional promo code. */
export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  address: string;
  apartment: string;
  city: string;
  country: (typeof COUNTRIES)[number];
  state: string;
  postalCode: string;
  phone: string;
  promoCode: string;
}

export const emptyCheckoutForm = (promoCode = ''): CheckoutForm => ({
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  address: '',
  apartment: '',
  city: '',
  country: DEFAULT_COUNTRY,
  state: '',
  postalCode: '',
  phone: '',
  promoCode,
});

/**
 * Checkout submit: email, first and last name are required, and the cart must hold
 * something. The other required fields are the browser's to insist on.
 */
export function checkoutFormError(form: CheckoutForm, lineCount: number): string | null {
  if (!form.email.trim() || !form.firstName.trim() || !form.lastName.trim()) {
    return checkoutErrors.fillRequired;
  }
  if (lineCount === 0) return 'Your cart is empty';
  return null;
}

/** The billing details as the session request carries them. */
export function billingDetailsOf({ email: _email, promoCode: _promo, ...billing }: CheckoutForm) {
  return billing;
}
