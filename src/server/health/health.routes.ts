import { createRoute } from '@hono/zod-openapi';
import { createRouter, jsonContent } from '../http/router';
import { healthReportSchema } from './health-schema';
import { createHealthCheck, type HealthDeps } from './health.service';

const route = createRoute({
  method: 'get',
  path: '/health',
  responses: {
    200: jsonContent(
      healthReportSchema,
      'The store serves: every part answers (ok) or one besides the database failed (degraded)',
    ),
    503: jsonContent(healthReportSchema, 'The database does not answer (down)'),
  },
});

/** The readiness URL, and the report the /supabase-test developer page shows. */
export function healthRoutes(deps: HealthDeps) {
  const checkHealth = createHealthCheck(deps);
  return createRouter().openapi(route, async (c) => {
    const report = await checkHealth();
    return report.status === 'down' ? c.json(report, 503) : c.json(report, 200);
  });
}
