import { queryOptions } from '@tanstack/react-query';
import type { WishlistItem } from '#shared/wishlist-api';
import { apiFetch } from './http';

interface WishlistResponse {
  items: WishlistItem[];
}

export const wishlistKeys = {
  all: ['wishlist'] as const,
  /** The signed-in user's saved list; keyed by user so one never shows another's. */
  stored: (userId: string) => [...wishlistKeys.all, 'stored', userId] as const,
  /** Every write to the saved list, so they can be counted and run one after another. */
  writes: () => [...wishlistKeys.all, 'write'] as const,
  merge: () => [...wishlistKeys.all, 'write', 'merge'] as const,
};

/** Writes to the saved list run one after another, in the order made. */
export const wishlistWriteScope = { id: 'wishlist-writes' };

const itemsOf = (request: Promise<WishlistResponse>) => request.then((response) => response.items);
const itemPath = (productId: string) => `/api/wishlist/${encodeURIComponent(productId)}`;

/** The signed-in user's saved products, newest first. */
export const storedWishlistQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: wishlistKeys.stored(userId),
    queryFn: () => itemsOf(apiFetch<WishlistResponse>('/api/wishlist')),
  });

/** Each write answers with the whole list as it now stands; saving twice changes nothing. */
export const wishlistApi = {
  add: (productId: string) => itemsOf(apiFetch(itemPath(productId), { method: 'PUT' })),
  remove: (productId: string) => itemsOf(apiFetch(itemPath(productId), { method: 'DELETE' })),
  /** A guest's list joined to the saved one at sign-in. */
  merge: (productIds: string[]) =>
    itemsOf(
      apiFetch('/api/wishlist/merge', { method: 'POST', body: JSON.stringify({ productIds }) }),
    ),
};
