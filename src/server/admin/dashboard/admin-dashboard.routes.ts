import { createRoute } from '@hono/zod-openapi';
import { adminDashboardQuerySchema, adminDashboardSchema } from '#shared/admin-dashboard';
import type { Services } from '../../services';
import { createRouter, jsonContent } from '../../http/router';
import { adminFailures } from '../require-admin';
import { adminDashboard } from './admin-dashboard.service';

const dashboardRoute = createRoute({
  method: 'get',
  path: '/admin/dashboard',
  request: { query: adminDashboardQuerySchema },
  responses: {
    200: jsonContent(
      adminDashboardSchema,
      'Revenue, refunds, orders and new customers per UTC day, top products and promo use',
    ),
    ...adminFailures(),
  },
});

/** GET /api/admin/dashboard?days=7|30|90 (behind requireAdmin, admin.routes.ts). */
export function adminDashboardRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter().openapi(dashboardRoute, async (c) =>
    c.json(await adminDashboard(db, c.req.valid('query').days), 200),
  );
}
