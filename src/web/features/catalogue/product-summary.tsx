import { lazy } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/catalogue';
import { formatPrice } from '#shared/money';
import {
  categoryLabel,
  discountPercent,
  isNew,
  isOnSale,
  originalPriceCents,
  productRating,
  productTags,
  reviewCount,
} from '#shared/product';
import { PriceTag } from '#web/components/product/price-tag';
import { StarRating } from '#web/components/product/star-rating';
import { Badge } from '#web/components/ui/badge';
import { ProductPreviewStill } from './product-preview-still';
import { PurchasePanel } from './purchase-panel';
import { ReadySuspense } from '#web/components/shell/ready-suspense';

// Its player code loads apart from the page's first JavaScript; until it is in, its bars are
// drawn still.
const ProductPreview = lazy(() =>
  import('./product-preview').then((m) => ({ default: m.ProductPreview })),
);

/** Everything beside the gallery: badges, name, rating, price, description, tags and buying. */
export function ProductSummary({ product }: { product: Product }) {
  const original = originalPriceCents(product);
  const percent = isOnSale(product) ? discountPercent(product) : null;
  const tags = productTags(product);
  const category = product.category;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2">
        {category ? (
          <Link
            to={`/products?category=${encodeURIComponent(category.slug)}`}
            className="rounded-full"
          >
            <Badge className="hover:border-zinc-600">{category.name}</Badge>
          </Link>
        ) : (
          <Badge>{categoryLabel(product)}</Badge>
        )}
        {product.isBundle && <Badge tone="bundle">Bundle</Badge>}
        {isNew(product) && <Badge tone="new">NEW</Badge>}
        {percent !== null && (
          <Badge tone="sale">
            <span className="sr-only">Sale: </span>-{percent}% OFF
          </Badge>
        )}
      </div>

      <div className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{product.name}</h1>
        <StarRating rating={productRating(product)} reviewCount={reviewCount(product)} size="md" />
      </div>

      <div className="space-y-1">
        <PriceTag product={product} size="lg" />
        {original !== null && (
          <p className="text-sm font-medium text-emerald-400">
            You save {formatPrice(original - product.priceCents)}
          </p>
        )}
      </div>

      <p className="leading-relaxed text-zinc-300">{product.description}</p>

      {product.previewPeaks && (
        <ReadySuspense fallback={<ProductPreviewStill peaks={product.previewPeaks} />}>
          <ProductPreview product={product} />
        </ReadySuspense>
      )}

      {tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="rounded-md bg-zinc-800 px-2.5 py-1 text-xs text-zinc-300">
              {tag}
            </li>
          ))}
        </ul>
      )}

      <div className="border-t border-zinc-800 pt-6">
        <PurchasePanel product={product} />
      </div>
    </div>
  );
}
