import { createRoute, z } from '@hono/zod-openapi';
import { packExtractionResponseSchema } from '#shared/pack-extraction';
import { adminFailures, type AdminEnv } from '../admin/require-admin';
import { createRouter, jsonContent, uuidParam } from '../http/router';
import type { Services } from '../services';
import { latestExtraction } from './pack-extraction.service';

const extraction = createRoute({
  method: 'get',
  path: '/admin/products/{id}/extraction',
  request: { params: z.object({ id: uuidParam('Product not found') }) },
  responses: {
    200: jsonContent(
      packExtractionResponseSchema,
      "The latest reading of the pack's uploaded ZIP (queued, running, done or failed), or null",
    ),
    ...adminFailures(),
  },
});

/** GET /api/admin/products/:id/extraction: what the editor polls while a ZIP is read. */
export function packExtractionRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>().openapi(extraction, async (c) =>
    c.json({ data: await latestExtraction(db, c.req.valid('param').id) }, 200),
  );
}
