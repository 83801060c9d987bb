import { describe, expect, it } from 'vitest';
import { billingDetailsSchema } from '#shared/checkout';
import {
  billingDetailsOf,
  checkoutFormError,
  emptyCheckoutForm,
  withSavedBilling,
} from './checkout-form';

const filled = {
  ...emptyCheckoutForm(),
  email: 'a@example.com',
  firstName: 'Ada',
  lastName: 'L',
  country: 'DE',
};
const full = { requireFullAddress: true, asksVatNumber: false, offersCartReminder: false };

describe('the checkout information form', () => {
  it('starts in the United States with the accepted promo code', () => {
    expect(emptyCheckoutForm('SAVE20')).toMatchObject({ country: 'US', promoCode: 'SAVE20' });
  });

  it.each(['email', 'firstName', 'lastName'] as const)('requires %s', (field) => {
    expect(checkoutFormError({ ...filled, [field]: '  ' }, 1)).toBe(
      'Please fill in all required fields',
    );
  });

  it('requires a state in the United States, and the address only when the owner does', () => {
    expect(checkoutFormError({ ...filled, country: 'US' }, 1)).toBe(
      'Please fill in all required fields',
    );
    expect(checkoutFormError({ ...filled, country: 'US', region: 'TX' }, 1)).toBeNull();
    expect(checkoutFormError(filled, 1, full)).toBe('Please fill in all required fields');
    const address = { address: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', phone: '1' };
    expect(checkoutFormError({ ...filled, ...address }, 1, full)).toBeNull();
    expect(
      checkoutFormError({ ...filled, ...address, country: 'HK', postalCode: '' }, 1, full),
    ).toBeNull();
  });

  it('refuses an empty cart, and passes a filled form with items', () => {
    expect(checkoutFormError(filled, 0)).toBe('Your cart is empty');
    expect(checkoutFormError(filled, 2)).toBeNull();
  });

  it('sends the billing details the request schema takes, without the email or promo code', () => {
    const billing = billingDetailsOf({
      ...filled,
      country: 'US',
      region: 'TX',
      promoCode: 'SAVE20',
      company: 'Analytical',
      vatNumber: ' DE123 ',
    });
    expect(billing).not.toHaveProperty('email');
    expect(billing).not.toHaveProperty('promoCode');
    expect(billingDetailsSchema.strict().parse(billing)).toMatchObject({
      company: 'Analytical',
      country: 'US',
      region: 'TX',
      vatNumber: 'DE123',
    });
  });

  it('sends no region, postal code or VAT number where there is none', () => {
    const billing = billingDetailsOf({ ...filled, country: 'HK', postalCode: '999077' });
    expect(billing).toMatchObject({ country: 'HK', postalCode: '' });
    expect(billing).not.toHaveProperty('region');
    expect(billing).not.toHaveProperty('vatNumber');
  });
});

describe('the form filled in from saved billing details', () => {
  const saved = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    address: '12 Congress Ave',
    apartment: 'Suite 3',
    city: 'Austin',
    country: 'US',
    region: 'TX',
    postalCode: '78701',
    phone: '+1 512 555 0100',
  };

  it('takes every saved field, keeps the email and promo code, and sends the same details back', () => {
    const form = withSavedBilling({ ...emptyCheckoutForm('SAVE20'), email: 'a@b.co' }, saved);
    expect(form).toEqual({ ...saved, email: 'a@b.co', promoCode: 'SAVE20', vatNumber: '' });
    expect(billingDetailsOf(form)).toEqual(saved);
  });

  it('drops a region the country does not have and a country the form does not offer', () => {
    expect(withSavedBilling(emptyCheckoutForm(), { ...saved, region: 'ZZ' }).region).toBe('');
    expect(withSavedBilling(emptyCheckoutForm(), { ...saved, country: 'Narnia' })).toMatchObject({
      country: 'US',
      region: 'TX',
    });
    expect(
      withSavedBilling(emptyCheckoutForm(), { firstName: 'Ada', country: 'DE' }),
    ).toMatchObject({ firstName: 'Ada', country: 'DE', region: '', city: '' });
  });
});
