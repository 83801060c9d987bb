import type { UnderstoodSearch } from './catalogue';
import { tempoWindow } from './music-query';
import { SEARCH_RESULTS_PATH, searchTerm } from './product-search';

/**
 * Whether a search reads as filters rather than words: a tempo or a key, or a genre or instrument
 * with something more ("hip hop 90 bpm", "drum loops"). A single genre or instrument word alone
 * ("drum", "trap") stays a search, which also finds products whose text says it.
 */
export function searchesAsFilters(understood: UnderstoodSearch): boolean {
  const named = understood.genres.length + understood.instruments.length;
  return (
    understood.bpm !== null ||
    understood.key !== null ||
    named > 1 ||
    (named === 1 && searchTerm(understood.words) !== null)
  );
}

/**
 * The results page of a search whose musical words were understood ("90 bpm hip hop"), with
 * what was understood as the page's own filters (ticked in its panel, shown as chips, each
 * removable) and only the words left as its search: /products?genre=hip-hop&bpmMin=87&bpmMax=93.
 * The tempo is the window the search matched (±3 BPM). Words too short to search are dropped.
 */
export function understoodResultsUrl(
  understood: UnderstoodSearch,
  filters: { category?: string } = {},
): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  const words = searchTerm(understood.words);
  if (words !== null) params.set('q', words);
  for (const genre of understood.genres) params.append('genre', genre);
  for (const instrument of understood.instruments) params.append('instrument', instrument);
  if (understood.key) params.append('key', understood.key);
  if (understood.bpm) {
    const { low, high } = tempoWindow(understood.bpm);
    params.set('bpmMin', String(low));
    params.set('bpmMax', String(high));
  }
  return `${SEARCH_RESULTS_PATH}?${params.toString()}`;
}
