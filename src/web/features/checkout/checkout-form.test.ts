import { describe, expect, it } from 'vitest';
import { billingDetailsSchema } from '#shared/checkout';
import { billingDetailsOf, checkoutFormError, emptyCheckoutForm } from './checkout-form';

const filled = { ...emptyCheckoutForm(), email: 'a@example.com', firstName: 'Ada', lastName: 'L' };

describe('the checkout information form', () => {
  it('starts in the United States with the accepted promo code', () => {
    expect(emptyCheckoutForm('SAVE20')).toMatchObject({
      country: 'United States',
      promoCode: 'SAVE20',
    });
  });

  it.each(['email', 'firstName', 'lastName'] as const)('requires %s', (field) => {
    expect(checkoutFormError({ ...filled, [field]: '  ' }, 1)).toBe(
      'Please fill in all required fields',
    );
  });

  it('refuses an empty cart, and passes a filled form with items', () => {
    expect(checkoutFormError(filled, 0)).toBe('Your cart is empty');
    expect(checkoutFormError(filled, 2)).toBeNull();
  });

  it('sends the billing details the request schema takes, without the email or promo code', () => {
    const billing = billingDetailsOf({ ...filled, promoCode: 'SAVE20', company: 'Analytical' });
    expect(billing).not.toHaveProperty('email');
    expect(billing).not.toHaveProperty('promoCode');
    expect(billingDetailsSchema.strict().parse(billing)).toMatchObject({ company: 'Analytical' });
  });
});
