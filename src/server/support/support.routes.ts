import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { supportMessageSchema } from '#shared/support';
import { rateLimit, type RateLimitRule } from '../http/rate-limit';
import {
  createRouter,
  errorResponses,
  jsonContent,
  rateLimitedResponse,
  jsonBody,
} from '../http/router';
import type { Services } from '../services';
import { receiveSupportMessage, type SupportDeps } from './support.service';

/** Contact messages one client address may send in a window (invalid ones count too). */
export const MESSAGES_PER_ADDRESS: RateLimitRule = { windowSeconds: 60 * 60, max: 10 };

export function supportRoutes({ db, mailer, config }: Pick<Services, 'db' | 'mailer' | 'config'>) {
  const deps: SupportDeps = { db, mailer, supportEmail: config.supportEmail };
  const route = createRoute({
    method: 'post',
    path: '/support',
    summary: 'Send a message to the support team; the sender gets an acknowledgement',
    middleware: [rateLimit(db, 'support', MESSAGES_PER_ADDRESS)] as const,
    request: jsonBody(supportMessageSchema),
    responses: {
      201: jsonContent(z.object({ success: z.literal(true), id: z.string() }), 'Message received'),
      ...errorResponses,
      ...rateLimitedResponse,
    },
  });

  return createRouter().openapi(route, async (c) => {
    const { id } = await receiveSupportMessage(deps, c.req.valid('json'));
    return c.json({ success: true as const, id }, 201);
  });
}
