import { z } from 'zod';
import { orderStatuses } from './checkout';

/**
 * The store admin's customers (/api/admin/customers): the list, a customer's page, bans and
 * "sign out everywhere". The ban's schema is the one the browser's form and the route check.
 */

export const ADMIN_CUSTOMER_PAGE_SIZE = 25;
export const ADMIN_CUSTOMER_MAX_PAGE_SIZE = 100;
export const banLimits = { reason: 500, days: 365 } as const;

// What a banned account is told when it tries to sign in (kept with the sign-in texts).
export { BANNED_MESSAGE } from './auth';

export const customerMessages = {
  notFound: 'Customer not found',
  guestNotFound: 'No guest orders from this address',
  reasonRequired: 'Give a reason for the ban',
  reasonTooLong: `Use at most ${banLimits.reason} characters`,
  daysRange: `Choose between 1 and ${banLimits.days} days, or leave it empty for a ban without end`,
  /** better-auth's admin plugin's words for the same refusal. */
  cannotBanSelf: 'You cannot ban yourself',
  cannotBanAdmin:
    'A store admin cannot be banned. Take their admin role away first (npm run admin -- revoke EMAIL).',
} as const;

/** POST /api/admin/customers/:id/ban: why, and for how many days (none: until unbanned). */
export const banCustomerSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, customerMessages.reasonRequired)
    .max(banLimits.reason, customerMessages.reasonTooLong),
  days: z
    .int(customerMessages.daysRange)
    .min(1, customerMessages.daysRange)
    .max(banLimits.days, customerMessages.daysRange)
    .optional(),
});
export type BanCustomerInput = z.output<typeof banCustomerSchema>;

/** An account's ban as the admin sees it; an expired ban is no ban. */
export const customerBanSchema = z.object({
  reason: z.string().nullable(),
  /** ISO time the ban ends; null for a ban without end. */
  expiresAt: z.string().nullable(),
});
export type CustomerBan = z.infer<typeof customerBanSchema>;

/** A row of the customers' list: an account. */
export const adminCustomerSummarySchema = z.object({
  kind: z.literal('account'),
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
  ban: customerBanSchema.nullable(),
  /** Orders placed while signed in to this account, any status. */
  orderCount: z.number().int(),
  /** What their paid orders came to, less what was refunded (cents). */
  spentCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;

/**
 * A row of the customers' list: a guest buyer, by the e-mail of orders paid without an account
 * (an address no account has; a deleted account's orders are never one). `createdAt` is their
 * first order's time.
 */
export const adminGuestSummarySchema = z.object({
  kind: z.literal('guest'),
  email: z.string(),
  /** Their orders, any status. */
  orderCount: z.number().int(),
  spentCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminGuestSummary = z.infer<typeof adminGuestSummarySchema>;

export const adminCustomerRowSchema = z.discriminatedUnion('kind', [
  adminCustomerSummarySchema,
  adminGuestSummarySchema,
]);
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const adminCustomerPageSchema = z.object({
  /** Accounts and guest buyers together, newest first (a guest by their first order). */
  data: z.array(adminCustomerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCustomerPage = z.infer<typeof adminCustomerPageSchema>;

const adminCustomerOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  totalCents: z.number().int(),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

/** One purchased item's downloads: used of allowed (remaining + used), and the last one. */
const adminCustomerDownloadSchema = z.object({
  orderItemId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  used: z.number().int(),
  allowed: z.number().int(),
  lastDownloadAt: z.string().nullable(),
});
export type AdminCustomerDownload = z.infer<typeof adminCustomerDownloadSchema>;

const adminCustomerSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** better-auth refreshes a session's expiry (and this time) as it is used. */
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AdminCustomerSession = z.infer<typeof adminCustomerSessionSchema>;

export const adminCustomerSchema = adminCustomerSummarySchema.extend({
  orders: z.array(adminCustomerOrderSchema),
  downloads: z.array(adminCustomerDownloadSchema),
  sessions: z.array(adminCustomerSessionSchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** A guest buyer's page: their orders, each opening the admin's order page. */
export const adminGuestSchema = adminGuestSummarySchema.extend({
  orders: z.array(adminCustomerOrderSchema),
});
export type AdminGuest = z.infer<typeof adminGuestSchema>;

/** The web admin's address of a guest buyer's page. */
export const guestCustomerPath = (email: string) =>
  `/admin/customers/guest?${new URLSearchParams({ email }).toString()}`;
