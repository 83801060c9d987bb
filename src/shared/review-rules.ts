/**
 * The rules of reviews from verified buyers that the pages need without zod: limits, sorts,
 * messages and how a review's byline and licence read (the schemas are in reviews.ts).
 */

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEWS_MAX_PAGE_SIZE = 50;
/** How many reviews the product page's JSON-LD carries. */
export const STRUCTURED_DATA_REVIEWS = 3;

export const reviewStatuses = ['published', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewSorts = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
export const reviewSortLabels: Record<ReviewSort, string> = {
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

export const reviewMessages = {
  productNotFound: 'Product not found',
  notFound: 'Review not found',
  signInToReview: 'Sign in to review this product',
  onlyBuyers: 'Only buyers of this product can review it',
  alreadyReviewed: 'You have already reviewed this product',
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  titleRequired: 'Title is required',
  titleTooLong: `Title is too long (at most ${REVIEW_TITLE_MAX} characters)`,
  textRequired: 'Review text is required',
  textTooLong: `Review is too long (at most ${REVIEW_TEXT_MAX} characters)`,
  noReviews: 'No reviews yet',
  inviteOwners: 'Own this product? Be the first to review it.',
  saved: 'Review saved',
  deleted: 'Review deleted',
  hiddenByOwner: 'The store has hidden your review.',
  hiddenByRefund: 'Your review is hidden because this purchase was refunded.',
} as const;

/** A review's byline: the first name and the last name's initial ("Jane D."), or "A buyer". */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A buyer';
  const first = words[0]!;
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1]!.charAt(0).toUpperCase()}.`;
}

/** How a licence type reads beside a review: 'standard' → 'Standard licence'. */
export function licenseLabel(licenseType: string): string {
  const words = licenseType.replace(/[_-]+/g, ' ').trim();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} licence`;
}
