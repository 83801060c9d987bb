import { createRoute, z } from '@hono/zod-openapi';
import { refundRequestSchema, refundResultSchema } from '#shared/admin-orders';
import type { Db } from '../../db/client';
import {
  createRouter,
  errorResponses,
  errorResponseSchema,
  jsonBody,
  jsonContent,
} from '../../http/router';
import type { Payments } from '../../payments/payments';
import { adminActor } from '../admin-actor';
import { adminGateResponses } from '../require-admin';
import { refundOrder } from './admin-refunds.service';

const idParams = z.object({ id: z.uuid() });

const routes = {
  refund: createRoute({
    method: 'post',
    path: '/admin/orders/{id}/refunds',
    request: { params: idParams, ...jsonBody(refundRequestSchema) },
    responses: {
      201: jsonContent(refundResultSchema, 'The refund, and the order after it'),
      ...adminGateResponses,
      ...errorResponses,
      409: jsonContent(
        errorResponseSchema,
        'An order not paid, nothing left to refund, or the provider refused (CONFLICT)',
      ),
    },
  }),
};

/** The orders' admin (behind requireAdmin, app.ts). */
export function adminOrdersRoutes(deps: { db: Db; payments: Payments }) {
  return createRouter().openapi(routes.refund, async (c) => {
    const { id } = c.req.valid('param');
    const result = await refundOrder(deps, adminActor(c), id, c.req.valid('json'));
    return c.json(result, 201);
  });
}
