/**
 * schema.org descriptions of the store's pages, as JSON-LD, for search engines: a product with
 * its offer and rating, the breadcrumb trail, and the store itself (Organization, and WebSite
 * with its search). Pure: the pages pass the absolute URLs (from PUBLIC_URL).
 */
import type { Product } from './catalogue';
import { productImages, productRating, reviewCount } from './product';
import type { Review } from './reviews';
import { SEARCH_RESULTS_PATH } from './product-search';

/** The currency every catalogue price is in (orders default to it too). */
export const CATALOGUE_CURRENCY = 'USD';

type JsonLd = Record<string, unknown>;

/** An absolute URL for a path of this store (an absolute URL is kept as it is). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/** Cents as schema.org wants a price: a decimal string with a dot, no currency sign. */
const decimalPrice = (cents: number) => (cents / 100).toFixed(2);

/** A published review as schema.org's Review: its stars, title, text, author and date. */
function reviewStructuredData(review: StructuredReview): JsonLd {
  return {
    '@type': 'Review',
    name: review.title,
    reviewBody: review.text,
    datePublished: review.createdAt.slice(0, 10),
    author: { '@type': 'Person', name: review.author },
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

type StructuredReview = Pick<Review, 'rating' | 'title' | 'text' | 'author' | 'createdAt'>;

/**
 * A product with its offer, and, when it has published reviews, their aggregate rating (from
 * the product's counted columns) and a few of them (`reviews`, the newest).
 */
export function productStructuredData(
  product: Product,
  {
    url,
    publicUrl,
    storeName,
    reviews: shown = [],
  }: { url: string; publicUrl: string; storeName: string; reviews?: readonly StructuredReview[] },
): JsonLd {
  const rating = productRating(product);
  const reviews = reviewCount(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: product.description,
    sku: product.id,
    url,
    image: productImages(product).map((image) => absoluteUrl(publicUrl, image)),
    ...(product.category ? { category: product.category.name } : {}),
    brand: { '@type': 'Brand', name: storeName },
    offers: {
      '@type': 'Offer',
      url,
      price: decimalPrice(product.priceCents),
      priceCurrency: CATALOGUE_CURRENCY,
      // A download never runs out.
      availability: product.isActive
        ? 'https://schema.org/InStock'
        : 'https://schema.org/Discontinued',
      seller: { '@type': 'Organization', name: storeName },
    },
    // Google refuses a rating without reviews behind it.
    ...(rating > 0 && reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating,
            reviewCount: reviews,
            bestRating: 5,
            worstRating: 1,
          },
          ...(shown.length > 0 ? { review: shown.map(reviewStructuredData) } : {}),
        }
      : {}),
  };
}

/** The trail of links to a page, first the home page; the last is the page itself. */
export function breadcrumbStructuredData(trail: { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** The store as an organization, and the site with its product search (home page). */
export function storeStructuredData({
  publicUrl,
  storeName,
  supportEmail,
  logo,
  sameAs = [],
  description,
}: {
  publicUrl: string;
  storeName: string;
  supportEmail: string;
  logo: string;
  /** The store's profiles elsewhere (the store settings' social and community links). */
  sameAs?: string[];
  description?: string;
}): JsonLd[] {
  const home = absoluteUrl(publicUrl, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${home}#organization`,
      name: storeName,
      url: home,
      logo: absoluteUrl(publicUrl, logo),
      ...(description ? { description } : {}),
      ...(sameAs.length > 0 ? { sameAs } : {}),
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: supportEmail,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: storeName,
      url: home,
      publisher: { '@id': `${home}#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${absoluteUrl(publicUrl, SEARCH_RESULTS_PATH)}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** JSON that can sit inside a <script> element: no '<' to close it early. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
