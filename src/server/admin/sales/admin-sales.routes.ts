import { createRoute, z } from '@hono/zod-openapi';
import { adminSaleMessages, adminSaleSchema, saleInputSchema } from '#shared/admin-sales';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import { auditTrail } from '../audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../require-admin';
import {
  createSale,
  deleteSale,
  endSale,
  getAdminSale,
  listAdminSales,
  updateSale,
} from './admin-sales.service';

const idParams = z.object({ id: uuidParam(adminSaleMessages.notFound) });
const one = z.object({ data: adminSaleSchema });
const failures = adminFailures('A sale that has not started or has ended already');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/sales',
    responses: {
      200: jsonContent(
        z.object({ data: z.array(adminSaleSchema) }),
        'Every automatic sale, the latest to start first, with its status',
      ),
      ...failures,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/sales',
    request: jsonBody(saleInputSchema),
    responses: { 201: jsonContent(one, 'The new sale'), ...failures },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/sales/{id}',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'One sale'), ...failures },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/sales/{id}',
    request: { params: idParams, ...jsonBody(saleInputSchema) },
    responses: { 200: jsonContent(one, 'The sale with its new terms'), ...failures },
  }),
  end: createRoute({
    method: 'post',
    path: '/admin/sales/{id}/end',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'The sale, ended now'), ...failures },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/admin/sales/{id}',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' }, ...failures },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/sales/{id}/audit',
    request: { params: idParams },
    responses: { 200: auditTrailContent, ...failures },
  }),
};

/** /api/admin/sales: the store admin's automatic sales, behind requireAdmin. */
export function adminSalesRoutes({ db, changes }: Pick<Services, 'db' | 'changes'>) {
  const deps = { db, changes };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => {
      return c.json({ data: await listAdminSales(db) }, 200);
    })
    .openapi(routes.create, async (c) => {
      const sale = await createSale(deps, c.get('admin').id, c.req.valid('json'));
      return c.json({ data: sale }, 201);
    })
    .openapi(routes.one, async (c) => {
      return c.json({ data: await getAdminSale(db, c.req.valid('param').id) }, 200);
    })
    .openapi(routes.update, async (c) => {
      const { id } = c.req.valid('param');
      const sale = await updateSale(deps, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data: sale }, 200);
    })
    .openapi(routes.end, async (c) => {
      const sale = await endSale(deps, c.get('admin').id, c.req.valid('param').id);
      return c.json({ data: sale }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await deleteSale(deps, c.get('admin').id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(routes.audit, async (c) => {
      const { id } = await getAdminSale(db, c.req.valid('param').id);
      return c.json({ data: await auditTrail(db, 'sale', id) }, 200);
    });
}
