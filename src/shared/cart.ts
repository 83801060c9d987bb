import type { LineCredit } from './bundle-credit';
import type { Cents } from './money';
import type { PayWhatYouWant } from './pay-what-you-want';

/** Lines without a licence type share this one, so (product, licence) identifies a line. */
export const DEFAULT_LICENSE_TYPE = 'standard';

/**
 * A licence type as every screen, receipt and summary names it ('standard' → 'Standard license'),
 * so the drawer, the cart, checkout, the confirmation and the orders say the same words.
 */
export function licenseName(licenseType: string): string {
  const type = licenseType.trim();
  return `${type.charAt(0).toUpperCase()}${type.slice(1)} license`;
}

/** One cart line as the cart shows it; prices are the product's current ones, in cents. */
export interface CartLine {
  productId: string;
  licenseType: string;
  quantity: number;
  name: string;
  priceCents: Cents;
  /** Shown struck through when above the price; never what the buyer pays. */
  originalPriceCents: Cents | null;
  image: string;
  category: string;
  purchaseLimit: number | null;
  /**
   * A signed-in buyer's complete-your-bundle or upgrade credit, already taken off priceCents by
   * the server (#shared/bundle-pricing); absent in a guest's cart.
   */
  credit?: LineCredit | null;
  /**
   * A pay-what-you-want product's terms (#shared/pay-what-you-want): priceCents is then the
   * amount the buyer chose. Absent or null for a product sold at its price.
   */
  payWhatYouWant?: PayWhatYouWant | null;
  /** The buyer confirmed an amount above the owner's confirm amount. */
  amountConfirmed?: boolean;
}

/**
 * What a line tells the server of its amount: a pay-what-you-want line's priceCents as the amount
 * chosen, and whether it was confirmed; nothing for other lines (the server prices those).
 */
export const lineAmountFields = (
  line: Pick<CartLine, 'priceCents' | 'payWhatYouWant' | 'amountConfirmed'>,
): { amountCents?: Cents; amountConfirmed?: boolean } =>
  line.payWhatYouWant
    ? { amountCents: line.priceCents, amountConfirmed: line.amountConfirmed ?? false }
    : {};

export const lineTotalCents = (line: Pick<CartLine, 'priceCents' | 'quantity'>): Cents =>
  line.priceCents * line.quantity;

export function lineSavingsCents(
  line: Pick<CartLine, 'priceCents' | 'originalPriceCents' | 'quantity'>,
): Cents {
  const original = line.originalPriceCents;
  return original !== null && original > line.priceCents
    ? (original - line.priceCents) * line.quantity
    : 0;
}

export const itemCount = (lines: readonly Pick<CartLine, 'quantity'>[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

export const sameLine = (
  a: Pick<CartLine, 'productId' | 'licenseType'>,
  b: Pick<CartLine, 'productId' | 'licenseType'>,
) => a.productId === b.productId && a.licenseType === b.licenseType;

/**
 * The cart on sign-in: the local cart merged into the stored one. The same product and
 * licence type add their quantities (never past the purchase limit); anything else is appended.
 */
export function mergeCarts<
  T extends Pick<CartLine, 'productId' | 'licenseType' | 'quantity' | 'purchaseLimit'>,
>(stored: readonly T[], local: readonly T[]): T[] {
  const merged = stored.map((line) => ({ ...line }));
  for (const line of local) {
    const existing = merged.find((candidate) => sameLine(candidate, line));
    if (!existing) merged.push({ ...line, quantity: capped(line.quantity, line.purchaseLimit) });
    else existing.quantity = capped(existing.quantity + line.quantity, existing.purchaseLimit);
  }
  return merged;
}

const capped = (quantity: number, limit: number | null) =>
  limit === null ? quantity : Math.min(quantity, limit);

export const cartMessages = {
  cannotAddMore: (limit: number) => `Cannot add more than ${limit} of this item to your cart`,
  /** A single-copy product (limit 1) added again: it is there already, nothing is wrong. */
  alreadyInCart: 'Already in your cart',
  maximumQuantity: (limit: number) => `Maximum quantity for this item is ${limit}`,
  invalidPromo: 'Invalid promo code',
  itemRemoved: 'Item removed from cart',
  cleared: 'Cart cleared',
  addFailed: 'Failed to add item to cart. Please try again.',
  removeFailed: 'Failed to remove item from cart. Please try again.',
  updateFailed: 'Failed to update item quantity. Please try again.',
  amountFailed: 'Failed to update your price. Please try again.',
  clearFailed: 'Failed to clear cart. Please try again.',
  loadFailed: (message: string) => `Failed to load cart: ${message}`,
  waitCart: 'Please wait a moment while we prepare your cart...',
  wait: 'Please wait a moment...',
  authLoading: 'Authentication loading, please try again in a moment...',
  owned: 'You already own this product. Check your Download Hub!',
  productUnavailable: 'This product is no longer available',
} as const;

/** What an add past the limit is told: a single copy is already in the cart, else the limit. */
export const limitReached = (limit: number): string =>
  limit === 1 ? cartMessages.alreadyInCart : cartMessages.cannotAddMore(limit);

/** Adding is refused when what is in the cart plus what is added exceeds the limit. */
export function addLimitError(inCart: number, adding: number, limit: number | null): string | null {
  return limit !== null && inCart + adding > limit ? limitReached(limit) : null;
}

/** A quantity update beyond the limit is refused. */
export function quantityLimitError(quantity: number, limit: number | null): string | null {
  return limit !== null && quantity > limit ? cartMessages.maximumQuantity(limit) : null;
}
