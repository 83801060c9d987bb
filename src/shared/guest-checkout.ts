import { z } from 'zod';

/**
 * What the browser that made a guest checkout may read of its paid order: the signed guest order
 * token its receipt carries (the guest order page, /downloads/guest?token=…) and the address the
 * receipt went to. Nobody else gets it, however much they know of the order.
 */
export const guestOrderAccessSchema = z.object({
  token: z.string(),
  email: z.string(),
  orderNumber: z.string(),
});
export type GuestOrderAccess = z.infer<typeof guestOrderAccessSchema>;

/** The answer to a re-sent receipt: always the same, the order's own address. */
export const receiptResentSchema = z.object({ sentTo: z.string() });
export type ReceiptResent = z.infer<typeof receiptResentSchema>;

/** Receipts a guest may have sent again per order, per window. */
export const RECEIPT_RESENDS_PER_HOUR = 3;

export const guestCheckoutErrors = {
  /** The same for an unknown session, a signed-in buyer's order, and another browser. */
  noAccess:
    'This order can be opened here only in the browser it was bought in. Use the link in its receipt email.',
  notPaid: 'This order is not paid yet, so it has no receipt.',
} as const;
