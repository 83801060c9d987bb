import type { ProductListParams } from '#web/api/catalogue';

/** The sort choices of the category grid, kept in the URL as ?sort=<value>. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest', sortBy: 'created_at', sortOrder: 'desc' },
  { value: 'price-asc', label: 'Price: Low to High', sortBy: 'price', sortOrder: 'asc' },
  { value: 'price-desc', label: 'Price: High to Low', sortBy: 'price', sortOrder: 'desc' },
  { value: 'name', label: 'Name', sortBy: 'name', sortOrder: 'asc' },
] as const satisfies readonly (Required<Pick<ProductListParams, 'sortBy' | 'sortOrder'>> & {
  value: string;
  label: string;
})[];

export type SortOption = (typeof SORT_OPTIONS)[number];

/** The option named in the URL; Newest when it names none we know. */
export function sortOption(value: string | null): SortOption {
  return SORT_OPTIONS.find((option) => option.value === value) ?? SORT_OPTIONS[0];
}
