import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { featuredProductsQueryOptions } from '#web/api/catalogue';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Container } from '#web/components/ui/container';

/** The home page asks for 6 featured products and shows 3. */
const FEATURED_REQUESTED = 6;
const FEATURED_SHOWN = 3;

export function FeaturedProducts() {
  const { data, isPending, isError } = useQuery(featuredProductsQueryOptions(FEATURED_REQUESTED));

  return (
    <section aria-labelledby="featured-title" className="py-20">
      <Container>
        <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-3xl font-bold tracking-tight text-white">
              Featured Products
            </h2>
            <p className="mt-2 text-zinc-400">
              Hand-picked sounds and tools our producers reach for first.
            </p>
          </div>
          <Link
            to="/products"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-300 hover:text-brand-400"
          >
            Browse all products
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {isPending ? (
          <ProductGridSkeleton count={FEATURED_SHOWN} />
        ) : isError ? (
          <ErrorAlert title="Failed to load featured products" />
        ) : data.length === 0 ? (
          <EmptyState title="No featured products available at the moment." />
        ) : (
          <ProductGrid products={data.slice(0, FEATURED_SHOWN)} />
        )}
      </Container>
    </section>
  );
}
