/**
 * Who to tell when the catalogue changes (a product or category added, edited or archived):
 * what was built from it and is kept for a while — the server-rendered pages, the sitemap —
 * is forgotten at once instead of at the end of its minute.
 */
export function catalogueChanges() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): void {
      listeners.add(listener);
    },
    /** The catalogue changed: every subscriber drops what it built from the old one. */
    notify(): void {
      for (const listener of listeners) listener();
    },
  };
}

export type CatalogueChanges = ReturnType<typeof catalogueChanges>;
