import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createRouter, jsonContent } from '../http/router';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['ok', 'down']), driver: z.enum(['pglite', 'postgres']) }),
});

const route = createRoute({
  method: 'get',
  path: '/health',
  responses: {
    200: jsonContent(healthSchema, 'Every part answers'),
    503: jsonContent(healthSchema, 'A part is down'),
  },
});

export function healthRoutes(database: Database) {
  return createRouter().openapi(route, async (c) => {
    const up = await database.db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
    const body = {
      status: up ? ('ok' as const) : ('degraded' as const),
      database: { status: up ? ('ok' as const) : ('down' as const), driver: database.driver },
    };
    return up ? c.json(body, 200) : c.json(body, 503);
  });
}
