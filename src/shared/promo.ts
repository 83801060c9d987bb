import { z } from 'zod';
import { cartMessages } from './cart';

/** The longest code the store looks up; no code it sells is longer. */
export const PROMO_CODE_MAX_LENGTH = 64;

/**
 * A promo code as typed: trimmed, present, not absurdly long (it cannot be a code we sell, so
 * it reads as 'Invalid promo code'). The code the promo form sends and POST
 * /api/promo-codes/validate checks; the server matches it case-insensitively.
 */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a promo code')
  .max(PROMO_CODE_MAX_LENGTH, cartMessages.invalidPromo);

/**
 * The server's answer: the code upper-cased, its terms (exactly one of a percent off, 1 to 100,
 * and an amount off in cents) and which of the cart's products it discounts: null for every
 * line (an unscoped code), else the products in its scope. The cart counts the cents by the
 * server's own rule (#shared/promo-discount); the checkout decides again.
 */
export interface Promo {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  productIds: string[] | null;
}

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();
