import type { ProductListParams } from '#web/api/catalogue';

interface SortChoice extends Pick<ProductListParams, 'sortBy' | 'sortOrder'> {
  value: string;
  label: string;
}

/** A search's own order: the API ranks matches best first when no sort is given. */
const BEST_MATCH = {
  value: 'relevance',
  label: 'Best match',
  sortBy: undefined,
  sortOrder: undefined,
} as const satisfies SortChoice;

/** The sort choices of a product grid, kept in the URL as ?sort=<value>. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest', sortBy: 'created_at', sortOrder: 'desc' },
  { value: 'price-asc', label: 'Price: Low to High', sortBy: 'price', sortOrder: 'asc' },
  { value: 'price-desc', label: 'Price: High to Low', sortBy: 'price', sortOrder: 'desc' },
  { value: 'name', label: 'Name', sortBy: 'name', sortOrder: 'asc' },
  { value: 'bpm-asc', label: 'BPM: Slow to Fast', sortBy: 'bpm', sortOrder: 'asc' },
  { value: 'bpm-desc', label: 'BPM: Fast to Slow', sortBy: 'bpm', sortOrder: 'desc' },
  { value: 'popular', label: 'Most popular', sortBy: 'popularity', sortOrder: 'desc' },
] as const satisfies readonly SortChoice[];

export type SortOption = (typeof SORT_OPTIONS)[number] | typeof BEST_MATCH;

/** The choices offered: a search's results start best match first, a list newest first. */
export function sortOptions(searching: boolean): readonly [SortOption, ...SortOption[]] {
  return searching ? [BEST_MATCH, ...SORT_OPTIONS] : SORT_OPTIONS;
}

/** The option named in the URL; the first one offered when it names none we offer. */
export function sortOption(value: string | null, searching: boolean): SortOption {
  const options = sortOptions(searching);
  return options.find((option) => option.value === value) ?? options[0];
}
