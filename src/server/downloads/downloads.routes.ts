import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createDownloadSchema,
  downloadErrors,
  downloadLinkSchema,
  purchaseSchema,
  purchaseStatusSchema,
} from '#shared/downloads';
import { orderDocumentsSchema } from '#shared/invoices';
import { guestOrderLicenseSchema } from '#shared/orders';
import { AppError } from '../http/app-error';
import {
  createRouter,
  jsonBody,
  errorResponses,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import {
  createDownload,
  createGuestDownload,
  getGuestOrder,
  listPurchases,
  purchaseStatus,
  requestMeta,
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
    summary: 'Download a purchased file',
    description:
      'Spends one download of the order line and answers a short-lived link. With fileId, that file (a format such as "MIDI", a platform\'s installer, an older version\'s file) of an available version of the line\'s product; a file of another product is refused (404 "That file is not one of this product’s files"), one of a withdrawn version too (404 "That version is not available"). Without it, the latest version\'s file (for the platform given). Any file spends the same one allowance.',
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
    request: { params: z.object({ productId: uuidParam('Product not found') }) },
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
        purchasesBody.extend({
          email: z.string(),
          orderNumber: z.string(),
          ...orderDocumentsSchema.shape,
          licenses: z.array(guestOrderLicenseSchema),
        }),
        'A guest order',
      ),
      ...errorResponses,
    },
  }),
  guestDownload: createRoute({
    method: 'post',
    path: '/guest-orders/{token}/downloads',
    summary: 'Download a file of a guest order',
    description:
      'Spends one download of the order line and answers a short-lived link. With fileId, that file (a format such as "MIDI", a platform\'s installer, an older version\'s file) of an available version of the line\'s product; a file of another product is refused (404 "That file is not one of this product’s files"), one of a withdrawn version too (404 "That version is not available"). Without it, the latest version\'s file (for the platform given). Any file spends the same one allowance.',
    request: { params: tokenParam, ...jsonBody(createDownloadSchema) },
    responses: linkResponses,
  }),
};

/**
 * Downloads and ownership. Purchase status lives under /api/purchases, not /api/products/:id,
 * because it is per user and the product routes are publicly cached.
 */
export function downloadsRoutes(deps: Pick<Services, 'db' | 'storage' | 'keys'>) {
  const { db, storage } = deps;
  const meta = (c: Context<AppEnv>) => requestMeta(c.get('clientIp'), c.req.header('user-agent'));

  return createRouter()
    .openapi(routes.download, async (c) => {
      const user = c.get('user');
      if (!user) throw new AppError('UNAUTHORIZED', downloadErrors.UNAUTHORIZED);
      const { orderItemId, ...choice } = c.req.valid('json');
      return c.json(
        await createDownload(db, storage, { userId: user.id }, orderItemId, meta(c), choice),
        200,
      );
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
    .openapi(routes.guestOrder, async (c) =>
      c.json(await getGuestOrder(db, deps.keys, c.req.valid('param').token), 200),
    )
    .openapi(routes.guestDownload, async (c) => {
      const { token } = c.req.valid('param');
      const { orderItemId, ...choice } = c.req.valid('json');
      return c.json(await createGuestDownload(deps, token, orderItemId, meta(c), choice), 200);
    });
}
