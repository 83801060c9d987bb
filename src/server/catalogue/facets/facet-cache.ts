import type { Db } from '../../db/client';
import type { CatalogueChanges } from '../catalogue-changes';
import { buildFacetIndex, type FacetIndex } from './facet-index';

/**
 * After this long an index is rebuilt in the background (the old one answering meanwhile):
 * sales counts change with paid orders, not with catalogue writes, so the popularity order may
 * lag by this much, as the public cache (PUBLIC_CACHE_CONTROL) lets every list lag anyway. The
 * filters and counts never lag: a catalogue write drops the index at once.
 */
export const POPULARITY_MAX_AGE_MS = 60_000;

/**
 * This process's facet index (facet-index.ts), built on first use and dropped whenever the
 * catalogue changes — a derived read cache, invalidated by the catalogue's change notifications
 * like the search's corrections and the rendered pages, never a second source of truth. A
 * request after a change waits for an index read after it, so the counts it answers are the
 * database's as the change committed.
 */
export function facetIndexCache(db: Db, changes: CatalogueChanges) {
  let current: FacetIndex | null = null;
  let building: Promise<FacetIndex> | null = null;
  /** Counts the changes heard: an index read before the latest one is never kept. */
  let generation = 0;

  changes.subscribe(() => {
    generation++;
    current = null;
    building = null;
  });

  function build(): Promise<FacetIndex> {
    if (building) return building;
    const started = generation;
    const promise = buildFacetIndex(db).then(
      (index) => {
        if (started === generation) {
          current = index;
          building = null;
        }
        return index;
      },
      (error: unknown) => {
        if (building === promise) building = null;
        throw error;
      },
    );
    building = promise;
    return promise;
  }

  return {
    async get(): Promise<FacetIndex> {
      if (!current) return build();
      if (Date.now() - current.builtAt > POPULARITY_MAX_AGE_MS) build().catch(() => undefined);
      return current;
    },
  };
}

export type FacetIndexCache = ReturnType<typeof facetIndexCache>;
