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
  'id' | 'name' | 'priceCents' | 'imageUrl' | 'metadata' | 'category' | 'payWhatYouWant'
>;

/** A pay-what-you-want amount as the buyer chose it (#shared/pay-what-you-want). */
export interface ChosenAmount {
  amountCents: number;
  amountConfirmed: boolean;
}

/** A product's pay-what-you-want terms, its price being the suggested amount; null without. */
export const payTermsOf = (product: Pick<CartProduct, 'priceCents' | 'payWhatYouWant'>) =>
  product.payWhatYouWant ? { ...product.payWhatYouWant, suggestedCents: product.priceCents } : null;

/**
 * A cart line for `quantity` of the product, as the signed-in cart would show it: a
 * pay-what-you-want product at the amount chosen (the suggested price when none was).
 */
export function cartLineFromProduct(
  product: CartProduct,
  quantity: number,
  amount?: ChosenAmount,
): CartLine {
  const terms = payTermsOf(product);
  return {
    productId: product.id,
    licenseType: DEFAULT_LICENSE_TYPE,
    quantity,
    name: product.name,
    priceCents: terms ? (amount?.amountCents ?? product.priceCents) : product.priceCents,
    originalPriceCents: terms ? null : originalPriceCents(product),
    payWhatYouWant: terms,
    amountConfirmed: amount?.amountConfirmed ?? false,
    image: productImages(product)[0] ?? PLACEHOLDER_IMAGE,
    category: categoryLabel(product),
    purchaseLimit: purchaseLimit(product),
  };
}
