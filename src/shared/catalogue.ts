import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  FEATURED_DEFAULT,
  PRODUCT_PAGE_SIZE,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
} from './catalogue-limits';
import { daws, formats, genres, instruments, musicKeys, systems } from './music';

export const productSortFields = ['created_at', 'updated_at', 'price', 'name'] as const;
export type ProductSortField = (typeof productSortFields)[number];

export const productListQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  q: z.string().trim().max(SEARCH_MAX_CHARS).optional(),
  sortBy: z.enum(productSortFields).optional(),
  /** Descending unless 'asc' (SPEC §7). */
  sortOrder: z
    .string()
    .max(10)
    .optional()
    .transform((order): 'asc' | 'desc' => (order?.toLowerCase() === 'asc' ? 'asc' : 'desc')),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

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

/** What SPEC §3 lets a product's metadata carry. Money inside metadata is integer cents. */
export const productMetadataSchema = z.looseObject({
  product_type: z.string().optional(),
  /** A whole number held as text, as the spec has it: '1' marks a single-copy download. */
  purchase_limit: z.string().optional(),
  /** The price before a sale, in cents. */
  originalPrice: z.number().optional(),
  isOnSale: z.boolean().optional(),
  isNew: z.union([z.boolean(), z.string()]).optional(),
  featured: z.union([z.boolean(), z.string()]).optional(),
  rating: z.number().optional(),
  reviewCount: z.number().optional(),
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
  categoryId: z.string().nullable(),
  category: categorySchema.nullable(),
  imageUrl: z.string().nullable(),
  /** Size of the downloadable file in bytes. */
  fileSize: z.number().int().nullable(),
  downloadLimit: z.number().int(),
  isActive: z.boolean(),
  metadata: productMetadataSchema,
  music: musicalFactsSchema,
  /**
   * The audio preview's waveform (#shared/waveform), base64 peaks: CARD_PEAKS of them in lists,
   * PREVIEW_PEAKS on a product's own answer; null without a preview.
   */
  previewPeaks: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * What a search understood of its text besides words (#shared/music-query): the tempo typed
 * (min = max for one), the key, genres and instruments, each a filter of the results.
 */
export const understoodSearchSchema = z.object({
  bpm: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  key: z.enum(musicKeys).nullable(),
  genres: z.array(z.enum(genres.values)),
  instruments: z.array(z.enum(instruments.values)),
});
export type UnderstoodSearch = z.infer<typeof understoodSearchSchema>;

export const productPageSchema = z.object({
  data: z.array(productSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
  /** With `q`: what the search understood of it. */
  understood: understoodSearchSchema.optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** SPEC §3 search result, with the price in cents. */
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
