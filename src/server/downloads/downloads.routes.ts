import { createRoute, z } from '@hono/zod-openapi';
import {
  createDownloadSchema,
  downloadErrors,
  downloadLinkSchema,
  purchaseSchema,
  purchaseStatusSchema,
} from '#shared/downloads';
import { orderNumber } from '#shared/checkout';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { AppError } from '../http/app-error';
import { clientIp } from '../http/client-ip';
import {
  createRouter,
  jsonBody,
  errorResponses,
  jsonContent,
  unauthorizedResponse,
} from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import { readGuestOrderToken } from '../orders/guest-access';
import type { SigningKeys } from '../security/signed-token';
import type { Storage } from '../storage/storage';
import {
  createDownload,
  listPurchases,
  purchaseStatus,
  type RequestMeta,
} from './downloads.service';

const linkResponses = {
  200: jsonContent(downloadLinkSchema, 'A short-lived link to the file'),
  ...unauthorizedResponse,
  ...errorResponses,
};
const tokenParam = z.object({ token: z.string().min(10).max(400) });
const purchasesBody = z.object({ data: z.array(purchaseSchema) });

const routes = {
  download: createRoute({
    method: 'post',
    path: '/downloads',
    request: jsonBody(createDownloadSchema),
    responses: linkResponses,
  }),
  purchases: createRoute({
    method: 'get',
    path: '/purchases',
    middleware: [requireUser],
    responses: {
      200: jsonContent(purchasesBody, 'Purchased items of completed orders'),
      ...unauthorizedResponse,
    },
  }),
  status: createRoute({
    method: 'get',
    path: '/purchases/{productId}/status',
    request: { params: z.object({ productId: z.string().uuid() }) },
    responses: {
      200: jsonContent(purchaseStatusSchema, 'Whether the caller owns the product'),
      ...errorResponses,
    },
  }),
  guestOrder: createRoute({
    method: 'get',
    path: '/guest-orders/{token}',
    request: { params: tokenParam },
    responses: {
      200: jsonContent(
        purchasesBody.extend({ email: z.string(), orderNumber: z.string() }),
        'A guest order',
      ),
      ...errorResponses,
    },
  }),
  guestDownload: createRoute({
    method: 'post',
    path: '/guest-orders/{token}/downloads',
    request: { params: tokenParam, ...jsonBody(createDownloadSchema) },
    responses: linkResponses,
  }),
};

/**
 * Downloads and ownership. Purchase status lives under /api/purchases, not /api/products/:id,
 * because it is per user and the product routes are publicly cached.
 */
export function downloadsRoutes(deps: {
  db: Db;
  storage: Storage;
  keys: SigningKeys;
  trustedProxyHeader: string | undefined;
}) {
  const { db, storage, keys } = deps;
  const meta = (ipAddress: string, userAgent: string | undefined): RequestMeta => ({
    ipAddress,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  const guestOrderId = (token: string) => {
    const orderId = readGuestOrderToken(keys, token);
    if (!orderId) throw new AppError('FORBIDDEN', 'This download link is invalid or has expired');
    return orderId;
  };

  return createRouter()
    .openapi(routes.download, async (c) => {
      const user = c.get('user');
      if (!user) throw new AppError('UNAUTHORIZED', downloadErrors.UNAUTHORIZED);
      const link = await createDownload(
        db,
        storage,
        { userId: user.id },
        c.req.valid('json').orderItemId,
        meta(clientIp(c, deps.trustedProxyHeader), c.req.header('user-agent')),
      );
      return c.json(link, 200);
    })
    .openapi(routes.purchases, async (c) =>
      c.json({ data: await listPurchases(db, { userId: signedInUser(c).id }) }, 200),
    )
    .openapi(routes.status, async (c) =>
      c.json(
        await purchaseStatus(db, c.get('user')?.id ?? null, c.req.valid('param').productId),
        200,
      ),
    )
    .openapi(routes.guestOrder, async (c) => {
      const orderId = guestOrderId(c.req.valid('param').token);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const data = await listPurchases(db, { guestOrderId: orderId });
      return c.json({ email: order.email, orderNumber: orderNumber(orderId), data }, 200);
    })
    .openapi(routes.guestDownload, async (c) => {
      const orderId = guestOrderId(c.req.valid('param').token);
      const link = await createDownload(
        db,
        storage,
        { guestOrderId: orderId },
        c.req.valid('json').orderItemId,
        meta(clientIp(c, deps.trustedProxyHeader), c.req.header('user-agent')),
      );
      return c.json(link, 200);
    });
}
