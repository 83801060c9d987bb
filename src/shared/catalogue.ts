import { z } from 'zod';

/** Constants of SPEC §9 for catalogue reads. */
export const PRODUCT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const FEATURED_DEFAULT = 3;
export const RELATED_COUNT = 3;
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_RESULT_COUNT = 6;
export const SEARCH_DEBOUNCE_MS = 300;

export const productSortFields = ['created_at', 'updated_at', 'price', 'name'] as const;
export type ProductSortField = (typeof productSortFields)[number];

export const productListQuerySchema = z.object({
  category: z.string().trim().min(1).max(100).optional(),
  q: z.string().trim().max(200).optional(),
  sortBy: z.enum(productSortFields).optional(),
  sortOrder: z.string().optional(),
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
    .max(200),
});

/** What SPEC §3 lets a product's metadata carry. Money inside metadata is integer cents. */
export interface ProductMetadata {
  product_type?: string;
  /** A whole number held as text, as the spec has it: '1' marks a single-copy download. */
  purchase_limit?: string;
  /** The price before a sale, in cents. */
  originalPrice?: number;
  isOnSale?: boolean;
  isNew?: boolean;
  featured?: boolean | string;
  rating?: number;
  reviewCount?: number;
  tags?: string[];
  /** Further image URLs after imageUrl. */
  images?: string[];
  /** URL of a playable audio preview. */
  audioPreview?: string;
  [key: string]: unknown;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  categoryId: string | null;
  category: Category | null;
  imageUrl: string | null;
  /** Size of the downloadable file in bytes. */
  fileSize: number | null;
  downloadLimit: number;
  isActive: boolean;
  metadata: ProductMetadata;
  createdAt: string;
  updatedAt: string;
}

export interface ProductPage {
  data: Product[];
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

/** SPEC §3 search result, with the price in cents. */
export interface SearchResult {
  id: string;
  type: 'product';
  title: string;
  description: string;
  priceCents: number;
  image: string;
  url: string;
  category: string;
}
