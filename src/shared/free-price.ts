import { formatPrice, type Cents } from './money';

/** Whether an amount is nothing to pay: a free product's price, or an order's total. */
export const isFree = (cents: Cents) => cents === 0;

/**
 * A price as the shop shows it: "Free" for $0, else dollars. Totals keep "$0.00". Apart from
 * free-products.ts so a product page does not load its request schemas.
 */
export const formatProductPrice = (cents: Cents) => (isFree(cents) ? 'Free' : formatPrice(cents));
