import { describe, expect, it } from 'vitest';
import type { Product } from './catalogue';
import { NO_MUSICAL_FACTS } from './music';
import { productStructuredData } from './structured-data';

const product = (ratingCount: number, ratingTotal: number): Product => ({
  id: 'p1',
  name: 'Dusty Keys',
  description: 'Warm keys.',
  priceCents: 2499,
  categoryId: null,
  category: null,
  imageUrl: '/media/products/dusty-keys-1.webp',
  fileSize: null,
  downloadLimit: 3,
  unlimitedForAccounts: false,
  isActive: true,
  metadata: {},
  music: NO_MUSICAL_FACTS,
  previewPeaks: null,
  isBundle: false,
  ratingCount,
  ratingTotal,
  createdAt: '2025-03-02T10:00:00.000Z',
  updatedAt: '2025-06-01T23:30:00.000Z',
});

const where = {
  url: 'https://shop.test/products/p1',
  publicUrl: 'https://shop.test',
  storeName: 'Shop',
};
const review = {
  rating: 4,
  title: 'Lovely',
  text: 'Warm and clean.',
  author: 'Ada L.',
  createdAt: '2026-11-20T08:30:00.000Z',
};

describe("a product's JSON-LD", () => {
  it('rates the product from its published reviews, with a few of them', () => {
    const data = productStructuredData(product(3, 13), { ...where, reviews: [review] });
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        name: 'Lovely',
        reviewBody: 'Warm and clean.',
        datePublished: '2026-11-20',
        author: { '@type': 'Person', name: 'Ada L.' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
    // What a validator reads: every rating within its bounds, a count of at least one.
    const rating = data.aggregateRating as { ratingValue: number; reviewCount: number };
    expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(rating.ratingValue).toBeLessThanOrEqual(5);
    expect(rating.reviewCount).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it('claims no rating and lists no review without published reviews', () => {
    const data = productStructuredData(product(0, 0), { ...where, reviews: [review] });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(data).toMatchObject({ '@type': 'Product', name: 'Dusty Keys' });
  });

  it('rates without review items when none were passed', () => {
    const data = productStructuredData(product(1, 5), where);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(data).not.toHaveProperty('review');
  });
});
