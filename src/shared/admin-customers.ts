import { z } from 'zod';
import type { OrderStatus } from './checkout';

/**
 * The store admin's customers (/api/admin/customers): the list, a customer's page, bans and
 * "sign out everywhere". The ban's field rules are zod/mini checks (the browser's form reads
 * them without classic zod, which the Content-Security-Policy refuses); the server's routes build
 * the same schema in classic zod for the OpenAPI contract.
 */

export const ADMIN_CUSTOMER_PAGE_SIZE = 25;
export const ADMIN_CUSTOMER_MAX_PAGE_SIZE = 100;
export const banLimits = { reason: 500, days: 365 } as const;

/**
 * What a banned account is told when it tries to sign in: better-auth's admin plugin's own
 * words (the spec has none), set explicitly in auth.ts so the screens and tests quote one text.
 */
export const BANNED_MESSAGE =
  'You have been banned from this application. Please contact support if you believe this is an error.';

export const customerMessages = {
  notFound: 'Customer not found',
  reasonRequired: 'Give a reason for the ban',
  reasonTooLong: `Use at most ${banLimits.reason} characters`,
  daysRange: `Choose between 1 and ${banLimits.days} days, or leave it empty for a ban without end`,
  /** better-auth's admin plugin's words for the same refusal. */
  cannotBanSelf: 'You cannot ban yourself',
  cannotBanAdmin:
    'A store admin cannot be banned. Take their admin role away first (npm run admin -- revoke EMAIL).',
} as const;

export const banFieldChecks = {
  reason: [
    z.trim(),
    z.minLength(1, customerMessages.reasonRequired),
    z.maxLength(banLimits.reason, customerMessages.reasonTooLong),
  ],
  /** On an integer (z.int(customerMessages.daysRange)). */
  days: [z.gte(1, customerMessages.daysRange), z.lte(banLimits.days, customerMessages.daysRange)],
} as const;

/** POST /api/admin/customers/:id/ban: why, and for how many days (none: until unbanned). */
export const banCustomerSchema = z.object({
  reason: z.string().check(...banFieldChecks.reason),
  days: z.optional(z.int(customerMessages.daysRange).check(...banFieldChecks.days)),
});
export type BanCustomerInput = z.output<typeof banCustomerSchema>;

/** An account's ban as the admin sees it; an expired ban is no ban. */
export interface CustomerBan {
  reason: string | null;
  /** ISO time the ban ends; null for a ban without end. */
  expiresAt: string | null;
}

/** A row of the customers' list. */
export interface AdminCustomerSummary {
  id: string;
  email: string;
  name: string;
  role: 'customer' | 'admin';
  emailVerified: boolean;
  ban: CustomerBan | null;
  /** Orders placed while signed in to this account, any status. */
  orderCount: number;
  createdAt: string;
}

export interface AdminCustomerPage {
  data: AdminCustomerSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminCustomerOrder {
  id: string;
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  totalCents: number;
}

/** One purchased item's downloads: used of allowed (remaining + used), and the last one. */
export interface AdminCustomerDownload {
  orderItemId: string;
  orderNumber: string;
  productId: string;
  productName: string;
  used: number;
  allowed: number;
  lastDownloadAt: string | null;
}

export interface AdminCustomerSession {
  id: string;
  createdAt: string;
  /** better-auth refreshes a session's expiry (and this time) as it is used. */
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AdminCustomer extends AdminCustomerSummary {
  orders: AdminCustomerOrder[];
  downloads: AdminCustomerDownload[];
  sessions: AdminCustomerSession[];
}
