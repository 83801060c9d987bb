/**
 * The wishlist: a guest's lives in this browser; a
 * signed-in buyer's is saved on the server, and a guest's list joins it at sign-in.
 */

/** How many products one merge may bring in: far more than anyone hearts in one visit. */
export const WISHLIST_MERGE_MAX = 200;

export const wishlistMessages = {
  added: (name: string) => `${name} added to your wishlist`,
  removed: (name: string) => `${name} removed from your wishlist`,
  addLabel: (name: string) => `Add ${name} to wishlist`,
  removeLabel: (name: string) => `Remove ${name} from wishlist`,
  productNotFound: 'Product not found',
  saveFailed: (message: string) => `Could not update your wishlist: ${message}`,
  loadFailed: 'Failed to load your wishlist. Please try again.',
} as const;
