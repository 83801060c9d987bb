import { DEFAULT_LICENSE_TYPE, type CartLine } from '#shared/cart';
import type { Product } from '#shared/catalogue';
import {
  categoryLabel,
  originalPriceCents,
  PLACEHOLDER_IMAGE,
  productImages,
  purchaseLimit,
} from '#shared/product';

/** The product fields a cart line is made from. */
export type CartProduct = Pick<
  Product,
  'id' | 'name' | 'priceCents' | 'imageUrl' | 'metadata' | 'category'
>;

/** A cart line for `quantity` of the product, as the signed-in cart would show it. */
export function cartLineFromProduct(product: CartProduct, quantity: number): CartLine {
  return {
    productId: product.id,
    licenseType: DEFAULT_LICENSE_TYPE,
    quantity,
    name: product.name,
    priceCents: product.priceCents,
    originalPriceCents: originalPriceCents(product),
    image: productImages(product)[0] ?? PLACEHOLDER_IMAGE,
    category: categoryLabel(product),
    purchaseLimit: purchaseLimit(product),
  };
}
