import { describe, expect, it } from 'vitest';
import { cardBrandOfNumber, paymentCardLabel, paymentCardOfNumber } from './payment-card';
import { TEST_CARDS } from './test-cards';

describe('the brand of a card number', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000-0566-5566-5556', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['2721000000000000', 'unknown'],
    ['2220990000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000000', 'discover'],
    ['3566002020360505', 'jcb'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['6200000000000005', 'unionpay'],
    ['9999 9999 9999 9999', 'unknown'],
    ['', 'unknown'],
    ['abcd', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrandOfNumber(number)).toBe(brand);
  });

  it('keeps the brand and the last four digits of a number, never more of it', () => {
    const card = paymentCardOfNumber('4242 4242 4242 4242');
    expect(card).toEqual({ cardBrand: 'visa', cardLast4: '4242' });
    expect(JSON.stringify(card)).not.toContain(TEST_CARDS.success.slice(0, 8));
    expect(paymentCardOfNumber('3782-822463-10005')).toEqual({
      cardBrand: 'amex',
      cardLast4: '0005',
    });
    expect(paymentCardOfNumber('12')).toEqual({ cardBrand: 'unknown', cardLast4: null });
  });
});

describe('the payment method as the buyer reads it', () => {
  it.each([
    ['visa', '4242', 'Visa ending in 4242'],
    ['mastercard', '4444', 'Mastercard ending in 4444'],
    ['amex', '0005', 'American Express ending in 0005'],
    ['unknown', '1234', 'Card ending in 1234'],
    ['a_brand_not_known_yet', '1234', 'Card ending in 1234'],
    [null, '1234', 'Card ending in 1234'],
    ['visa', null, 'Visa'],
    [null, null, 'Card'],
    ['visa', '42424242', 'Visa'],
  ])('%s and %s read "%s"', (cardBrand, cardLast4, label) => {
    expect(paymentCardLabel({ cardBrand, cardLast4 })).toBe(label);
  });
});
