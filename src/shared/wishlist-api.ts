import { z } from 'zod';
import { productSchema } from './catalogue';
import { WISHLIST_MERGE_MAX } from './wishlist';

/** The signed-in wishlist's API bodies (/api/wishlist…). */
export const wishlistItemSchema = z.object({
  productId: z.string(),
  /** When the product was saved; the list is newest first. */
  addedAt: z.string(),
  product: productSchema,
});

export const wishlistSchema = z.object({ items: z.array(wishlistItemSchema) });

/** A guest's saved products, joined to the account's list at sign-in. */
export const mergeWishlistSchema = z.object({
  productIds: z.array(z.string().uuid()).max(WISHLIST_MERGE_MAX),
});

export type WishlistItem = z.infer<typeof wishlistItemSchema>;
