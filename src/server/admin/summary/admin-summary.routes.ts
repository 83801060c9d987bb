import { createRoute } from '@hono/zod-openapi';
import { adminSummarySchema } from '#shared/admin';
import type { Services } from '../../services';
import { createRouter, jsonContent } from '../../http/router';
import { adminGateResponses } from '../require-admin';
import { adminSummary } from './admin-summary.service';

const summaryRoute = createRoute({
  method: 'get',
  path: '/admin/summary',
  responses: {
    200: jsonContent(adminSummarySchema, "The dashboard's numbers"),
    ...adminGateResponses,
  },
});

/** GET /api/admin/summary (behind requireAdmin, admin.routes.ts). */
export function adminSummaryRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter().openapi(summaryRoute, async (c) => c.json(await adminSummary(db), 200));
}
