import { z } from 'zod';
import { subscriptionTypes } from './newsletter';

/**
 * The store admin's newsletter (/api/admin/newsletter): the confirmed subscribers of each list
 * (a subscription's `subscriptionType`), paged and searched by e-mail, and their CSV export.
 * The admin's pages import only the types from here (classic zod stays out of the browser).
 */

export const ADMIN_SUBSCRIBER_PAGE_SIZE = 25;
export const ADMIN_SUBSCRIBER_MAX_PAGE_SIZE = 100;

export const adminNewsletterMessages = {
  notFound: 'Subscriber not found',
} as const;

/** Which subscribers: one list or all, and those whose e-mail holds `q`. */
export const adminSubscriberFilterSchema = z.object({
  list: z.enum(subscriptionTypes).optional(),
  q: z.string().trim().max(254).optional(),
});
export type AdminSubscriberFilter = z.infer<typeof adminSubscriberFilterSchema>;

export const adminSubscriberQuerySchema = adminSubscriberFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_SUBSCRIBER_MAX_PAGE_SIZE)
    .default(ADMIN_SUBSCRIBER_PAGE_SIZE),
});
export type AdminSubscriberQuery = z.infer<typeof adminSubscriberQuerySchema>;

/** A confirmed, still subscribed address on one list. */
export const adminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  list: z.enum(subscriptionTypes),
  /** Where they signed up: home_page, coming_soon_page… */
  source: z.string(),
  /** When they confirmed (followed the link in the confirmation e-mail). */
  confirmedAt: z.string(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;

export const adminSubscriberPageSchema = z.object({
  data: z.array(adminSubscriberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminSubscriberPage = z.infer<typeof adminSubscriberPageSchema>;

/** The CSV export's columns, in order. */
export const SUBSCRIBER_CSV_HEADER = ['email', 'list', 'source', 'confirmed_at'] as const;
