import { describe, expect, it } from 'vitest';
import type { AdminPromoCode } from '#shared/admin-promos';
import { emptyPromoForm, localDateTime, promoFormValues, promoInput } from './promo-form-values';

describe('promo form values', () => {
  it('sends empty dates and an empty limit as none, and numbers as numbers', () => {
    expect(promoInput({ ...emptyPromoForm, code: 'SPRING', percentOff: ' 15 ' })).toEqual({
      code: 'SPRING',
      percentOff: 15,
      amountOffCents: null,
      startsAt: null,
      expiresAt: null,
      maxRedemptions: null,
      oncePerCustomer: false,
      isActive: true,
      productIds: [],
      categoryIds: [],
    });
  });

  it('sends text that is no number or date as typed, for the schema to refuse', () => {
    const input = promoInput({
      ...emptyPromoForm,
      percentOff: 'ten',
      maxRedemptions: 'lots',
      startsAt: 'soon',
    });
    expect(input.percentOff).toBeNaN();
    expect(input.maxRedemptions).toBeNaN();
    expect(input.startsAt).toBe('soon');
  });

  it('sends a fixed amount in cents and no percent; an amount that is no money as NaN', () => {
    const fixed = { ...emptyPromoForm, kind: 'amount' as const, percentOff: '15' };
    expect(promoInput({ ...fixed, amountOff: '5' })).toMatchObject({
      percentOff: null,
      amountOffCents: 500,
    });
    expect(promoInput({ ...fixed, amountOff: '12.34' }).amountOffCents).toBe(1234);
    expect(promoInput({ ...fixed, amountOff: 'five' }).amountOffCents).toBeNaN();
    expect(promoInput({ ...fixed, amountOff: '' }).amountOffCents).toBeNaN();
    expect(
      promoFormValues({ percentOff: null, amountOffCents: 250 } as unknown as AdminPromoCode),
    ).toMatchObject({ kind: 'amount', amountOff: '2.50', percentOff: '' });
  });

  it("shows an instant in the browser's time zone and sends it back as the same instant", () => {
    const startsAt = '2030-03-04T05:06:00.000Z';
    const shown = localDateTime(startsAt);
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(promoInput({ ...emptyPromoForm, startsAt: shown }).startsAt).toBe(startsAt);
    expect(localDateTime(null)).toBe('');
  });

  it("fills the form from a saved code's terms", () => {
    const promo = {
      code: 'SPRING',
      percentOff: 20,
      amountOffCents: null,
      isActive: false,
      startsAt: null,
      expiresAt: null,
      maxRedemptions: 50,
      oncePerCustomer: true,
      productIds: ['p'],
      categoryIds: ['c'],
    } as Partial<AdminPromoCode> as AdminPromoCode;
    expect(promoFormValues(promo)).toEqual({
      code: 'SPRING',
      kind: 'percent',
      percentOff: '20',
      amountOff: '',
      startsAt: '',
      expiresAt: '',
      maxRedemptions: '50',
      oncePerCustomer: true,
      isActive: false,
      productIds: ['p'],
      categoryIds: ['c'],
    });
  });
});
