import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { supportMessageSchema } from '#shared/support';
import type { Db } from '../db/client';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import { saveSupportMessage } from './support.service';

const route = createRoute({
  method: 'post',
  path: '/support',
  request: {
    body: { content: { 'application/json': { schema: supportMessageSchema } }, required: true },
  },
  responses: {
    201: jsonContent(z.object({ success: z.literal(true), id: z.string() }), 'Message received'),
    ...errorResponses,
  },
});

export function supportRoutes(db: Db) {
  return createRouter().openapi(route, async (c) => {
    const { id } = await saveSupportMessage(db, c.req.valid('json'));
    return c.json({ success: true as const, id }, 201);
  });
}
