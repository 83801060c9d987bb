import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product, ProductMetadata } from './catalogue';
import {
  categoryLabel,
  discountPercent,
  formatFileSize,
  isDigital,
  isOnSale,
  PLACEHOLDER_IMAGE,
  productImages,
  productTags,
  purchaseLimit,
} from './product';

const priced = (priceCents: number, metadata: ProductMetadata = {}) => ({ priceCents, metadata });

describe('productImages', () => {
  it.each([
    [
      'imageUrl first, then metadata images',
      '/a.svg',
      ['/b.svg', '/c.svg'],
      ['/a.svg', '/b.svg', '/c.svg'],
    ],
    ['no repeats', '/a.svg', ['/a.svg', '/b.svg'], ['/a.svg', '/b.svg']],
    ['metadata images alone', null, ['/b.svg'], ['/b.svg']],
    ['the placeholder when there are none', null, [], [PLACEHOLDER_IMAGE]],
    ['empty strings ignored', '', [''], [PLACEHOLDER_IMAGE]],
  ])('%s', (_label, imageUrl, images, expected) => {
    expect(productImages({ imageUrl, metadata: { images } })).toEqual(expected);
  });
});

describe('isOnSale and discountPercent', () => {
  it.each([
    [2999, { originalPrice: 3999, isOnSale: true }, true, 25],
    [2999, { originalPrice: 3999 }, true, 25],
    [2999, { originalPrice: 3999, isOnSale: false }, false, 25],
    [2999, { originalPrice: 2999, isOnSale: true }, false, null],
    [2999, { originalPrice: 1999, isOnSale: true }, false, null],
    [2999, { isOnSale: true }, false, null],
    [1000, { originalPrice: 3000 }, true, 67],
    [1, { originalPrice: 200 }, true, 100],
  ])('price %i with %o: on sale %s, %s%% off', (price, metadata, sale, percent) => {
    expect(isOnSale(priced(price, metadata))).toBe(sale);
    expect(discountPercent(priced(price, metadata))).toBe(percent);
  });

  it('rounds the discount to a whole percent between 0 and 100 for any price below the original', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (a, b) => {
          const [price, original] = a < b ? [a, b] : [b, a + 1];
          const percent = discountPercent(priced(price, { originalPrice: original }));
          expect(percent).toBe(Math.round(((original - price) / original) * 100));
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [1572864, '1.5 MB'],
    [52_428_800, '50.0 MB'],
    [123_456, '0.1 MB'],
    [null, 'Unknown'],
  ])('%s bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('isDigital and purchaseLimit', () => {
  it.each([
    [{ product_type: 'digital_download' }, true, null],
    [{ purchase_limit: '1' }, true, 1],
    [{ purchase_limit: '5' }, false, 5],
    [{ product_type: 'digital_download', purchase_limit: '5' }, true, 5],
    [{ product_type: 'physical' }, false, null],
    [{ purchase_limit: 'many' }, false, null],
    [{}, false, null],
  ])('%o → digital %s, limit %s', (metadata, digital, limit) => {
    expect(isDigital({ metadata })).toBe(digital);
    expect(purchaseLimit({ metadata })).toBe(limit);
  });
});

describe('productTags and categoryLabel', () => {
  it('keeps at most the asked number of tags, strings only', () => {
    const metadata = { tags: ['a', 'b', 'c', 'd'] };
    expect(productTags({ metadata }, 3)).toEqual(['a', 'b', 'c']);
  });

  it("labels a product without a category 'Uncategorized'", () => {
    expect(categoryLabel({ category: null } as Pick<Product, 'category'>)).toBe('Uncategorized');
  });
});
