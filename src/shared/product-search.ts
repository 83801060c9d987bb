import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from './catalogue-limits';

/** The store's page of search results, the address a WebSite SearchAction names. */
export const SEARCH_RESULTS_PATH = '/products';

/**
 * The search text of a results page's `q`: trimmed and cut to the API's SEARCH_MAX_CHARS; null
 * when it is shorter than SEARCH_MIN_CHARS, which is no search at all (a search needs at least 2
 * characters after trimming). Characters are counted as the API's schema counts them, by code
 * point: an emoji is one, and is never cut in half.
 */
export function searchTerm(raw: string | null | undefined): string | null {
  let chars = Array.from((raw ?? '').trim());
  if (chars.length > SEARCH_MAX_CHARS) {
    chars = Array.from(chars.slice(0, SEARCH_MAX_CHARS).join('').trimEnd());
  }
  return chars.length >= SEARCH_MIN_CHARS ? chars.join('') : null;
}

/** The results page of a search: /products?q=<term>, with any further filters (a category). */
export function searchResultsUrl(term: string, filters: { category?: string } = {}): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  params.set('q', term);
  return `${SEARCH_RESULTS_PATH}?${params.toString()}`;
}
