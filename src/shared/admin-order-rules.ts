/**
 * The admin's order rules without zod, so the admin's pages read them without loading zod.
 */

/** What the admin's order actions answer when they cannot be done. */
export const adminOrderMessages = {
  orderNotFound: 'Order not found',
  notRefundable: 'Only a paid order can be refunded.',
  lineNotInOrder: 'Every line to refund must be one of this order’s.',
  lineAlreadyRefunded: 'A line you chose is already refunded.',
  nothingToRefund: 'Nothing is left to refund on this order.',
  notPaid: 'Only a paid order has a receipt and downloads to give.',
  lineNotFound: 'This order has no such line.',
  lineRefunded: 'A refunded line gets no more downloads.',
  notPending: 'Only an order waiting for payment can be cancelled.',
  dateRange: 'The start date must be on or before the end date.',
} as const;

/** The most lines one refund names (an order holds far fewer). */
export const MAX_REFUND_LINES = 500;

export const ADMIN_ORDER_PAGE_SIZES = [25, 50, 100] as const;
export const orderProviders = ['local', 'stripe', 'free'] as const;
