import { createRoute, z } from '@hono/zod-openapi';
import {
  addLicenseSeatsSchema,
  adminLicenseSchema,
  adminLicenseSearchSchema,
  adminLicenseSummarySchema,
  licenseAdminMessages,
  revokeLicenseSchema,
} from '#shared/admin-licenses';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import {
  addLicenseSeats,
  adminLicense,
  resetLicenseMachines,
  restoreLicense,
  revokeLicense,
  searchLicenses,
} from '../../licenses/license-admin.service';
import type { Services } from '../../services';
import { auditTrail } from '../audit';
import { adminFailures, auditTrailContent, type AdminEnv } from '../require-admin';

const one = z.object({ data: adminLicenseSchema });
const idParams = z.object({ id: uuidParam(licenseAdminMessages.notFound) });
const failures = adminFailures(
  'Revoking a revoked licence, restoring one in force, or seats past 10000',
);

const routes = {
  search: createRoute({
    method: 'get',
    path: '/admin/licenses',
    request: { query: adminLicenseSearchSchema },
    responses: {
      200: jsonContent(
        z.object({ data: z.array(adminLicenseSummarySchema) }),
        'Licences whose key is the text, or whose buyer’s e-mail contains it; newest first, at most 50',
      ),
      ...failures,
    },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/licenses/{id}',
    request: { params: idParams },
    responses: {
      200: jsonContent(one, 'The licence with its activations and history'),
      ...failures,
    },
  }),
  revoke: createRoute({
    method: 'post',
    path: '/admin/licenses/{id}/revoke',
    request: { params: idParams, ...jsonBody(revokeLicenseSchema) },
    responses: { 200: jsonContent(one, 'Revoked: validate answers revoked'), ...failures },
  }),
  restore: createRoute({
    method: 'post',
    path: '/admin/licenses/{id}/restore',
    request: { params: idParams },
    responses: { 200: jsonContent(one, 'In force again'), ...failures },
  }),
  addSeats: createRoute({
    method: 'post',
    path: '/admin/licenses/{id}/seats',
    request: { params: idParams, ...jsonBody(addLicenseSeatsSchema) },
    responses: { 200: jsonContent(one, 'The seats added'), ...failures },
  }),
  reset: createRoute({
    method: 'post',
    path: '/admin/licenses/{id}/reset-machines',
    request: { params: idParams },
    responses: {
      200: jsonContent(one, 'Every machine freed (not counted as a swap)'),
      ...failures,
    },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/licenses/{id}/audit',
    request: { params: idParams },
    responses: { 200: auditTrailContent, ...failures },
  }),
};

/** The licences' admin (behind requireAdmin, admin.routes.ts). */
export function adminLicensesRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.search, async (c) =>
      c.json({ data: await searchLicenses(db, c.req.valid('query').q) }, 200),
    )
    .openapi(routes.one, async (c) =>
      c.json({ data: await adminLicense(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.revoke, async (c) => {
      const { id } = c.req.valid('param');
      const data = await revokeLicense(db, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data }, 200);
    })
    .openapi(routes.restore, async (c) =>
      c.json({ data: await restoreLicense(db, c.get('admin').id, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.addSeats, async (c) => {
      const { id } = c.req.valid('param');
      const data = await addLicenseSeats(db, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data }, 200);
    })
    .openapi(routes.reset, async (c) =>
      c.json(
        { data: await resetLicenseMachines(db, c.get('admin').id, c.req.valid('param').id) },
        200,
      ),
    )
    .openapi(routes.audit, async (c) =>
      c.json({ data: await auditTrail(db, 'license', c.req.valid('param').id) }, 200),
    );
}
