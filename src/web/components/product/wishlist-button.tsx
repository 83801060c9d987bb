import { Heart } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { wishlistMessages } from '#shared/wishlist';
import { useWishlistToggle } from '#web/wishlist/use-wishlist';

interface WishlistButtonProps {
  product: Product;
  /** 'icon' floats over a card image; 'labelled' is the detail page's button with words. */
  variant?: 'icon' | 'labelled';
  className?: string;
}

/** The heart: saves the product to the wishlist, or takes it off (pressed while saved). */
export function WishlistButton({ product, variant = 'icon', className = '' }: WishlistButtonProps) {
  const { saved, toggle } = useWishlistToggle(product);
  const heart = (
    <Heart aria-hidden="true" className={`size-4 ${saved ? 'fill-rose-500 text-rose-500' : ''}`} />
  );

  if (variant === 'labelled') {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-pressed={saved}
        className={`inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg border border-zinc-700 px-4 text-sm font-medium text-zinc-200 transition-colors hover:bg-zinc-800 sm:w-auto ${className}`}
      >
        {heart}
        {saved ? 'Remove from wishlist' : 'Add to wishlist'}
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={
        saved ? wishlistMessages.removeLabel(product.name) : wishlistMessages.addLabel(product.name)
      }
      className={`grid size-10 place-items-center rounded-full bg-zinc-950/75 text-zinc-200 shadow-lg backdrop-blur transition-colors hover:bg-zinc-950 hover:text-white ${className}`}
    >
      {heart}
    </button>
  );
}
