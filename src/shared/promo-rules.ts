/**
 * When the store applies a promo code: the owner's terms of the code against one
 * order. The server decides with it wherever a code is applied (the cart's preview and the
 * checkout, through server/promo/promo-eligibility.ts); the admin explains a code with the same
 * words.
 */

/** A code's terms as the owner set them in the admin. */
export interface PromoTerms {
  isActive: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  /** How many orders may hold a use of it; null for no cap. */
  maxRedemptions: number | null;
  redemptions: number;
  /**
   * When either list is non-empty the code is scoped: it discounts the lines that are one of the
   * products or in one of the categories, and an order with no such line is refused.
   */
  productIds: readonly string[];
  categoryIds: readonly string[];
  oncePerCustomer: boolean;
}

/** A line of the order the code is applied to. */
export interface PromoLine {
  productId: string;
  categoryId: string | null;
  name: string;
}

export type PromoRefusal =
  | { reason: 'inactive' | 'used-up' | 'not-started' | 'ended' | 'used-by-customer' }
  /** No line of the order is in the code's scope; the product is named when there is only one. */
  | { reason: 'not-in-scope'; productName: string | null };

/** What the buyer reads for each refusal that has no caller's message. */
export const promoMessages = {
  notStarted: 'This promo code is not active yet',
  ended: 'This promo code has expired',
  notInScope: (productName: string | null) =>
    productName === null
      ? 'This promo code does not apply to any item in your cart'
      : `This promo code does not apply to ${productName}`,
  usedByCustomer: 'You have already used this promo code',
} as const;

export const isScoped = (terms: Pick<PromoTerms, 'productIds' | 'categoryIds'>) =>
  terms.productIds.length > 0 || terms.categoryIds.length > 0;

export function inPromoScope(
  terms: Pick<PromoTerms, 'productIds' | 'categoryIds'>,
  line: Pick<PromoLine, 'productId' | 'categoryId'>,
): boolean {
  if (!isScoped(terms)) return true;
  return (
    terms.productIds.includes(line.productId) ||
    (line.categoryId !== null && terms.categoryIds.includes(line.categoryId))
  );
}

/**
 * Why the code cannot be applied to this order now, or null when it can. `lines` is absent when
 * the order is not known yet, and `usedByCustomer` when the customer is not (a guest's cart
 * before checkout): those checks then wait for the checkout, which always knows both.
 */
export function promoRefusal(
  terms: PromoTerms,
  order: { now: Date; lines?: readonly PromoLine[]; usedByCustomer?: boolean },
): PromoRefusal | null {
  if (!terms.isActive) return { reason: 'inactive' };
  if (terms.startsAt && terms.startsAt > order.now) return { reason: 'not-started' };
  if (terms.expiresAt && terms.expiresAt <= order.now) return { reason: 'ended' };
  if (terms.maxRedemptions !== null && terms.redemptions >= terms.maxRedemptions)
    return { reason: 'used-up' };
  // A scoped code discounts the eligible lines of a mixed cart (docs/decisions.md); it is refused
  // only when it would take nothing off.
  const lines = order.lines;
  if (lines && lines.length > 0 && !lines.some((line) => inPromoScope(terms, line))) {
    const names = new Set(lines.map((line) => line.name));
    return { reason: 'not-in-scope', productName: names.size === 1 ? lines[0]!.name : null };
  }
  if (terms.oncePerCustomer && order.usedByCustomer) return { reason: 'used-by-customer' };
  return null;
}

/**
 * The refusal in words. A code that is unknown, switched off or used up reads as the caller's
 * own message ('Invalid promo code' in the cart, 'Invalid or expired promo code' at checkout);
 * so does an ended code where `expiredMessage` is given (the checkout's wording).
 */
export function promoRefusalMessage(
  refusal: PromoRefusal,
  messages: { invalid: string; expired?: string },
): string {
  switch (refusal.reason) {
    case 'inactive':
    case 'used-up':
      return messages.invalid;
    case 'ended':
      return messages.expired ?? promoMessages.ended;
    case 'not-started':
      return promoMessages.notStarted;
    case 'used-by-customer':
      return promoMessages.usedByCustomer;
    case 'not-in-scope':
      return promoMessages.notInScope(refusal.productName);
  }
}
