import { describe, expect, it } from 'vitest';
import { orderRatingClaim } from './order-rating';

describe('the rating claim', () => {
  it("states the store's average of its published reviews and their number", () => {
    // 4 reviews, 17 stars: 4.25, shown as 4.3.
    expect(orderRatingClaim({ count: 4, total: 17 })).toBe(
      'Producers rate our products 4.3 out of 5, from 4 reviews by verified buyers.',
    );
    expect(orderRatingClaim({ count: 1, total: 5 })).toBe(
      'Producers rate our products 5.0 out of 5, from 1 review by verified buyers.',
    );
    expect(orderRatingClaim({ count: 1922, total: 8259 })).toBe(
      'Producers rate our products 4.3 out of 5, from 1,922 reviews by verified buyers.',
    );
  });

  it('claims nothing without reviews, or before the answer is known', () => {
    expect(orderRatingClaim({ count: 0, total: 0 })).toBeNull();
    expect(orderRatingClaim(null)).toBeNull();
    expect(orderRatingClaim(undefined)).toBeNull();
  });
});
