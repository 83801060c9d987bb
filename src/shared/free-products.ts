import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email';
export { formatProductPrice, isFree } from './free-price';
export { freeProductMessages } from './free-product-messages';

/**
 * Free products (docs/free-products.md): a product priced $0 is had without a card. An account
 * holder adds it to their library in one click; a guest gives an e-mail address and gets the
 * download link by mail, which proves the address. Any checkout whose total comes to $0 (free
 * products, a 100% promo code) completes without the payment provider, as an order of $0.
 */

/**
 * The mailed link that completes a guest's $0 order is valid this long: the spec's confirmation
 * e-mail link expires in 24 hours. The order waits PENDING until then.
 */
export const FREE_ORDER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Confirmation e-mails for $0 orders one address receives per hour, whoever asks. */
export const FREE_ORDER_MAILS_PER_ADDRESS_PER_HOUR = 3;

/** What "Get it free" sends. A guest gives an address and may opt in to the newsletter. */
export const freeClaimRequestSchema = z.object({
  productId: z.uuid(),
  email: z
    .string()
    .trim()
    .max(254, INVALID_EMAIL_MESSAGE)
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase())
    .optional(),
  /** The guest's newsletter opt-in: a double opt-in signup, confirmed by its own e-mail. */
  newsletter: z.boolean().default(false),
});
export type FreeClaimRequest = z.input<typeof freeClaimRequestSchema>;

/**
 * What a $0 checkout became: `completed` (an account holder's order, in their library now) or
 * `email-sent` (a guest's, completed by the link mailed to the address given; the answer is
 * the same whether or not a mail could be sent, so it tells nothing about the address).
 */
export const freeOutcomes = ['completed', 'email-sent'] as const;
export type FreeOutcome = (typeof freeOutcomes)[number];

export const freeClaimResponseSchema = z.object({
  outcome: z.enum(freeOutcomes),
  orderId: z.uuid(),
  sessionId: z.string(),
  /** The guest's address the link went to; null for an account holder. */
  sentTo: z.string().nullable(),
});
export type FreeClaimResponse = z.infer<typeof freeClaimResponseSchema>;

/** The mailed link's token, sent back by its page. */
export const freeOrderConfirmSchema = z.object({
  token: z.string().trim().min(1).max(400),
});

/** A confirmed guest order: the guest order page's token (/downloads/guest?token=…). */
export const freeOrderConfirmedSchema = z.object({
  token: z.string(),
  orderNumber: z.string(),
});
export type FreeOrderConfirmed = z.infer<typeof freeOrderConfirmedSchema>;
