import { createRoute, z } from '@hono/zod-openapi';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  extraDownloadsSchema,
  refundRequestSchema,
  refundResultSchema,
} from '#shared/admin-orders';
import { adminOrderMessages } from '#shared/admin-order-rules';
import { orderStatuses } from '#shared/checkout';
import type { Context } from 'hono';
import { notFound } from '../../http/app-error';
import { findOrderDocument } from '../../invoices/invoices.service';
import { creditNoteParam, documentResponse } from '../../invoices/invoices.routes';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import type { Services } from '../../services';
import { adminFailures, type AdminEnv } from '../require-admin';
import {
  cancelOrder,
  giveExtraDownloads,
  resendInvoice,
  resendReceipt,
} from './admin-order-actions.service';
import { adminOrderDetail } from './admin-order-detail';
import { listAdminOrders } from './admin-order-list';
import { refundOrder } from './admin-refunds.service';

const orderId = uuidParam(adminOrderMessages.orderNotFound);
const idParams = z.object({ id: orderId });
const lineParams = z.object({ id: orderId, itemId: uuidParam(adminOrderMessages.lineNotFound) });
const failures = adminFailures(
  'Not possible in the order’s state: not paid, nothing left to refund, a refunded line, not pending, or the provider refused',
);

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/orders',
    request: { query: adminOrderListQuerySchema },
    responses: { 200: jsonContent(adminOrderPageSchema, 'One page, newest first'), ...failures },
  }),
  detail: createRoute({
    method: 'get',
    path: '/admin/orders/{id}',
    request: { params: idParams },
    responses: {
      200: jsonContent(
        z.object({ data: adminOrderDetailSchema }),
        'The order, its lines, downloads, events and refunds',
      ),
      ...failures,
    },
  }),
  refund: createRoute({
    method: 'post',
    path: '/admin/orders/{id}/refunds',
    request: { params: idParams, ...jsonBody(refundRequestSchema) },
    responses: {
      201: jsonContent(refundResultSchema, 'The refund, and the order after it'),
      ...failures,
    },
  }),
  receipt: createRoute({
    method: 'post',
    path: '/admin/orders/{id}/receipt',
    request: { params: idParams },
    responses: { 202: { description: 'The receipt is queued to the buyer' }, ...failures },
  }),
  invoice: createRoute({
    method: 'post',
    path: '/admin/orders/{id}/invoice/resend',
    request: { params: idParams },
    responses: {
      202: { description: 'A link to the stored invoice is queued to the buyer' },
      ...failures,
    },
  }),
  extraDownloads: createRoute({
    method: 'post',
    path: '/admin/orders/{id}/items/{itemId}/downloads',
    request: { params: lineParams, ...jsonBody(extraDownloadsSchema) },
    responses: {
      200: jsonContent(
        z.object({ orderItemId: z.string(), downloadsRemaining: z.number().int() }),
        'The line’s downloads left now',
      ),
      ...failures,
    },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/admin/orders/{id}/cancel',
    request: { params: idParams },
    responses: {
      200: jsonContent(
        z.object({ id: z.string(), status: z.enum(orderStatuses) }),
        'The order, cancelled',
      ),
      ...failures,
    },
  }),
};

/** The orders' admin (behind requireAdmin, admin.routes.ts). */
export function adminOrdersRoutes(
  deps: Pick<Services, 'db' | 'payments' | 'mailer' | 'keys' | 'config' | 'storage' | 'changes'>,
) {
  const document = async (c: Context, which: Parameters<typeof findOrderDocument>[3]) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound(adminOrderMessages.orderNotFound);
    const file = await findOrderDocument(deps.db, deps.keys, { adminOrderId: id.data }, which);
    return documentResponse(c, deps.storage, file);
  };
  return (
    createRouter<AdminEnv>()
      .openapi(routes.list, async (c) =>
        c.json(await listAdminOrders(deps.db, c.req.valid('query')), 200),
      )
      .openapi(routes.detail, async (c) =>
        c.json({ data: await adminOrderDetail(deps.db, c.req.valid('param').id) }, 200),
      )
      .openapi(routes.refund, async (c) => {
        const { id } = c.req.valid('param');
        const result = await refundOrder(deps, c.get('admin').id, id, c.req.valid('json'));
        // A refunded line's review is hidden (review-refunds.ts): the pages show the new rating.
        deps.changes.notify();
        await deps.changes.announce(deps.db);
        return c.json(result, 201);
      })
      .openapi(routes.receipt, async (c) => {
        await resendReceipt(deps, c.get('admin').id, c.req.valid('param').id);
        return c.body(null, 202);
      })
      .openapi(routes.invoice, async (c) => {
        await resendInvoice(deps, c.get('admin').id, c.req.valid('param').id);
        return c.body(null, 202);
      })
      .openapi(routes.extraDownloads, async (c) => {
        const { id, itemId } = c.req.valid('param');
        const result = await giveExtraDownloads(
          deps,
          c.get('admin').id,
          id,
          itemId,
          c.req.valid('json'),
        );
        return c.json(result, 200);
      })
      .openapi(routes.cancel, async (c) => {
        const result = await cancelOrder(deps, c.get('admin').id, c.req.valid('param').id);
        return c.json(result, 200);
      })
      // The stored PDFs, as the buyer gets them.
      .get('/admin/orders/:id/invoice', (c) => document(c, { kind: 'invoice' }))
      .get('/admin/orders/:id/credit-notes/:number', (c) => document(c, creditNoteParam(c)))
  );
}
