import { z } from 'zod';

/** POST /api/promo-codes/validate: the code as typed; matched case-insensitively by the server. */
export const promoValidateSchema = z.object({
  code: z.string().trim().min(1, 'Please enter a promo code').max(64),
});

/** The server's answer: the code upper-cased and its percent off. */
export const promoSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().min(1).max(100),
});

export type Promo = z.infer<typeof promoSchema>;

export const normalizePromoCode = (code: string) => code.trim().toUpperCase();
