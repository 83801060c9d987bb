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

/** The server's answer: the code upper-cased and its percent off (1 to 100). */
export interface Promo {
  code: string;
  percentOff: number;
}

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();
