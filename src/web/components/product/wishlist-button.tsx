import { Heart } from 'lucide-react';
import toast from 'react-hot-toast';
import { useWishlist } from './use-wishlist';

interface WishlistButtonProps {
  productId: string;
  productName: string;
  /** 'icon' floats over a card image; 'labelled' is the detail page's button with words. */
  variant?: 'icon' | 'labelled';
}

export function WishlistButton({ productId, productName, variant = 'icon' }: WishlistButtonProps) {
  const { saved, toggle } = useWishlist(productId);
  const onClick = () => {
    const nowSaved = toggle();
    toast.success(
      nowSaved
        ? `${productName} added to your wishlist`
        : `${productName} removed from your wishlist`,
    );
  };
  const heart = (
    <Heart aria-hidden="true" className={`size-4 ${saved ? 'fill-rose-500 text-rose-500' : ''}`} />
  );

  if (variant === 'labelled') {
    return (
      <button
        type="button"
        onClick={onClick}
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg sm:w-auto border border-zinc-700 px-4 text-sm font-medium text-zinc-200 transition-colors hover:bg-zinc-800"
      >
        {heart}
        {saved ? 'Remove from wishlist' : 'Add to wishlist'}
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={saved}
      aria-label={`Save ${productName} to wishlist`}
      className="grid size-9 place-items-center rounded-full bg-zinc-950/70 text-zinc-200 backdrop-blur transition-colors hover:bg-zinc-950 hover:text-white"
    >
      {heart}
    </button>
  );
}
