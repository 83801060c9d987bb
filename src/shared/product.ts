import type { Product } from './catalogue';

export const PLACEHOLDER_IMAGE = '/media/placeholder.svg';
export const DEFAULT_CATEGORY_LABEL = 'Uncategorized';
export const DEFAULT_DOWNLOAD_LIMIT = 3;
export const MAX_CARD_TAGS = 3;

type PriceFields = Pick<Product, 'priceCents' | 'metadata'>;

/** imageUrl first, then metadata images, without repeats; the placeholder when there are none. */
export function productImages(product: Pick<Product, 'imageUrl' | 'metadata'>): string[] {
  const extra = Array.isArray(product.metadata.images) ? product.metadata.images : [];
  const all = [product.imageUrl, ...extra].filter(
    (url): url is string => typeof url === 'string' && url.length > 0,
  );
  const unique = [...new Set(all)];
  return unique.length > 0 ? unique : [PLACEHOLDER_IMAGE];
}

/** The price before the sale, when the product carries one above its price. */
export function originalPriceCents(product: PriceFields): number | null {
  const original = product.metadata.originalPrice;
  if (typeof original !== 'number' || !Number.isFinite(original)) return null;
  return original > product.priceCents ? Math.round(original) : null;
}

/** On sale when the metadata does not deny it and the original price is above the price. */
export function isOnSale(product: PriceFields): boolean {
  return product.metadata.isOnSale !== false && originalPriceCents(product) !== null;
}

/** The '-N% OFF' badge: (original − price) / original, rounded to a whole percent. */
export function discountPercent(product: PriceFields): number | null {
  const original = originalPriceCents(product);
  if (original === null) return null;
  return Math.round(((original - product.priceCents) / original) * 100);
}

export function isNew(product: Pick<Product, 'metadata'>): boolean {
  return product.metadata.isNew === true || product.metadata.isNew === 'true';
}

export function isFeatured(product: Pick<Product, 'metadata'>): boolean {
  return product.metadata.featured === true || product.metadata.featured === 'true';
}

/** The average of `count` ratings summing to `total`, to one decimal; 0 without ratings. */
export function averageRating(count: number, total: number): number {
  return count > 0 ? Math.round((total / count) * 10) / 10 : 0;
}

type RatingFields = Pick<Product, 'ratingCount' | 'ratingTotal'>;

/** The average of the product's published reviews, to one decimal; 0 without any. */
export function productRating(product: RatingFields): number {
  return averageRating(product.ratingCount, product.ratingTotal);
}

/** How many published reviews the product has. */
export function reviewCount(product: RatingFields): number {
  return product.ratingCount;
}

export function productTags(product: Pick<Product, 'metadata'>, max = Infinity): string[] {
  const tags = Array.isArray(product.metadata.tags) ? product.metadata.tags : [];
  return tags.filter((tag): tag is string => typeof tag === 'string').slice(0, max);
}

export function audioPreview(product: Pick<Product, 'metadata'>): string | null {
  const url = product.metadata.audioPreview;
  return typeof url === 'string' && url.length > 0 ? url : null;
}

/** The purchase limit as a number, or null when the product has none. */
export function purchaseLimit(product: Pick<Product, 'metadata'>): number | null {
  const raw = product.metadata.purchase_limit;
  if (raw === undefined || raw === null || raw === '') return null;
  const limit = Number(raw);
  return Number.isInteger(limit) && limit > 0 ? limit : null;
}

/** Digital when product_type is digital_download or the purchase limit is '1'. */
export function isDigital(product: Pick<Product, 'metadata'>): boolean {
  return (
    product.metadata.product_type === 'digital_download' ||
    String(product.metadata.purchase_limit) === '1'
  );
}

export function categoryLabel(product: Pick<Product, 'category'>): string {
  return product.category?.name ?? DEFAULT_CATEGORY_LABEL;
}

/** Bytes shown in MB with one decimal: bytes / 1024². */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return 'Unknown';
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
