import { z } from 'zod';
import { orderStatuses } from './checkout';
import { taxBases } from './tax-settings';
import { orderDocumentsSchema } from './invoices';
import { productFormatSchema } from './versions';

/** Order history pages of 10, by offset. */
export const ORDER_PAGE_SIZE = 10;

/** A licence key of an order's line, as its buyer reads it (docs/licensing.md). */
export const orderLicenseKeySchema = z.object({
  key: z.string(),
  /** Machines it activates on at once. */
  seats: z.number().int(),
  /** A time-limited licence's end; null for a perpetual one. */
  expiresAt: z.string().nullable(),
  /** When a refund (or the owner) revoked it; null while in force. */
  revokedAt: z.string().nullable(),
});
export type OrderLicenseKey = z.infer<typeof orderLicenseKeySchema>;

/** A key on the guest order page (its signed link), named by its product. */
export const guestOrderLicenseSchema = orderLicenseKeySchema.extend({
  orderItemId: z.string().uuid(),
  productName: z.string(),
});
export type GuestOrderLicense = z.infer<typeof guestOrderLicenseSchema>;

export const orderItemViewSchema = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  name: z.string(),
  image: z.string(),
  licenseType: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  downloadsRemaining: z.number().int(),
  /** The line's share of the order's discount, its tax rate (thousandths of a percent) and tax. */
  discountCents: z.number().int(),
  taxRate: z.number().int(),
  taxCents: z.number().int(),
  /** Complete-your-bundle or upgrade credit taken off this line's price (#shared/bundle-pricing). */
  creditCents: z.number().int(),
  /** The bundle this member line was bought as part of; screens group its lines under its name. */
  bundle: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  /** Whether the store refunded this line (its downloads then ended); the others stay the buyer's. */
  refunded: z.boolean(),
  /** The line's licence keys, one per licence bought (none for a product without keys). */
  licenses: z.array(orderLicenseKeySchema),
  /** The product's rating in the catalogue (0–5; 0 when it has none) and its review count. */
  rating: z.number(),
  reviewCount: z.number(),
  /** The files (formats, installers) of the product's latest available version; downloaded in the hub. */
  files: z.array(productFormatSchema).optional(),
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
  /** Where the buyer is (alpha-2 and subdivision codes) and how the tax was decided (shared/tax). */
  country: z.string().nullable(),
  region: z.string().nullable(),
  taxBasis: z.enum(taxBases),
  taxNote: z.string().nullable(),
  pricesIncludeTax: z.boolean(),
  items: z.array(orderItemViewSchema),
  /**
   * An unpaid order whose payment session still lives, in its buyer's own history: the session to
   * resume ("Finish paying", /checkout/resume) and when it ends. Absent or null otherwise.
   */
  unpaidSession: z.object({ sessionId: z.string(), expiresAt: z.string() }).nullable().optional(),
  /** Its invoice's number once paid, and a credit note per refund (shared/invoices). */
  ...orderDocumentsSchema.shape,
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
