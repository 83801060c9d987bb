import { z } from 'zod';

/** What the admin's order actions answer when they cannot be done. */
export const adminOrderMessages = {
  orderNotFound: 'Order not found',
  notRefundable: 'Only a paid order can be refunded.',
  lineNotInOrder: 'Every line to refund must be one of this order’s.',
  lineAlreadyRefunded: 'A line you chose is already refunded.',
  nothingToRefund: 'Nothing is left to refund on this order.',
} as const;

/** The most lines one refund names (an order holds far fewer). */
export const MAX_REFUND_LINES = 500;

/**
 * POST /api/admin/orders/:id/refunds: the lines to refund, or none named for every line still
 * paid for (the whole order).
 */
export const refundRequestSchema = z.object({
  orderItemIds: z.array(z.uuid()).min(1).max(MAX_REFUND_LINES).optional(),
});
export type RefundRequestBody = z.infer<typeof refundRequestSchema>;

export const refundResultSchema = z.object({
  refund: z.object({
    id: z.string(),
    amountCents: z.number().int(),
    orderItemIds: z.array(z.string()),
  }),
  order: z.object({
    id: z.string(),
    status: z.string(),
    totalCents: z.number().int(),
    refundedCents: z.number().int(),
  }),
});
export type RefundResult = z.infer<typeof refundResultSchema>;
