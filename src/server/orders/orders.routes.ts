import { createRoute, z } from '@hono/zod-openapi';
import {
  ORDER_NOT_FOUND,
  orderListQuerySchema,
  orderPageSchema,
  orderViewSchema,
} from '#shared/orders';
import type { Services } from '../services';
import {
  createRouter,
  errorResponses,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import { getOrder, listOrders } from './orders.service';

const list = createRoute({
  method: 'get',
  path: '/orders',
  middleware: [requireUser],
  request: { query: orderListQuerySchema },
  responses: {
    200: jsonContent(orderPageSchema, 'Own orders, newest first'),
    ...unauthorizedResponse,
    ...errorResponses,
  },
});

const one = createRoute({
  method: 'get',
  path: '/orders/{id}',
  middleware: [requireUser],
  request: { params: z.object({ id: uuidParam(ORDER_NOT_FOUND) }) },
  responses: {
    200: jsonContent(orderViewSchema, 'One own order'),
    ...unauthorizedResponse,
    ...errorResponses,
  },
});

export function ordersRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listOrders(db, signedInUser(c).id, c.req.valid('query')), 200),
    )
    .openapi(one, async (c) =>
      c.json(await getOrder(db, signedInUser(c).id, c.req.valid('param').id), 200),
    );
}
