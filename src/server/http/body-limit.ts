import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorResponse } from './error-handler';

/** Every route's body limit unless it is listed below: ample for any JSON form the store takes. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Stripe's events carry whole objects (a Checkout Session with its line items and metadata) and
 * may grow beyond 64 KB; Stripe's own guidance is to accept them whole, so the webhook gets 1 MB.
 */
export const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** Routes that need more than the default, by exact path. Uploads stream on paths of their own. */
const largerLimits: Record<string, number> = {
  '/api/payments/stripe/webhook': STRIPE_WEBHOOK_BODY_LIMIT_BYTES,
};

const tooLarge = (limit: number) =>
  bodyLimit({
    maxSize: limit,
    onError: (c) =>
      errorResponse(c, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes`),
  });

/**
 * Bounds every request body. Hono's bodyLimit refuses by Content-Length before reading anything;
 * a body without one (chunked) is read up to the limit and refused as soon as it passes it, so
 * no request makes the server hold more than its route's limit.
 */
export function limitBodies(): MiddlewareHandler {
  const byDefault = tooLarge(JSON_BODY_LIMIT_BYTES);
  const larger = new Map(Object.entries(largerLimits).map(([path, n]) => [path, tooLarge(n)]));
  return (c, next) => (larger.get(c.req.path) ?? byDefault)(c, next);
}
