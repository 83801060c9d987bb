import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorBody } from '../http/error-handler';
import { createRouter, errorResponseSchema, jsonContent } from '../http/router';
import { checkDatabase } from './database-check';
import { healthReportSchema } from '#shared/health';
import type { Services } from '../services';
import { createHealthCheck } from './health.service';
import { hasBearerToken } from '../security/bearer-token';

const briefSchema = z.object({ status: z.enum(['up', 'down']) });

const route = createRoute({
  method: 'get',
  path: '/health',
  responses: {
    200: jsonContent(
      z.union([healthReportSchema, briefSchema]),
      'The store serves: every part answers (ok) or one besides the database failed (degraded). ' +
        'In production an anonymous caller reads only up or down; the report needs the health token.',
    ),
    503: jsonContent(
      z.union([healthReportSchema, briefSchema]),
      'The database does not answer (down)',
    ),
  },
});

const liveRoute = createRoute({
  method: 'get',
  path: '/health/live',
  responses: {
    200: jsonContent(z.object({ status: z.literal('live') }), 'The process runs'),
  },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/health/ready',
  responses: {
    200: jsonContent(z.object({ status: z.literal('ready') }), 'Send it traffic'),
    503: jsonContent(
      errorResponseSchema,
      'Stopping, or the database does not answer (SERVICE_UNAVAILABLE)',
    ),
  },
});

export const readinessMessages = {
  stopping: 'The store is stopping',
  databaseDown: 'The database does not answer',
} as const;

/**
 * The report (also what the /supabase-test developer page shows), and the two probes of a proxy
 * or orchestrator: live while the process runs; ready while the database answers and the process
 * is not stopping. Outside production, developers on this machine see the whole report; in
 * production a monitor with the health token (`Authorization: Bearer <token>`) sees it without
 * paths, anyone else only up or down.
 */
export function healthRoutes(
  services: Pick<Services, 'database' | 'mailer' | 'payments' | 'storage' | 'config' | 'runState'>,
) {
  const { config, runState } = services;
  const checkHealth = createHealthCheck({
    database: services.database,
    mailer: services.mailer,
    payments: services.payments,
    smtpUrl: config.smtpUrl,
    folders: { files: config.filesDir, media: config.mediaDir },
    files: services.storage,
    isProduction: config.isProduction,
  });
  return createRouter()
    .openapi(route, async (c) => {
      const local = !config.isProduction && c.get('fromThisMachine');
      const report = await checkHealth({ showPaths: local, diagnostics: local });
      const status = report.status === 'down' ? 503 : 200;
      if (config.isProduction && !hasHealthToken(c, config.healthToken)) {
        return c.json(
          { status: report.status === 'down' ? ('down' as const) : ('up' as const) },
          status,
        );
      }
      return c.json(report, status);
    })
    .openapi(liveRoute, (c) => c.json({ status: 'live' as const }, 200))
    .openapi(readyRoute, async (c) => {
      if (runState?.stopping) {
        return c.json(errorBody('SERVICE_UNAVAILABLE', readinessMessages.stopping), 503);
      }
      const database = await checkDatabase(services.database);
      if (database.status === 'failed') {
        return c.json(errorBody('SERVICE_UNAVAILABLE', readinessMessages.databaseDown), 503);
      }
      return c.json({ status: 'ready' as const }, 200);
    });
}

function hasHealthToken(c: Context, token: string | undefined): boolean {
  return (
    token !== undefined && token !== '' && hasBearerToken(c.req.header('authorization'), token)
  );
}
