import { useSyncExternalStore } from 'react';

/** The wishlist is local only (SPEC §2): product ids in localStorage, shared by every heart on the page. */
export const WISHLIST_STORAGE_KEY = 'loopmarket.wishlist';

const EMPTY: readonly string[] = [];
let cache: readonly string[] | null = null;
const listeners = new Set<() => void>();

function read(): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string')
      : EMPTY;
  } catch {
    return EMPTY;
  }
}

function snapshot(): readonly string[] {
  cache ??= read();
  return cache;
}

function notify() {
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent) {
  if (event.key !== WISHLIST_STORAGE_KEY) return;
  cache = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function toggle(productId: string): boolean {
  const current = snapshot();
  const saved = !current.includes(productId);
  cache = saved ? [...current, productId] : current.filter((id) => id !== productId);
  try {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(cache));
  } catch {
    // Storage full or blocked: the wishlist still works for this visit.
  }
  notify();
  return saved;
}

/** Whether a product is on the wishlist, and a toggle returning the new state. */
export function useWishlist(productId: string) {
  const ids = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  return { saved: ids.includes(productId), toggle: () => toggle(productId) };
}
