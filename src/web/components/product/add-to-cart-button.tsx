import { ShoppingCart } from 'lucide-react';
import { Button, type ButtonSize } from '#web/components/ui/button';
import { preloadCartDrawer } from '#web/cart/cart-host';
import type { CartProduct } from '#web/cart/product-line';
import { useCartActions } from '#web/cart/use-cart-actions';

interface AddToCartButtonProps {
  product: CartProduct;
  quantity?: number;
  size?: ButtonSize;
  className?: string;
}

/** Adds `quantity` of the product to the cart, which opens the cart drawer. */
export function AddToCartButton({
  product,
  quantity = 1,
  size = 'sm',
  className = '',
}: AddToCartButtonProps) {
  const { add, isPending } = useCartActions();
  return (
    <Button
      size={size}
      // Not disabled while adding, so keyboard focus stays on the button.
      onClick={() => !isPending && add(product, quantity)}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      aria-label={`Add to Cart: ${product.name}`}
      aria-busy={isPending || undefined}
      className={className}
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {isPending ? 'Adding...' : 'Add to Cart'}
    </Button>
  );
}
