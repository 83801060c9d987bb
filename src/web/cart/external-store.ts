import { useSyncExternalStore } from 'react';

/** A value outside React that components read with `useStore` and re-render on change. */
export interface ExternalStore<T> {
  get: () => T;
  /** What the server renders, and so what the page shows while it hydrates. */
  getServer: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * `serverValue` is what a server-rendered page was drawn with (nothing stored in this browser):
 * hydration starts from it, then React re-renders with the browser's own value.
 */
export function createExternalStore<T>(initial: T, serverValue: T = initial): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    getServer: () => serverValue,
    set: (next) => {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: ExternalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.getServer);
}
