import type { Product } from '#shared/catalogue';
import { formatPrice } from '#shared/money';
import { formatProductPrice } from '#shared/free-price';
import { originalPriceCents } from '#shared/product';

/** The price ("Free" for $0), with the original price struck through when the product carries one. */
export function PriceTag({
  product,
  size = 'md',
}: {
  product: Pick<Product, 'priceCents' | 'metadata'>;
  size?: 'md' | 'lg';
}) {
  const original = originalPriceCents(product);
  return (
    <p className="flex items-baseline gap-2">
      <span className={`font-bold text-white ${size === 'lg' ? 'text-3xl' : 'text-xl'}`}>
        {formatProductPrice(product.priceCents)}
      </span>
      {original !== null && (
        <del className={`text-zinc-400 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatPrice(original)}
        </del>
      )}
    </p>
  );
}
