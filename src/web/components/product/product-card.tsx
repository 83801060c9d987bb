import { Link } from 'react-router';
import type { Product } from '#shared/catalogue';
import {
  audioPreview,
  categoryLabel,
  MAX_CARD_TAGS,
  productImages,
  productRating,
  productTags,
  reviewCount,
} from '#shared/product';
import { AddToCartButton } from './add-to-cart-button';
import { AudioPreviewButton } from './audio-preview-button';
import { PriceTag } from './price-tag';
import { ProductCardImage } from './product-card-image';
import { ProductFlags } from './product-flags';
import { StarRating } from './star-rating';
import { WishlistButton } from './wishlist-button';

interface ProductCardProps {
  product: Product;
  /** Cards in the first screenful load their image at once; the rest lazily. */
  priority?: boolean;
}

export function ProductCard({ product, priority = false }: ProductCardProps) {
  const href = `/products/${product.id}`;
  const preview = audioPreview(product);
  const tags = productTags(product, MAX_CARD_TAGS);

  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 transition-colors hover:border-zinc-700">
      <div className="relative">
        <ProductCardImage
          href={href}
          images={productImages(product)}
          name={product.name}
          loading={priority ? 'eager' : 'lazy'}
        />
        <div className="pointer-events-none absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <div className="pointer-events-auto">
            <ProductFlags product={product} />
          </div>
          <div className="pointer-events-auto ml-auto">
            <WishlistButton productId={product.id} productName={product.name} />
          </div>
        </div>
        {preview && (
          <AudioPreviewButton
            src={preview}
            productName={product.name}
            className="absolute right-3 bottom-3"
          />
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-semibold tracking-wider text-brand-300 uppercase">
          {categoryLabel(product)}
        </p>
        <h3 className="-mt-1 text-lg leading-snug font-semibold text-white">
          <Link to={href} className="rounded hover:text-brand-300">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-zinc-400">{product.description}</p>
        {tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag} className="rounded-md bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <StarRating rating={productRating(product)} reviewCount={reviewCount(product)} />
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-zinc-800 pt-4">
          <PriceTag product={product} />
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}
