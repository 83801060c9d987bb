import { queryOptions } from '@tanstack/react-query';
import type { StoreRating } from '#shared/order-rating';
import type { ReviewSort } from '#shared/review-rules';
import type { MyReview, ReviewInput, ReviewPage, ReviewWriteResult } from '#shared/reviews';
import { apiFetch, toQuery } from './http';

const productPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}/reviews`;

export const reviewKeys = {
  /** Under 'catalogue': the server renders the first page with the product (JSON-LD, the tab). */
  list: (productId: string, sort: ReviewSort, page: number) =>
    ['catalogue', 'reviews', productId, sort, page] as const,
  product: (productId: string) => ['catalogue', 'reviews', productId] as const,
  mine: (productId: string, userId: string) => ['reviews', 'mine', productId, userId] as const,
  store: () => ['reviews', 'store'] as const,
};

/** A page of a product's published reviews and its rating summary; always read afresh. */
export const productReviewsQueryOptions = (productId: string, sort: ReviewSort, page = 1) =>
  queryOptions({
    queryKey: reviewKeys.list(productId, sort, page),
    queryFn: () => apiFetch<ReviewPage>(`${productPath(productId)}${toQuery({ sort, page })}`),
    staleTime: 30_000,
  });

/** The signed-in buyer's own review and whether they may write one. */
export const myReviewQueryOptions = (productId: string, userId: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(productId, userId),
    queryFn: () => apiFetch<MyReview>(`${productPath(productId)}/mine`),
  });

/** The store's published reviews, counted and summed (the confirmation page's claim). */
export const storeRatingQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.store(),
    queryFn: () => apiFetch<StoreRating>('/api/reviews/summary'),
    staleTime: 5 * 60_000,
  });

export const reviewsApi = {
  create: (productId: string, input: ReviewInput) =>
    apiFetch<ReviewWriteResult>(productPath(productId), {
      method: 'POST',
      body: JSON.stringify(input),
    }),
  update: (productId: string, reviewId: string, input: ReviewInput) =>
    apiFetch<ReviewWriteResult>(`${productPath(productId)}/${encodeURIComponent(reviewId)}`, {
      method: 'PATCH',
      body: JSON.stringify(input),
    }),
  remove: (productId: string, reviewId: string) =>
    apiFetch<ReviewWriteResult>(`${productPath(productId)}/${encodeURIComponent(reviewId)}`, {
      method: 'DELETE',
    }),
};
