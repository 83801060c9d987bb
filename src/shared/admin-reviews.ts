import { z } from 'zod';
import { reviewStatuses } from './review-rules';

/**
 * The store admin's reviews (/api/admin/reviews): every review, filtered by status, stars and
 * text; hiding one with a reason, showing it again, and the store's one public reply to it.
 * The admin's pages import only the types from here (classic zod stays out of the browser).
 */

export const ADMIN_REVIEW_PAGE_SIZE = 25;
export const ADMIN_REVIEW_REASON_MAX = 500;
export const ADMIN_REVIEW_REPLY_MAX = 2000;

export const adminReviewMessages = {
  notFound: 'Review not found',
  reasonRequired: 'Say why the review is hidden',
  reasonTooLong: `The reason is too long (at most ${ADMIN_REVIEW_REASON_MAX} characters)`,
  replyRequired: 'Write the reply',
  replyTooLong: `The reply is too long (at most ${ADMIN_REVIEW_REPLY_MAX} characters)`,
  refunded: 'This purchase was refunded: the review stays hidden',
} as const;

export const adminReviewQuerySchema = z.object({
  status: z.enum([...reviewStatuses, 'all']).default('all'),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** Words of the product's name, the title or the text. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_REVIEW_PAGE_SIZE),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

export const adminReviewSchema = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), name: z.string() }),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  license: z.string().nullable(),
  status: z.enum(reviewStatuses),
  hiddenBy: z.enum(['owner', 'refund']).nullable(),
  hiddenReason: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewPageSchema = z.object({
  data: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

export const hideReviewSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, adminReviewMessages.reasonRequired)
    .max(ADMIN_REVIEW_REASON_MAX, adminReviewMessages.reasonTooLong),
});
export type HideReviewInput = z.infer<typeof hideReviewSchema>;

export const replyReviewSchema = z.object({
  reply: z
    .string()
    .trim()
    .min(1, adminReviewMessages.replyRequired)
    .max(ADMIN_REVIEW_REPLY_MAX, adminReviewMessages.replyTooLong),
});
export type ReplyReviewInput = z.infer<typeof replyReviewSchema>;
