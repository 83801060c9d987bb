import { describe, expect, it } from 'vitest';
import { promoStatus } from './admin-promos';
import { promoRefusal, promoRefusalMessage, type PromoTerms } from './promo-rules';

const now = new Date('2026-06-01T12:00:00Z');
const hour = 3_600_000;
const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  isActive: true,
  startsAt: null,
  expiresAt: null,
  maxRedemptions: null,
  redemptions: 0,
  productIds: [],
  categoryIds: [],
  oncePerCustomer: false,
  ...over,
});
const line = (productId: string, categoryId: string | null = null) => ({
  productId,
  categoryId,
  name: `Product ${productId}`,
});

describe('promoRefusal (where the store applies a code)', () => {
  it.each([
    ['a plain code', terms(), null],
    ['a switched-off code', terms({ isActive: false }), 'inactive'],
    ['before its start', terms({ startsAt: new Date(now.getTime() + 1) }), 'not-started'],
    ['at its start', terms({ startsAt: now }), null],
    ['at its end', terms({ expiresAt: now }), 'ended'],
    ['before its end', terms({ expiresAt: new Date(now.getTime() + hour) }), null],
    ['at its cap', terms({ maxRedemptions: 3, redemptions: 3 }), 'used-up'],
    ['under its cap', terms({ maxRedemptions: 3, redemptions: 2 }), null],
  ])('%s: %s', (_case, code, reason) => {
    expect(promoRefusal(code, { now })?.reason ?? null).toBe(reason);
  });

  it('takes an order with a line among its products or categories, mixed carts too; refuses one with none', () => {
    const scoped = terms({ productIds: ['p1'], categoryIds: ['c1'] });
    expect(promoRefusal(scoped, { now, lines: [line('p1'), line('p2', 'c1')] })).toBeNull();
    expect(promoRefusal(scoped, { now, lines: [line('p1'), line('p3', 'c2')] })).toBeNull();
    expect(promoRefusal(scoped, { now, lines: [line('p3', 'c2')] })).toEqual({
      reason: 'not-in-scope',
      productName: 'Product p3',
    });
    expect(promoRefusal(scoped, { now, lines: [line('p3', 'c2'), line('p4')] })).toEqual({
      reason: 'not-in-scope',
      productName: null,
    });
    expect(promoRefusal(scoped, { now, lines: [] })).toBeNull();
    expect(promoRefusal(terms(), { now, lines: [line('p3')] })).toBeNull();
  });

  it('refuses a once-per-customer code to a customer who used it, and leaves an unknown customer to checkout', () => {
    const once = terms({ oncePerCustomer: true });
    expect(promoRefusal(once, { now, usedByCustomer: true })?.reason).toBe('used-by-customer');
    expect(promoRefusal(once, { now, usedByCustomer: false })).toBeNull();
    expect(promoRefusal(once, { now })).toBeNull();
    expect(promoRefusal(terms(), { now, usedByCustomer: true })).toBeNull();
  });

  it("words each refusal: the caller's own message for an unknown, off or used-up code", () => {
    const words = (reason: Parameters<typeof promoRefusalMessage>[0], expired?: string) =>
      promoRefusalMessage(reason, { invalid: 'Invalid promo code', expired });
    expect(words({ reason: 'inactive' })).toBe('Invalid promo code');
    expect(words({ reason: 'used-up' })).toBe('Invalid promo code');
    expect(words({ reason: 'ended' })).toBe('This promo code has expired');
    expect(words({ reason: 'ended' }, 'Invalid or expired promo code')).toBe(
      'Invalid or expired promo code',
    );
    expect(words({ reason: 'not-started' })).toBe('This promo code is not active yet');
    expect(words({ reason: 'used-by-customer' })).toBe('You have already used this promo code');
    expect(words({ reason: 'not-in-scope', productName: 'Bass Pack' })).toBe(
      'This promo code does not apply to Bass Pack',
    );
    expect(words({ reason: 'not-in-scope', productName: null })).toBe(
      'This promo code does not apply to any item in your cart',
    );
  });

  it("gives the admin list's status from the same rules", () => {
    expect(promoStatus(terms(), now)).toBe('active');
    expect(promoStatus(terms({ isActive: false, expiresAt: now }), now)).toBe('inactive');
    expect(promoStatus(terms({ startsAt: new Date(now.getTime() + hour) }), now)).toBe('scheduled');
    expect(promoStatus(terms({ expiresAt: now }), now)).toBe('ended');
    expect(promoStatus(terms({ maxRedemptions: 1, redemptions: 1 }), now)).toBe('used-up');
  });
});
