import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '#shared/cart';
import { featuredProductsQueryOptions } from '#web/api/catalogue';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';

/** Enough featured products that three remain after leaving out what the cart holds. */
const FEATURED_POOL = 12;
const SHOWN = 3;

/** Three featured catalogue products that are not in the cart; nothing when none can be shown. */
export function ProductSuggestions({
  title,
  exclude,
}: {
  title: string;
  exclude: readonly Pick<CartLine, 'productId'>[];
}) {
  const { data, isPending } = useQuery(featuredProductsQueryOptions(FEATURED_POOL));
  const inCart = new Set(exclude.map((line) => line.productId));
  const products = (data ?? []).filter((product) => !inCart.has(product.id)).slice(0, SHOWN);
  if (!isPending && products.length === 0) return null;

  return (
    <section aria-labelledby="suggestions-title" className="space-y-8">
      <h2 id="suggestions-title" className="text-2xl font-bold tracking-tight text-white">
        {title}
      </h2>
      {isPending ? <ProductGridSkeleton count={SHOWN} /> : <ProductGrid products={products} />}
    </section>
  );
}
