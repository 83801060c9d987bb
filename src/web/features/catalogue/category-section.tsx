import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { Category } from '#shared/catalogue';
import { productsQueryOptions } from '#web/api/catalogue';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';

/** A category section shows 3 products. */
const SECTION_SIZE = 3;

/** One category on the unfiltered products page: its name, description, 3 products and View All. */
export function CategorySection({ category, first }: { category: Category; first: boolean }) {
  const { data, isPending, isError } = useQuery(
    productsQueryOptions({ category: category.slug, limit: SECTION_SIZE }),
  );
  const headingId = `category-${category.slug}`;

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-white">
            {category.name}
          </h2>
          {category.description && <p className="mt-1.5 text-zinc-400">{category.description}</p>}
        </div>
        <Link
          to={`/products?category=${encodeURIComponent(category.slug)}`}
          aria-label={`View all ${category.name}`}
          className={buttonClasses('secondary', 'sm')}
        >
          View All
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={SECTION_SIZE} />
      ) : isError ? (
        <ErrorAlert title="Failed to load products" />
      ) : data.data.length === 0 ? (
        <EmptyState title="No products in this category yet." />
      ) : (
        <ProductGrid products={data.data} priorityCount={first ? SECTION_SIZE : 0} />
      )}
    </section>
  );
}
