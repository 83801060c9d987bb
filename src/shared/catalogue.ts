import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  FEATURED_DEFAULT,
  PRODUCT_PAGE_SIZE,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
} from './catalogue-limits';
import { BPM_LIMITS, daws, formats, genres, instruments, musicKeys, systems } from './music';

import { facetNames, facetSortFields } from './facets';
import { productFormatSchema } from './versions';
import { productPromisesSchema } from './promises';

export { productSortFields, type ProductSortField } from './catalogue-sorts';
export { facetNames, facetSortFields, type FacetName, type FacetSortField } from './facets';

/** At most this many values of one facet in a request. */
const FACET_VALUES_MAX = 30;
const PRICE_CENTS_MAX = 100_000_000;

/** A repeatable query parameter (`?genre=trap&genre=house`), each value one of `values`. */
function facetValues<const T extends readonly string[]>(values: T, what: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((given) => (given === undefined ? [] : Array.isArray(given) ? given : [given]))
    .pipe(
      z
        .array(z.string())
        .max(FACET_VALUES_MAX, `At most ${FACET_VALUES_MAX} values of ${what}`)
        .refine((given) => given.every((value) => values.includes(value)), {
          error: (issue) => {
            const given = issue.input as string[];
            return `Unknown ${what}: ${given.find((value) => !values.includes(value))}`;
          },
        }),
    ) as unknown as z.ZodType<T[number][], string | string[] | undefined>;
}

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`)
    .optional();

export const productListQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  q: z.string().trim().max(SEARCH_MAX_CHARS).optional(),
  sortBy: z.enum(facetSortFields).optional(),
  /** 'asc' or 'desc', in any case; descending when left out. */
  sortOrder: z
    .string()
    .max(10)
    .toLowerCase()
    .pipe(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }))
    .default('desc'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  // The facets. Any of them, a sort by bpm or popularity, or facets=true answers
  // with the live counts (ProductPage.facets).
  genre: facetValues(genres.values, 'genre'),
  instrument: facetValues(instruments.values, 'instrument'),
  key: facetValues(musicKeys, 'key'),
  format: facetValues(formats.values, 'format'),
  os: facetValues(systems.values, 'os'),
  /** Products whose tempo range overlaps bpmMin..bpmMax. */
  bpmMin: wholeNumber('bpmMin', BPM_LIMITS.min, BPM_LIMITS.max),
  bpmMax: wholeNumber('bpmMax', BPM_LIMITS.min, BPM_LIMITS.max),
  /** Price bounds in cents, inclusive. */
  priceMin: wholeNumber('priceMin', 0, PRICE_CENTS_MAX),
  priceMax: wholeNumber('priceMax', 0, PRICE_CENTS_MAX),
  onSale: z.enum(['true', 'false'], { error: 'onSale must be true or false' }).optional(),
  facets: z.enum(['true', 'false'], { error: 'facets must be true or false' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Whether a list request asks for facets: a facet filter, a facet-only sort, or facets=true. */
export function wantsFacets(query: ProductListQuery): boolean {
  return (
    query.facets === 'true' ||
    query.onSale === 'true' ||
    facetNames.some((name) => query[name].length > 0) ||
    [query.bpmMin, query.bpmMax, query.priceMin, query.priceMax].some((v) => v !== undefined) ||
    query.sortBy === 'bpm' ||
    query.sortBy === 'popularity'
  );
}

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

const rangeSchema = z.object({
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
});

/**
 * The live counts of a filtered list: each facet's every value with how many products it would
 * show under the other facets' filters (the value's own facet left out, as shops count), the
 * tempo and price ranges under the other filters, and how many of those are on sale.
 */
export const productFacetsSchema = z.object({
  genre: z.array(facetCountSchema),
  instrument: z.array(facetCountSchema),
  key: z.array(facetCountSchema),
  format: z.array(facetCountSchema),
  os: z.array(facetCountSchema),
  /** The lowest bpm_min and highest bpm_max of products with a tempo. */
  bpm: rangeSchema,
  /** The lowest and highest price in cents. */
  price: rangeSchema,
  onSale: z.number().int(),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const featuredQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(FEATURED_DEFAULT),
});

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_CHARS, `Search needs at least ${SEARCH_MIN_CHARS} characters`)
    .max(SEARCH_MAX_CHARS),
});

/** What a product's metadata may carry. Money inside metadata is integer cents. */
export const productMetadataSchema = z.looseObject({
  product_type: z.string().optional(),
  /** A whole number held as text: '1' marks a single-copy download. */
  purchase_limit: z.string().optional(),
  /** The price before a sale, in cents. */
  originalPrice: z.number().optional(),
  isOnSale: z.boolean().optional(),
  isNew: z.union([z.boolean(), z.string()]).optional(),
  featured: z.union([z.boolean(), z.string()]).optional(),
  tags: z.array(z.string()).optional(),
  /** Further image URLs after imageUrl. */
  images: z.array(z.string()).optional(),
  /** URL of a playable audio preview. */
  audioPreview: z.string().optional(),
});
export type ProductMetadata = z.infer<typeof productMetadataSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** A product's musical facts (#shared/music), as every product answer carries them. */
export const musicalFactsSchema = z.object({
  bpmMin: z.number().int().nullable(),
  bpmMax: z.number().int().nullable(),
  key: z.enum(musicKeys).nullable(),
  genres: z.array(z.enum(genres.values)),
  instruments: z.array(z.enum(instruments.values)),
  formats: z.array(z.enum(formats.values)),
  systems: z.array(z.enum(systems.values)),
  daws: z.array(z.enum(daws.values)),
});

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  /**
   * Pay what you want (#shared/pay-what-you-want): the least a buyer may pay and the amount
   * above which they confirm; priceCents is the suggested amount. Null: sold at its price.
   */
  payWhatYouWant: z
    .object({ minimumCents: z.number().int(), confirmAboveCents: z.number().int().nullable() })
    .nullable()
    .optional(),
  categoryId: z.string().nullable(),
  category: categorySchema.nullable(),
  imageUrl: z.string().nullable(),
  /** Size of the downloadable file in bytes. */
  fileSize: z.number().int().nullable(),
  downloadLimit: z.number().int(),
  /** Re-downloads without a count for a signed-in owner; `downloadLimit` holds for guest links. */
  unlimitedForAccounts: z.boolean(),
  isActive: z.boolean(),
  metadata: productMetadataSchema,
  music: musicalFactsSchema,
  /**
   * The audio preview's waveform (#shared/waveform), base64 peaks: CARD_PEAKS of them in lists,
   * PREVIEW_PEAKS on a product's own answer; null without a preview.
   */
  previewPeaks: z.string().nullable(),
  /** A bundle of other products (bundle_items, #shared/bundles): its card says "Bundle". */
  isBundle: z.boolean(),
  /**
   * Its published reviews (#shared/reviews): how many, and the sum of their stars, kept by the
   * database as reviews are written, hidden and removed (migration 0033).
   */
  ratingCount: z.number().int(),
  ratingTotal: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The product's own answer only: the files (formats, platforms' installers) of its latest
   * available version, in the owner's order; empty for a product without versions.
   */
  files: z.array(productFormatSchema).optional(),
  /** The product's own answer only: its Overview's feature points, in the owner's order. */
  features: z.array(z.string()).optional(),
  /**
   * The product's own answer only: the money-back guarantee and free updates it promises, its
   * own or the store's (#shared/promises productPromises).
   */
  promises: productPromisesSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * What a search understood of its text besides words (#shared/music-query): the tempo typed
 * (min = max for one), the key, genres and instruments, each a filter of the results; and the
 * words left for the text search ('' when the filters are all there is).
 */
export const understoodSearchSchema = z.object({
  bpm: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  key: z.enum(musicKeys).nullable(),
  genres: z.array(z.enum(genres.values)),
  instruments: z.array(z.enum(instruments.values)),
  words: z.string(),
});
export type UnderstoodSearch = z.infer<typeof understoodSearchSchema>;

export const productPageSchema = z.object({
  data: z.array(productSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
  /** With facets asked for (wantsFacets): the live counts. */
  facets: productFacetsSchema.optional(),
  /** With `q`: what the search understood of it. */
  understood: understoodSearchSchema.optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** One result of the search overlay, with the price in cents. */
export const searchResultSchema = z.object({
  id: z.string(),
  type: z.literal('product'),
  title: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  image: z.string(),
  url: z.string(),
  category: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /api/search: up to six results, and what the search understood of the text. */
export const searchResponseSchema = z.object({
  data: z.array(searchResultSchema),
  understood: understoodSearchSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
