import type { Product } from '#shared/catalogue';
import { productSheet } from '#shared/product-sheet';

/** The product sheet (#shared/product-sheet): what a buyer reads before buying, nothing internal. */
export function ProductSpecifications({ product }: { product: Product }) {
  return (
    <dl className="max-w-3xl divide-y divide-zinc-800 overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900">
      {productSheet(product).map(({ label, value }) => (
        <div key={label} className="grid gap-1 px-5 py-3.5 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm text-zinc-400">{label}</dt>
          <dd className="text-sm break-words text-zinc-100 sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
