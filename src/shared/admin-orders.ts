import { z } from 'zod';
import { orderDocumentsSchema } from './invoices';
import {
  ADMIN_ORDER_PAGE_SIZES,
  adminOrderMessages,
  MAX_REFUND_LINES,
  orderProviders,
} from './admin-order-rules';
import { orderStatuses } from './checkout';

export * from './admin-order-rules';

/**
 * GET /api/admin/orders: filters, search (an order number, a whole order id, or the start of an
 * e-mail address) and the page; newest first.
 */
export const adminOrderListQuerySchema = z
  .object({
    status: z.enum(orderStatuses).optional(),
    /**
     * Orders never paid (PENDING, FAILED, CANCELLED: abandoned checkouts) are left out unless
     * `unpaid=show` or a status asks for them.
     */
    unpaid: z.enum(['hide', 'show']).default('hide'),
    provider: z.enum(orderProviders).optional(),
    promo: z.string().trim().min(1).max(64).toUpperCase().optional(),
    /** Days (UTC) the order was placed between, both included. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    q: z.string().trim().max(254).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (ADMIN_ORDER_PAGE_SIZES as readonly number[]).includes(n), {
        message: `Choose ${ADMIN_ORDER_PAGE_SIZES.join(', ')} orders a page.`,
      })
      .default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: adminOrderMessages.dateRange,
    path: ['to'],
  });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  email: z.string(),
  /** The buyer deleted their account: `email` is a placeholder, the admin reads "Deleted customer". */
  customerDeleted: z.boolean(),
  status: z.enum(orderStatuses),
  provider: z.enum(orderProviders),
  promoCode: z.string().nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderPageSchema = z.object({
  data: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  /**
   * Whether `total` is the database's estimate: filters matching more orders than the server
   * counts one by one (admin/orders/admin-order-list.ts) are told about how many.
   */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** One order as the admin's order page shows it. */
export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  userId: z.string().nullable(),
  providerSessionId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  billingDetails: z.record(z.string(), z.string()),
  completedAt: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      name: z.string(),
      /** The bundle this member line was bought as part of; null for a product on its own. */
      bundleName: z.string().nullable(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      /** Complete-your-bundle or upgrade credit taken off its price (#shared/bundle-pricing). */
      creditCents: z.number().int(),
      /** The line's share of the order's total (what refunding it gives back, before any refund). */
      paidCents: z.number().int(),
      downloadsRemaining: z.number().int(),
      refundedAt: z.string().nullable(),
      downloads: z.array(
        z.object({
          at: z.string(),
          ipAddress: z.string().nullable(),
          userAgent: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** The provider's events for this order, oldest first: the payment's timeline. */
  events: z.array(
    z.object({ id: z.string(), type: z.string(), provider: z.string(), receivedAt: z.string() }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      orderItemIds: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
  /** Its invoice's number and a credit note per refund (shared/invoices). */
  ...orderDocumentsSchema.shape,
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** POST /api/admin/orders/:id/items/:itemId/downloads: more downloads for one line, and why. */
export const extraDownloadsSchema = z.object({
  extra: z
    .number()
    .int()
    .min(1, 'Give at least one download.')
    .max(100, 'Give at most 100 downloads at a time.'),
  reason: z.string().trim().min(1, 'Say why, for the audit log.').max(500),
});
export type ExtraDownloads = z.infer<typeof extraDownloadsSchema>;

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
