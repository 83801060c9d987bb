import { ShoppingCart } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Product } from '#shared/catalogue';
import { Button, type ButtonSize } from '#web/components/ui/button';

interface AddToCartButtonProps {
  product: Pick<Product, 'id' | 'name'>;
  quantity?: number;
  size?: ButtonSize;
  className?: string;
}

/**
 * Add to Cart. The cart arrives in its own issue, which gives this button its behaviour
 * (adding `quantity` of `product`); until then it says so rather than pretending to add.
 */
export function AddToCartButton({
  product,
  quantity = 1,
  size = 'sm',
  className = '',
}: AddToCartButtonProps) {
  const onClick = () => {
    toast(`The cart is not open yet: ${quantity} × ${product.name} could not be added.`, {
      id: 'cart-pending',
    });
  };
  return (
    <Button size={size} onClick={onClick} className={className}>
      <ShoppingCart aria-hidden="true" className="size-4" />
      Add to Cart
    </Button>
  );
}
