import { Link } from 'react-router';
import type { Product } from '#shared/catalogue';
import {
  categoryLabel,
  MAX_CARD_TAGS,
  productImages,
  productRating,
  productTags,
  reviewCount,
} from '#shared/product';
import { musicSummary } from '#shared/music-summary';
import { AddToCartButton } from './add-to-cart-button';
import { PreviewButton } from '#web/components/player/preview-button';
import { WaveformSlot } from '#web/components/player/waveform-slot';
import { PriceTag } from './price-tag';
import { ProductCardImage } from './product-card-image';
import { ProductFlags } from './product-flags';
import { productTrack, withPeaks } from './product-track';
import { StarRating } from './star-rating';
import { WishlistButton } from './wishlist-button';

interface ProductCardProps {
  product: Product;
  /** Cards in the first screenful load their image at once; the rest lazily. */
  priority?: boolean;
}

/**
 * One product in a grid. The whole card is one link to the product (its name, stretched over
 * the card), so the keyboard stops at it once, then at its buttons: preview, heart, Add to Cart,
 * and at the preview's waveform where it has one. Nothing is drawn over the cover's text (its
 * category at the top left, its name at the bottom): the flags sit beside the category below
 * the image, the buttons in the cover's empty top right corner, the image dots under the name.
 */
export function ProductCard({ product, priority = false }: ProductCardProps) {
  const href = `/products/${product.id}`;
  const preview = productTrack(product);
  const wave = withPeaks(preview);
  const tags = productTags(product, MAX_CARD_TAGS);
  const facts = musicSummary(product.music);

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900 transition-colors hover:border-zinc-700 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-400">
      <ProductCardImage
        images={productImages(product)}
        name={product.name}
        loading={priority ? 'eager' : 'lazy'}
      />
      <div className="absolute top-3 right-3 z-10 flex gap-2">
        {preview && <PreviewButton track={preview} />}
        <WishlistButton product={product} />
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        {/* As tall as a flag, so names line up across a row whether or not a card has flags. */}
        <div className="flex min-h-5 flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <p className="text-xs font-semibold tracking-wider text-brand-300 uppercase">
            {categoryLabel(product)}
          </p>
          <ProductFlags product={product} />
        </div>
        <h3 className="-mt-1 text-lg leading-snug font-semibold text-white">
          <Link
            to={href}
            className="outline-none group-hover:text-brand-300 after:absolute after:inset-0 after:z-[1] after:content-['']"
          >
            {product.name}
          </Link>
        </h3>
        {/* One line, kept even when empty, so cards in a row stay aligned. */}
        <p className="-mt-2 h-4 truncate text-xs text-zinc-300">{facts}</p>
        <p className="line-clamp-2 text-sm text-zinc-400">{product.description}</p>
        {/* Above the name's stretched link, so a click on it seeks instead of opening the page. */}
        {wave && <WaveformSlot track={wave} heightClass="h-8" className="z-10" stillUntilPlayed />}
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
          <AddToCartButton product={product} className="relative z-10" />
        </div>
      </div>
    </article>
  );
}
