import type { Product } from '#shared/catalogue';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

export const productGridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

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
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
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
