import { createRoute, z } from '@hono/zod-openapi';
import { adminPromoCodeSchema, createPromoSchema, updatePromoSchema } from '#shared/admin-promos';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent } from '../../http/router';
import { auditTrail } from '../audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../require-admin';
import {
  createPromo,
  deactivatePromo,
  getAdminPromo,
  listAdminPromos,
  updatePromo,
} from './admin-promos.service';

const codeParams = z.object({ code: z.string().max(64) });
const one = z.object({ data: adminPromoCodeSchema });
const failures = adminFailures('A code that exists already');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/promo-codes',
    responses: {
      200: jsonContent(
        z.object({ data: z.array(adminPromoCodeSchema) }),
        'Every code, newest first, with its status, uses, revenue and discount',
      ),
      ...failures,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/promo-codes',
    request: jsonBody(createPromoSchema),
    responses: { 201: jsonContent(one, 'The new code, upper-case'), ...failures },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/promo-codes/{code}',
    request: { params: codeParams },
    responses: { 200: jsonContent(one, 'One code'), ...failures },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/promo-codes/{code}',
    request: { params: codeParams, ...jsonBody(updatePromoSchema) },
    responses: { 200: jsonContent(one, 'The code with its new terms'), ...failures },
  }),
  deactivate: createRoute({
    method: 'post',
    path: '/admin/promo-codes/{code}/deactivate',
    request: { params: codeParams },
    responses: { 200: jsonContent(one, 'The code, switched off'), ...failures },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/promo-codes/{code}/audit',
    request: { params: codeParams },
    responses: {
      200: auditTrailContent,
      ...failures,
    },
  }),
};

/** /api/admin/promo-codes: the store admin's promo codes, behind requireAdmin. */
export function adminPromosRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => {
      return c.json({ data: await listAdminPromos(db) }, 200);
    })
    .openapi(routes.create, async (c) => {
      const promo = await createPromo(db, c.get('admin').id, c.req.valid('json'));
      return c.json({ data: promo }, 201);
    })
    .openapi(routes.one, async (c) => {
      return c.json({ data: await getAdminPromo(db, c.req.valid('param').code) }, 200);
    })
    .openapi(routes.update, async (c) => {
      const { code } = c.req.valid('param');
      const promo = await updatePromo(db, c.get('admin').id, code, c.req.valid('json'));
      return c.json({ data: promo }, 200);
    })
    .openapi(routes.deactivate, async (c) => {
      const promo = await deactivatePromo(db, c.get('admin').id, c.req.valid('param').code);
      return c.json({ data: promo }, 200);
    })
    .openapi(routes.audit, async (c) => {
      const code = (await getAdminPromo(db, c.req.valid('param').code)).code;
      return c.json({ data: await auditTrail(db, 'promo-code', code) }, 200);
    });
}
