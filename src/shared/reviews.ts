import { z } from 'zod';
import {
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  REVIEWS_MAX_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  reviewMessages,
  reviewSorts,
} from './review-rules';

/**
 * Reviews from verified buyers (docs/reviews.md): one per buyer and product, written by whoever
 * owns a completed, unrefunded line of it. What the form sends and the API answers; the rules
 * and messages are in review-rules.ts (no zod: the product page's chunk imports them).
 */

/* @__NO_SIDE_EFFECTS__ */
function requiredText(required: string, tooLong: string, max: number) {
  return z.string().trim().min(1, required).max(max, tooLong);
}

/** POST /api/products/:id/reviews and PATCH …/reviews/:reviewId: stars, a title and the text. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: reviewMessages.ratingRequired })
    .int(reviewMessages.ratingRequired)
    .min(1, reviewMessages.ratingRequired)
    .max(5, reviewMessages.ratingRequired),
  title: requiredText(reviewMessages.titleRequired, reviewMessages.titleTooLong, REVIEW_TITLE_MAX),
  text: requiredText(reviewMessages.textRequired, reviewMessages.textTooLong, REVIEW_TEXT_MAX),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewListQuerySchema = z.object({
  sort: z.enum(reviewSorts).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REVIEWS_MAX_PAGE_SIZE).default(REVIEWS_PAGE_SIZE),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** The store's public answer to a review. */
export const reviewReplySchema = z.object({ text: z.string(), repliedAt: z.string() });

/** A published review as everyone sees it. */
export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** The buyer's first name and initial (reviewerName), never their e-mail. */
  author: z.string(),
  /** Every review is written against a completed line: always true, said so on the page. */
  verifiedBuyer: z.literal(true),
  /** The licence bought on that line (order_items.license_type); null once the line is gone. */
  license: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the buyer changed it after writing it. */
  edited: z.boolean(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The product's published reviews: their count, the sum of their stars, and how many of each. */
export const ratingSummarySchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  stars: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewPageSchema = z.object({
  data: z.array(reviewSchema),
  summary: ratingSummarySchema,
  sort: z.enum(reviewSorts),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** The signed-in buyer's own review of a product, whatever its status. */
export const ownReviewSchema = reviewSchema.extend({
  status: z.enum(['published', 'hidden']),
  hiddenBy: z.enum(['owner', 'refund']).nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /api/products/:id/reviews/mine: whether the caller may write one, and theirs if written. */
export const myReviewSchema = z.object({
  canReview: z.boolean(),
  review: ownReviewSchema.nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** The answer to a write: the review, and the product's rating after it. */
export const reviewWriteResultSchema = z.object({
  review: ownReviewSchema.nullable(),
  ratingCount: z.number().int(),
  ratingTotal: z.number().int(),
});
export type ReviewWriteResult = z.infer<typeof reviewWriteResultSchema>;

/** GET /api/reviews/summary: every published review in the store, counted and summed. */
export const storeRatingSchema = z.object({ count: z.number().int(), total: z.number().int() });
