import { Check, ShoppingCart } from 'lucide-react';
import { Button, type ButtonSize } from '#web/components/ui/button';
import { quantityInCart } from '#web/cart/cart-lines';
import { openCartDrawer } from '#web/cart/cart-drawer-state';
import { preloadCartDrawer } from '#web/cart/cart-host';
import { cartLineFromProduct, type CartProduct, type ChosenAmount } from '#web/cart/product-line';
import { useCartActions } from '#web/cart/use-cart-actions';

interface AddToCartButtonProps {
  product: CartProduct;
  quantity?: number;
  size?: ButtonSize;
  className?: string;
  /**
   * A pay-what-you-want product's amount, asked for on click (checked, confirmed when needed);
   * null adds nothing. Absent: the suggested price.
   */
  chooseAmount?: () => Promise<ChosenAmount | null>;
}

/**
 * Adds `quantity` of the product to the cart, which opens the cart drawer. A single-copy
 * product (purchase limit 1) already in the cart shows so, and opens the drawer instead.
 */
export function AddToCartButton({
  product,
  quantity = 1,
  size = 'sm',
  className = '',
  chooseAmount,
}: AddToCartButtonProps) {
  const { add, isPending, lines } = useCartActions();
  const line = cartLineFromProduct(product, quantity);
  if (line.purchaseLimit === 1 && quantityInCart(lines, line) > 0) {
    return (
      <Button
        size={size}
        variant="secondary"
        onClick={openCartDrawer}
        onPointerEnter={preloadCartDrawer}
        onFocus={preloadCartDrawer}
        aria-label={`${product.name}: already in your cart`}
        className={className}
      >
        <Check aria-hidden="true" className="size-4" />
        In Cart
      </Button>
    );
  }
  return (
    <Button
      size={size}
      // Not disabled while adding, so keyboard focus stays on the button.
      onClick={async () => {
        if (isPending) return;
        if (!chooseAmount) return add(product, quantity);
        const amount = await chooseAmount();
        if (amount) add(product, quantity, amount);
      }}
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
