/**
 * Catalogue reads are public and change rarely: a minute in any cache, then revalidated. The
 * server's own copy (answer-cache.ts) is dropped at every catalogue change instead.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
