import { createRoute, z } from '@hono/zod-openapi';
import { reviewMessages } from '#shared/review-rules';
import {
  myReviewSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewWriteResultSchema,
  storeRatingSchema,
} from '#shared/reviews';
import type { Services } from '../services';
import {
  createRouter,
  errorResponses,
  errorResponseSchema,
  jsonBody,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import {
  createReview,
  deleteReview,
  listReviews,
  myReview,
  storeRating,
  updateReview,
} from './reviews.service';

const productParam = z.object({
  id: uuidParam(reviewMessages.productNotFound, 'PRODUCT_NOT_FOUND'),
});
const reviewParams = productParam.extend({ reviewId: uuidParam(reviewMessages.notFound) });
const middleware = [requireUser];
const writeResponses = {
  ...unauthorizedResponse,
  ...errorResponses,
};

const routes = {
  summary: createRoute({
    method: 'get',
    path: '/reviews/summary',
    description: "Every published review in the store, counted and summed (the store's average).",
    responses: { 200: jsonContent(storeRatingSchema, 'The count and the sum of the stars') },
  }),
  list: createRoute({
    method: 'get',
    path: '/products/{id}/reviews',
    description:
      "A product's published reviews, paged, sorted newest first or by stars (highest, lowest), " +
      'each with its author, the licence bought and the store’s reply; with the rating summary.',
    request: { params: productParam, query: reviewListQuerySchema },
    responses: { 200: jsonContent(reviewPageSchema, 'A page of reviews'), ...errorResponses },
  }),
  mine: createRoute({
    method: 'get',
    path: '/products/{id}/reviews/mine',
    description: "The signed-in buyer's own review (any status), and whether they may write one.",
    middleware,
    request: { params: productParam },
    responses: { 200: jsonContent(myReviewSchema, 'Their review'), ...writeResponses },
  }),
  create: createRoute({
    method: 'post',
    path: '/products/{id}/reviews',
    description:
      'Writes the signed-in buyer’s review: only with a completed, unrefunded purchase of the ' +
      'product (403 otherwise), once per buyer and product (409 for a second).',
    middleware,
    request: { params: productParam, ...jsonBody(reviewInputSchema) },
    responses: {
      201: jsonContent(reviewWriteResultSchema, 'The review, and the product’s rating after it'),
      ...writeResponses,
      403: jsonContent(errorResponseSchema, 'Not a buyer of this product (FORBIDDEN)'),
      409: jsonContent(errorResponseSchema, 'Already reviewed (CONFLICT)'),
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/products/{id}/reviews/{reviewId}',
    description: 'Edits one’s own review; another buyer’s review is 404, as an unknown one.',
    middleware,
    request: { params: reviewParams, ...jsonBody(reviewInputSchema) },
    responses: {
      200: jsonContent(reviewWriteResultSchema, 'The review, and the product’s rating after it'),
      ...writeResponses,
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/products/{id}/reviews/{reviewId}',
    description: 'Deletes one’s own review; another buyer’s review is 404, as an unknown one.',
    middleware,
    request: { params: reviewParams },
    responses: {
      200: jsonContent(reviewWriteResultSchema, 'The product’s rating after it'),
      ...writeResponses,
    },
  }),
};

/** Reviews from verified buyers under /api/products/:id/reviews (docs/reviews.md). */
export function reviewsRoutes({ db, changes }: Pick<Services, 'db' | 'changes'>) {
  const deps = { db, changes };
  return createRouter()
    .openapi(routes.summary, async (c) => c.json(await storeRating(db), 200))
    .openapi(routes.list, async (c) =>
      c.json(await listReviews(db, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(routes.mine, async (c) =>
      c.json(await myReview(db, signedInUser(c).id, c.req.valid('param').id), 200),
    )
    .openapi(routes.create, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await createReview(deps, signedInUser(c).id, id, c.req.valid('json')), 201);
    })
    .openapi(routes.update, async (c) => {
      const { id, reviewId } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await updateReview(deps, signedInUser(c).id, id, reviewId, input), 200);
    })
    .openapi(routes.remove, async (c) => {
      const { id, reviewId } = c.req.valid('param');
      return c.json(await deleteReview(deps, signedInUser(c).id, id, reviewId), 200);
    });
}
