import { useState } from 'react';
import { Zap } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Product } from '#shared/catalogue';
import { purchaseLimit } from '#shared/product';
import { AddToCartButton } from '#web/components/product/add-to-cart-button';
import { WishlistButton } from '#web/components/product/wishlist-button';
import { Button } from '#web/components/ui/button';
import { QuantitySelector } from './quantity-selector';

/** Quantity, Add to Cart, Buy Now and the wishlist toggle of the detail page. */
export function PurchasePanel({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const limit = purchaseLimit(product);

  // Checkout arrives in its own issue, which gives Buy Now its behaviour.
  const buyNow = () => toast('Checkout is not open yet.', { id: 'checkout-pending' });

  return (
    <div className="space-y-4">
      <QuantitySelector value={quantity} max={limit} onChange={setQuantity} />
      <div className="grid gap-3 sm:grid-cols-2">
        <AddToCartButton product={product} quantity={quantity} size="lg" className="h-12" />
        <Button variant="secondary" size="lg" onClick={buyNow} className="h-12">
          <Zap aria-hidden="true" className="size-4" />
          Buy Now
        </Button>
      </div>
      <WishlistButton productId={product.id} productName={product.name} variant="labelled" />
    </div>
  );
}
