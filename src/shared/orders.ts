import { z } from 'zod';
import { orderStatuses } from './checkout';

/** Order history pages of 10, by offset. */
export const ORDER_PAGE_SIZE = 10;

export const orderItemViewSchema = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  name: z.string(),
  image: z.string(),
  licenseType: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  downloadsRemaining: z.number().int(),
  /** Whether the store refunded this line (its downloads then ended); the others stay the buyer's. */
  refunded: z.boolean(),
  /** The product's rating in the catalogue (0–5; 0 when it has none) and its review count. */
  rating: z.number(),
  reviewCount: z.number(),
});

export const orderViewSchema = z.object({
  id: z.string().uuid(),
  orderNumber: z.string(),
  email: z.string(),
  status: z.enum(orderStatuses),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** Refunded so far; below the total the order stays COMPLETED and its downloads stay. */
  refundedCents: z.number().int(),
  promoCode: z.string().nullable(),
  currency: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The card paid with, as the provider reported it (shared/payment-card); null when unknown. */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** Where the buyer said they are: ISO 3166-1 alpha-2 and the state or province code, if any. */
  country: z.string().nullable(),
  region: z.string().nullable(),
  items: z.array(orderItemViewSchema),
});

export type OrderView = z.infer<typeof orderViewSchema>;
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

export const orderListQuerySchema = z.object({
  status: z.enum(orderStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(ORDER_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const orderPageSchema = z.object({
  data: z.array(orderViewSchema),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
});

export const ORDER_NOT_FOUND = 'Order not found';
