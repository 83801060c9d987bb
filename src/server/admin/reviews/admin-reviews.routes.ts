import { createRoute, z } from '@hono/zod-openapi';
import {
  adminReviewMessages,
  adminReviewPageSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  hideReviewSchema,
  replyReviewSchema,
} from '#shared/admin-reviews';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import { adminFailures, type AdminEnv } from '../require-admin';
import { hideReview, listAdminReviews, replyToReview, unhideReview } from './admin-reviews.service';

const params = z.object({ id: uuidParam(adminReviewMessages.notFound) });
const oneReview = (description: string) => jsonContent(adminReviewSchema, description);

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/reviews',
    request: { query: adminReviewQuerySchema },
    responses: {
      200: jsonContent(adminReviewPageSchema, 'A page of reviews, newest first'),
      ...adminFailures(),
    },
  }),
  hide: createRoute({
    method: 'post',
    path: '/admin/reviews/{id}/hide',
    description: 'Hides a review from the store and its rating, with the reason.',
    request: { params, ...jsonBody(hideReviewSchema) },
    responses: { 200: oneReview('The review, hidden'), ...adminFailures() },
  }),
  unhide: createRoute({
    method: 'post',
    path: '/admin/reviews/{id}/unhide',
    description: 'Shows a hidden review again; one whose purchase was refunded stays hidden (409).',
    request: { params },
    responses: {
      200: oneReview('The review, published'),
      ...adminFailures('The purchase was refunded'),
    },
  }),
  reply: createRoute({
    method: 'put',
    path: '/admin/reviews/{id}/reply',
    description: "Writes or edits the store's one public reply to a review.",
    request: { params, ...jsonBody(replyReviewSchema) },
    responses: { 200: oneReview('The review with its reply'), ...adminFailures() },
  }),
};

/** The reviews' moderation (behind requireAdmin, admin.routes.ts). */
export function adminReviewsRoutes({ db, changes }: Pick<Services, 'db' | 'changes'>) {
  const deps = { db, changes };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) =>
      c.json(await listAdminReviews(db, c.req.valid('query')), 200),
    )
    .openapi(routes.hide, async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(await hideReview(deps, c.get('admin').id, id, reason), 200);
    })
    .openapi(routes.unhide, async (c) =>
      c.json(await unhideReview(deps, c.get('admin').id, c.req.valid('param').id), 200),
    )
    .openapi(routes.reply, async (c) => {
      const { id } = c.req.valid('param');
      const { reply } = c.req.valid('json');
      return c.json(await replyToReview(deps, c.get('admin').id, id, reply), 200);
    });
}
