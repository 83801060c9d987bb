import { describe, expect, it } from 'vitest';
import { cartMessages } from './cart';
import { normalizePromoCode, PROMO_CODE_MAX_LENGTH, promoCodeSchema } from './promo';

const messages = (code: unknown) => {
  const result = promoCodeSchema.safeParse(code);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('promoCodeSchema (the promo form and POST /api/promo-codes/validate)', () => {
  it('hands on the code trimmed, as typed', () => {
    expect(promoCodeSchema.safeParse('  Welcome10 ')).toEqual({ success: true, data: 'Welcome10' });
  });

  it.each(['', '   ', '\t\n'])('asks for a code when given %j', (blank) => {
    expect(messages(blank)).toEqual(['Please enter a promo code']);
  });

  it(`refuses a code longer than ${PROMO_CODE_MAX_LENGTH} characters as 'Invalid promo code'`, () => {
    expect(messages(`  ${'A'.repeat(PROMO_CODE_MAX_LENGTH)}  `)).toBeNull();
    expect(messages('A'.repeat(PROMO_CODE_MAX_LENGTH + 1))).toEqual([cartMessages.invalidPromo]);
    expect(cartMessages.invalidPromo).toBe('Invalid promo code');
  });

  it('refuses anything but a string', () => {
    expect(messages(20)).toHaveLength(1);
  });

  it('matches codes case-insensitively, stored upper-case', () => {
    expect(normalizePromoCode(' save20 ')).toBe('SAVE20');
  });
});
