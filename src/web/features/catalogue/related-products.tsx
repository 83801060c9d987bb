import { useQuery } from '@tanstack/react-query';
import { relatedProductsQueryOptions } from '#web/api/catalogue';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';

/** Up to 3 products of the same category; nothing at all when there are none or they fail. */
export function RelatedProducts({ productId }: { productId: string }) {
  const { data, isPending } = useQuery(relatedProductsQueryOptions(productId));
  if (!isPending && (!data || data.length === 0)) return null;

  return (
    <section aria-labelledby="related-title" className="space-y-8">
      <h2 id="related-title" className="text-2xl font-bold tracking-tight text-white">
        Related Products
      </h2>
      {data ? <ProductGrid products={data} /> : <ProductGridSkeleton count={3} />}
    </section>
  );
}
