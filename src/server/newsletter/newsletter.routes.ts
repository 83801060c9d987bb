import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  newsletterMessages,
  newsletterSignupSchema,
  newsletterTokenSchema,
  subscriptionOutcomeSchema,
} from '#shared/newsletter';
import { rateLimit, type RateLimitRule } from '../http/rate-limit';
import {
  createRouter,
  jsonBody,
  errorResponseSchema,
  errorResponses,
  jsonContent,
  rateLimitedResponse,
} from '../http/router';
import type { Services } from '../services';
import {
  confirmSubscription,
  subscribe,
  unsubscribe,
  type NewsletterDeps,
} from './newsletter.service';

/** Signups one client address may make in a window (invalid ones count too). */
export const SIGNUPS_PER_ADDRESS: RateLimitRule = { windowSeconds: 60 * 60, max: 10 };

const tokenResponses = {
  200: jsonContent(subscriptionOutcomeSchema, 'Whose subscription, to which list'),
  ...errorResponses,
};

const confirmRoute = createRoute({
  method: 'post',
  path: '/newsletter/confirm',
  summary: 'Follow a confirm link',
  request: jsonBody(newsletterTokenSchema),
  responses: {
    ...tokenResponses,
    409: jsonContent(errorResponseSchema, 'The subscription was cancelled (CONFLICT)'),
  },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/newsletter/unsubscribe',
  summary: 'Follow an unsubscribe link',
  request: jsonBody(newsletterTokenSchema),
  responses: tokenResponses,
});

export function newsletterRoutes({
  db,
  mailer,
  keys,
  config,
}: Pick<Services, 'db' | 'mailer' | 'keys' | 'config'>) {
  const deps: NewsletterDeps = { db, mailer, keys, publicUrl: config.publicUrl };
  const signupRoute = createRoute({
    method: 'post',
    path: '/newsletter',
    summary: 'Sign up to a list; a confirmation link is emailed (double opt-in)',
    middleware: [rateLimit(db, 'newsletter', SIGNUPS_PER_ADDRESS)] as const,
    request: jsonBody(newsletterSignupSchema),
    responses: {
      200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), 'Subscribed'),
      ...errorResponses,
      ...rateLimitedResponse,
    },
  });

  return createRouter()
    .openapi(signupRoute, async (c) => {
      await subscribe(deps, c.req.valid('json'));
      return c.json({ success: true as const, message: newsletterMessages.subscribed }, 200);
    })
    .openapi(confirmRoute, async (c) => {
      return c.json(await confirmSubscription(deps, c.req.valid('json').token), 200);
    })
    .openapi(unsubscribeRoute, async (c) => {
      return c.json(await unsubscribe(deps, c.req.valid('json').token), 200);
    });
}
