import type { Db } from '../db/client';
import { rateLimit } from '../http/rate-limit';

/**
 * Promo code tries per address a minute, so codes cannot be guessed by brute force. Validating a
 * code and checking out with one count against the same window.
 */
export const PROMO_GUESSES = { windowSeconds: 60, max: 30 };

export const promoGuessLimit = (db: Db) => rateLimit(db, 'promo', PROMO_GUESSES);
