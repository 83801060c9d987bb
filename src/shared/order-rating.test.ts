import { describe, expect, it } from 'vitest';
import { orderRatingClaim } from './order-rating';

const item = (productId: string, name: string, rating: number, reviewCount: number) => ({
  productId,
  name,
  rating,
  reviewCount,
});

describe('the rating claim', () => {
  it('names the one product bought with its catalogue rating and review count', () => {
    expect(orderRatingClaim([item('a', 'Dusty Soul Sample Pack', 4.8, 312)])).toBe(
      'Producers rate Dusty Soul Sample Pack 4.8 out of 5, from 312 reviews.',
    );
    expect(orderRatingClaim([item('a', 'Tape Loops', 5, 1)])).toBe(
      'Producers rate Tape Loops 5.0 out of 5, from 1 review.',
    );
  });

  it('weighs several products by their reviews, and counts a product bought twice once', () => {
    // (4.8 × 312 + 4.2 × 1,610) / 1,922 = 4.297…, so 4.3.
    const claim = orderRatingClaim([
      item('a', 'Dusty Soul Sample Pack', 4.8, 312),
      item('b', 'Analog Bass Synth', 4.2, 1610),
      item('b', 'Analog Bass Synth', 4.2, 1610),
    ]);
    expect(claim).toBe(
      'Producers rate these products 4.3 out of 5 on average, from 1,922 reviews.',
    );
  });

  it('leaves out products without ratings, and claims nothing when none has one', () => {
    expect(orderRatingClaim([item('a', 'Unrated', 0, 0), item('b', 'Rated', 4.5, 10)])).toBe(
      'Producers rate Rated 4.5 out of 5, from 10 reviews.',
    );
    expect(orderRatingClaim([item('a', 'No reviews', 4.9, 0)])).toBeNull();
    expect(orderRatingClaim([item('a', 'Out of range', 7, 10)])).toBeNull();
    expect(orderRatingClaim([])).toBeNull();
  });
});
