import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { newsletterSignupSchema } from '#shared/newsletter';
import type { Db } from '../db/client';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import { subscribe } from './newsletter.service';

const route = createRoute({
  method: 'post',
  path: '/newsletter',
  request: {
    body: { content: { 'application/json': { schema: newsletterSignupSchema } }, required: true },
  },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), 'Subscribed'),
    ...errorResponses,
  },
});

export function newsletterRoutes(db: Db) {
  return createRouter().openapi(route, async (c) => {
    await subscribe(db, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Successfully subscribed!' }, 200);
  });
}
