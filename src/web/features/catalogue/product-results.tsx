import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { Category } from '#shared/catalogue';
import { searchResultsUrl } from '#shared/product-search';
import { productPagesQueryOptions, type FacetParams } from '#web/api/catalogue';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { SortSelect } from './sort-select';
import type { SortOption } from './product-sort';

/** Divides evenly into the 1-, 2- and 3-column grids. */
const PAGE_SIZE = 12;
/** 6 skeletons while a filtered grid loads. */
const SKELETONS = 6;

/**
 * What the grid shows: a category's products, a search's matches, or a search in a category,
 * each narrowed by facets, or the whole catalogue narrowed by facets.
 */
export interface ProductFilter {
  category?: Category;
  q?: string;
  facets?: FacetParams;
}

interface ProductResultsProps {
  filter: ProductFilter;
  sort: SortOption;
  sortOptions: readonly SortOption[];
  onSortChange: (value: string) => void;
  /** Takes the facet filters away (the zero-results state offers it). */
  onClearFilters: () => void;
}

function countText(total: number, searching: boolean) {
  const noun = searching ? 'result' : 'product';
  return `${total} ${noun}${total === 1 ? '' : 's'}`;
}

/** Nothing matched: say so and offer a way on (the search overlay's texts for a search). */
function NoProducts({
  filter,
  onClearFilters,
}: {
  filter: ProductFilter;
  onClearFilters: () => void;
}) {
  const filtered = filter.facets !== undefined && Object.keys(filter.facets).length > 0;
  const clear = filtered && (
    <Button variant="secondary" onClick={onClearFilters}>
      Clear all filters
    </Button>
  );
  if (filter.q === undefined && filtered) {
    return (
      <EmptyState title="No products match these filters.">
        <p>Try fewer filters, or a wider tempo or price range.</p>
        <div className="mt-6 flex justify-center">{clear}</div>
      </EmptyState>
    );
  }
  if (filter.q === undefined) {
    return (
      <EmptyState title="No products found in this category.">
        Check back soon: new releases land every week.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No results found">
      <p>Try different keywords or browse our categories</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {clear}
        {filter.category && (
          <Link to={searchResultsUrl(filter.q)} className={buttonClasses('secondary', 'md')}>
            Search all categories
          </Link>
        )}
        <Link to="/products" className={buttonClasses('primary', 'md')}>
          Browse all products
        </Link>
      </div>
    </EmptyState>
  );
}

/**
 * The products a filter finds (a category, search words, or both) in a grid, sorted, read 12
 * at a time with 'Load more'.
 */
export function ProductResults({
  filter,
  sort,
  sortOptions,
  onSortChange,
  onClearFilters,
}: ProductResultsProps) {
  const searching = filter.q !== undefined;
  const query = useInfiniteQuery(
    productPagesQueryOptions({
      ...filter.facets,
      category: filter.category?.slug,
      q: filter.q,
      sortBy: sort.sortBy,
      sortOrder: sort.sortOrder,
      limit: PAGE_SIZE,
    }),
  );
  const products = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="product-results-title" className="space-y-8">
      <h2 id="product-results-title" className="sr-only">
        {searching ? 'Search results' : (filter.category?.name ?? 'Products')}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-sm text-zinc-400">
          {query.isSuccess && countText(total, searching)}
        </p>
        <SortSelect options={sortOptions} value={sort.value} onChange={onSortChange} />
      </div>

      {query.isPending ? (
        <ProductGridSkeleton count={SKELETONS} />
      ) : query.isError && products.length === 0 ? (
        <ErrorAlert title="Failed to load products" />
      ) : products.length === 0 ? (
        <NoProducts filter={filter} onClearFilters={onClearFilters} />
      ) : (
        <>
          <ProductGrid products={products} priorityCount={3} />
          {query.isFetchNextPageError && <ErrorAlert title="Failed to load products" />}
          <div className="flex flex-col items-center gap-3">
            <p className="text-sm text-zinc-400">
              Showing {products.length} of {total}
            </p>
            {query.hasNextPage && (
              <Button
                variant="secondary"
                size="lg"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage && (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                )}
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
