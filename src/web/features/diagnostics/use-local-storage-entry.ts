import { useSyncExternalStore } from 'react';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Not JSON: shown as the text it is.
    return raw;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * One local-storage entry as stored now. Another tab's writes announce themselves; this tab's
 * are read on its next render (the cart re-renders the page whenever it saves).
 */
export function useLocalStorageEntry(key: string) {
  const raw = useSyncExternalStore(subscribe, () => read(key));
  return { raw, parsed: parse(raw) };
}
