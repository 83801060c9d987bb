import type { Product } from '#shared/catalogue';
import { formatPrice } from '#shared/money';
import { formatProductPrice } from '#shared/free-price';
import { pwywLabels } from '#shared/pay-what-you-want-labels';
import { originalPriceCents } from '#shared/product';

/**
 * The price ("Free" for $0), with the original price struck through when the product carries one. A
 * pay-what-you-want product says so, with its minimum ("from $5.00") or its suggested price
 * when it has no minimum.
 */
export function PriceTag({
  product,
  size = 'md',
}: {
  product: Pick<Product, 'priceCents' | 'metadata' | 'payWhatYouWant'>;
  size?: 'md' | 'lg';
}) {
  const large = size === 'lg';
  if (product.payWhatYouWant) {
    const { minimumCents } = product.payWhatYouWant;
    return (
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={`font-bold text-white ${large ? 'text-2xl' : 'text-base'}`}>
          {pwywLabels.label}
        </span>
        <span className={`text-zinc-300 ${large ? 'text-lg' : 'text-sm'}`}>
          {minimumCents > 0
            ? pwywLabels.fromPrice(minimumCents)
            : `suggested ${formatPrice(product.priceCents)}`}
        </span>
      </p>
    );
  }
  const original = originalPriceCents(product);
  return (
    <p className="flex items-baseline gap-2">
      <span className={`font-bold text-white ${large ? 'text-3xl' : 'text-xl'}`}>
        {formatProductPrice(product.priceCents)}
      </span>
      {original !== null && (
        <del className={`text-zinc-400 ${large ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatPrice(original)}
        </del>
      )}
    </p>
  );
}
