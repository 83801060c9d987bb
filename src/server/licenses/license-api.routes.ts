import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  activateLicenseSchema,
  deactivateLicenseSchema,
  licenseInvalidReasons,
  licenseMessages,
  validateLicenseSchema,
} from '#shared/licenses';
import { AppError } from '../http/app-error';
import { TOO_MANY_REQUESTS, type RateLimitRule } from '../http/rate-limit';
import {
  createRouter,
  errorResponseSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  rateLimitedResponse,
} from '../http/router';
import type { Services } from '../services';
import {
  activateLicense,
  deactivateLicense,
  validateLicense,
  type LicenseApiDeps,
} from './license-api.service';
import { callLimits } from './call-limits';
import { licensingKeysFor } from './licensing-keys';

/** Licence API calls one client address may make a minute (LICENSE_CHECKS_PER_MINUTE). */
export const LICENSE_CHECKS_PER_MINUTE = 300;
/** Calls about one key a minute, from wherever: a plugin checks at start, not in a loop. */
export const LICENSE_CHECKS_PER_KEY: RateLimitRule = { windowSeconds: 60, max: 60 };

const licenseSummary = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  seats: z.number().int(),
  expiresAt: z.string().nullable(),
});
const validAnswer = z.object({
  valid: z.literal(true),
  license: licenseSummary,
  activation: z
    .object({ machineId: z.string(), machineName: z.string().nullable(), firstSeenAt: z.string() })
    .optional(),
  certificate: z
    .string()
    .optional()
    .describe('A compact JWS (EdDSA, Ed25519), verifiable offline with the published JWK set'),
});
const invalidAnswer = z.object({
  valid: z.literal(false),
  reason: z.enum(licenseInvalidReasons),
  message: z.string(),
});
const limitAnswer = z.object({
  valid: z.literal(false),
  reason: z.literal('limit_reached'),
  message: z.string(),
  machines: z.array(z.object({ name: z.string().nullable(), lastSeenAt: z.string() })),
});
const refusedByRate = jsonContent(
  errorResponseSchema,
  'Too many calls from this address or for this key (RATE_LIMITED); Retry-After says when to try again',
);

const activateRoute = createRoute({
  method: 'post',
  path: '/licenses/activate',
  summary: 'Activate a licence key on a machine (a plugin calls this; no session)',
  request: jsonBody(activateLicenseSchema),
  responses: {
    200: jsonContent(validAnswer, 'Activated (or already active here): the certificate'),
    ...errorResponses,
    403: jsonContent(invalidAnswer, 'The key is revoked or expired'),
    404: jsonContent(invalidAnswer, 'The key is not known'),
    409: jsonContent(limitAnswer, 'Every seat is taken: the machines in use, by name'),
    429: refusedByRate,
  },
});

const validateRoute = createRoute({
  method: 'post',
  path: '/licenses/validate',
  summary: 'Check a licence key (and, given a machine, its activation there)',
  request: jsonBody(validateLicenseSchema),
  responses: {
    200: jsonContent(
      z.union([validAnswer, invalidAnswer]),
      'valid with a fresh certificate, or invalid with its reason',
    ),
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const deactivateRoute = createRoute({
  method: 'post',
  path: '/licenses/deactivate',
  summary: "Free a machine's seat",
  request: jsonBody(deactivateLicenseSchema),
  responses: {
    200: jsonContent(
      z.object({
        deactivated: z.literal(true),
        machinesInUse: z.number().int(),
        seats: z.number().int(),
      }),
      'The seat is free',
    ),
    ...errorResponses,
    404: jsonContent(invalidAnswer, 'The key is not known, or not active on that machine'),
    429: refusedByRate,
  },
});

/** 429 in the project's error shape, with when to try again. */
function refuse(c: Context, message: string, retryAfterSeconds: number): never {
  c.header('Retry-After', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', message);
}

/**
 * The public licence API (license-api.service.ts). Programs call it, not pages: no session, and
 * limits per client address and per key (call-limits.ts), both answering 429 with Retry-After.
 */
export function licenseApiRoutes({ db, config }: Pick<Services, 'db' | 'config'>) {
  const deps: LicenseApiDeps = {
    db,
    keys: licensingKeysFor(db, {
      current: config.authSecret,
      previous: config.previousAuthSecrets ?? [],
    }),
    issuer: config.publicUrl,
  };
  const byKey = callLimits(LICENSE_CHECKS_PER_KEY);
  const perKey = (c: Context, key: string) => {
    const decision = byKey(key);
    if (!decision.allowed) refuse(c, TOO_MANY_REQUESTS, decision.retryAfterSeconds);
  };
  const byAddress = callLimits({
    windowSeconds: 60,
    max: config.licenseChecksPerMinute ?? LICENSE_CHECKS_PER_MINUTE,
  });
  const router = createRouter();
  // Before the body is read: a flood of malformed calls counts too.
  router.use('/licenses/:call{activate|validate|deactivate}', async (c, next) => {
    const decision = byAddress(c.get('clientIp'));
    if (!decision.allowed) refuse(c, TOO_MANY_REQUESTS, decision.retryAfterSeconds);
    await next();
  });
  return router
    .openapi(activateRoute, async (c) => {
      const input = c.req.valid('json');
      perKey(c, input.key);
      const result = await activateLicense(deps, input);
      switch (result.kind) {
        case 'activated':
          return c.json(result.body, 200);
        case 'limit':
          return c.json(result.body, 409);
        case 'refused':
          return c.json(result.body, result.body.reason === 'unknown' ? 404 : 403);
      }
    })
    .openapi(validateRoute, async (c) => {
      const input = c.req.valid('json');
      perKey(c, input.key);
      return c.json(await validateLicense(deps, input), 200);
    })
    .openapi(deactivateRoute, async (c) => {
      const input = c.req.valid('json');
      perKey(c, input.key);
      const result = await deactivateLicense(deps, input);
      switch (result.kind) {
        case 'deactivated':
          return c.json(result.body, 200);
        case 'refused':
          return c.json(result.body, 404);
        case 'too_many_swaps':
          return refuse(c, licenseMessages.tooManySwaps, result.retryAfterSeconds);
      }
    });
}
