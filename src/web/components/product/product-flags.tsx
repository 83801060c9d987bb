import type { Product } from '#shared/catalogue';
import { discountPercent, isFeatured, isNew, isOnSale } from '#shared/product';
import { Badge } from '#web/components/ui/badge';

/** The card's Bundle, NEW, Featured and sale ('-N% OFF') flags; nothing when none apply. */
export function ProductFlags({ product }: { product: Product }) {
  const percent = isOnSale(product) ? discountPercent(product) : null;
  if (!product.isBundle && !isNew(product) && !isFeatured(product) && percent === null) {
    return null;
  }
  return (
    <div className="flex flex-wrap gap-1.5">
      {product.isBundle && <Badge tone="bundle">Bundle</Badge>}
      {isNew(product) && <Badge tone="new">NEW</Badge>}
      {isFeatured(product) && <Badge tone="brand">Featured</Badge>}
      {percent !== null && (
        <Badge tone="sale">
          <span className="sr-only">Sale: </span>-{percent}% OFF
        </Badge>
      )}
    </div>
  );
}
