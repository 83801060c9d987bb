import { createExternalStore, useStore } from '#web/cart/external-store';

/** A guest's wishlist: product ids in browser storage, oldest first, under one fixed key. */
const WISHLIST_STORAGE_KEY = 'loopmarket.wishlist';

const EMPTY: readonly string[] = [];

/** Storage is the visitor's to edit: anything that is not an id is dropped. */
function readStored(): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return EMPTY;
    return [...new Set(parsed.filter((id): id is string => typeof id === 'string'))];
  } catch {
    return EMPTY;
  }
}

const store = createExternalStore<readonly string[]>(
  typeof window === 'undefined' ? EMPTY : readStored(),
);

function save(next: readonly string[]) {
  store.set(next);
  try {
    if (next.length === 0) window.localStorage.removeItem(WISHLIST_STORAGE_KEY);
    else window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the wishlist still works until the page is left.
  }
}

if (typeof window !== 'undefined') {
  // Another tab changed the list: this one shows the same list.
  window.addEventListener('storage', (event) => {
    if (event.key === WISHLIST_STORAGE_KEY || event.key === null) store.set(readStored());
  });
}

export const useLocalWishlist = () => useStore(store);

export function setLocalSaved(productId: string, saved: boolean) {
  const rest = store.get().filter((id) => id !== productId);
  save(saved ? [...rest, productId] : rest);
}

/** After these ids joined the signed-in list; any hearted since stay for the next merge. */
export function forgetLocalIds(productIds: readonly string[]) {
  const merged = new Set(productIds);
  save(store.get().filter((id) => !merged.has(id)));
}
