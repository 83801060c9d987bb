import { useInfiniteQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { Category } from '#shared/catalogue';
import { productPagesQueryOptions } from '#web/api/catalogue';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { SortSelect } from './sort-select';
import type { SortOption } from './product-sort';

/** Divides evenly into the 1-, 2- and 3-column grids. */
const PAGE_SIZE = 12;
/** SPEC §9: 6 skeletons while a filtered grid loads. */
const SKELETONS = 6;

interface CategoryProductsProps {
  category: Category;
  sort: SortOption;
  onSortChange: (value: string) => void;
}

/** One category's products in a grid, sorted, read 12 at a time with 'Load more'. */
export function CategoryProducts({ category, sort, onSortChange }: CategoryProductsProps) {
  const query = useInfiniteQuery(
    productPagesQueryOptions({
      category: category.slug,
      sortBy: sort.sortBy,
      sortOrder: sort.sortOrder,
      limit: PAGE_SIZE,
    }),
  );
  const products = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="category-products-title" className="space-y-8">
      <h2 id="category-products-title" className="sr-only">
        {category.name}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-sm text-zinc-400">
          {query.isSuccess && (total === 1 ? '1 product' : `${total} products`)}
        </p>
        <SortSelect value={sort.value} onChange={onSortChange} />
      </div>

      {query.isPending ? (
        <ProductGridSkeleton count={SKELETONS} />
      ) : query.isError && products.length === 0 ? (
        <ErrorAlert title="Failed to load products" />
      ) : products.length === 0 ? (
        <EmptyState title="No products found in this category.">
          Check back soon: new releases land every week.
        </EmptyState>
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
