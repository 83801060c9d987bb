import { memo } from 'react';
import type { Product } from '#shared/catalogue';
import { HydrateLater } from '#web/components/ui/hydrate-later';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

export const productGridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/**
 * One card in its grid cell. A card the server drew hydrates when it nears the viewport, or
 * when the browser is idle, or when touched (HydrateLater): the first page hydrates only the
 * cards in view. Memoised, so a grid drawn again with the same products leaves waiting cards be.
 */
const GridCard = memo(function GridCard({
  product,
  priority,
}: {
  product: Product;
  priority: boolean;
}) {
  return (
    <HydrateLater as="li" on="approach" className="flex">
      <ProductCard product={product} priority={priority} />
    </HydrateLater>
  );
});

/** Product cards in the store's grid: 1 column on phones, 2 on tablets, 3 on desktops. */
export function ProductGrid({
  products,
  priorityCount = 0,
}: {
  products: Product[];
  priorityCount?: number;
}) {
  return (
    <ul className={productGridClass}>
      {products.map((product, index) => (
        <GridCard key={product.id} product={product} priority={index < priorityCount} />
      ))}
    </ul>
  );
}

/** `count` card skeletons in the same grid, announced once as loading. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading products" className={productGridClass}>
      {Array.from({ length: count }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
