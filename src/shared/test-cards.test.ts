import { describe, expect, it } from 'vitest';
import {
  COUNTRY_TEST_CARDS,
  cardFormError,
  cardProblem,
  passesLuhn,
  testCardOutcome,
} from './test-cards';

const now = new Date(2026, 10, 22);
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', nameOnCard: 'Ada' };

describe('test cards', () => {
  it('check the number with Luhn', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhn('4000-0000-0000-0002')).toBe(true);
    expect(passesLuhn('abcd')).toBe(false);
  });

  it.each([
    [{}, null],
    [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ expiry: '13/30' }, "Your card's expiration date is invalid."],
    [{ expiry: '10/26' }, 'Your card has expired.'],
    [{ expiry: '11/2026' }, null],
    [{ cvc: '12' }, "Your card's security code is invalid."],
    [{ cvc: '1234' }, null],
    [{ nameOnCard: '' }, 'Please enter the name on the card.'],
  ])('%o → %s', (change, expected) => {
    expect(cardFormError({ ...card, ...change }, now)).toBe(expected);
  });

  it.each([
    [{ cardNumber: '' }, 'cardNumber'],
    [{ expiry: '13/30' }, 'expiry'],
    [{ expiry: '10/26' }, 'expiry'],
    [{ cvc: '' }, 'cvc'],
    [{ nameOnCard: '' }, 'nameOnCard'],
  ])('%o names the field %s', (change, field) => {
    expect(cardProblem({ ...card, ...change }, now)?.field).toBe(field);
  });

  it("give Stripe's test numbers their meanings", () => {
    expect(testCardOutcome('4242424242424242')).toEqual({ paid: true, country: 'US' });
    expect(testCardOutcome('4000 0000 0000 0002')).toEqual({
      paid: false,
      message: 'Your card was declined.',
    });
    expect(testCardOutcome('4000000000009995')).toEqual({
      paid: false,
      message: 'Your card has insufficient funds.',
    });
    expect(testCardOutcome('5555555555554444')).toMatchObject({ paid: false });
  });

  it("pay with Stripe's country test cards and report their issuing country", () => {
    expect(testCardOutcome('4000 0027 6000 0016')).toEqual({ paid: true, country: 'DE' });
    expect(testCardOutcome('4000002500000003')).toEqual({ paid: true, country: 'FR' });
    expect(testCardOutcome('4000008260000000')).toEqual({ paid: true, country: 'GB' });
    expect(testCardOutcome('4000003920000003')).toEqual({ paid: true, country: 'JP' });
    expect(testCardOutcome('4000000760000002')).toEqual({ paid: true, country: 'BR' });
    for (const number of Object.keys(COUNTRY_TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
  });
});
