import { createMiddleware } from 'hono/factory';
import { z } from '@hono/zod-openapi';
import { adminMessages, auditEntrySchema } from '#shared/admin';
import type { SessionUser } from '../auth/session-user';
import type { AppEnv } from '../http/app-env';
import { errorResponse } from '../http/error-handler';
import { errorResponses, errorResponseSchema, jsonContent } from '../http/router';

/** What an admin route carries besides AppEnv: the admin requireAdmin let through. */
export interface AdminEnv extends AppEnv {
  Variables: AppEnv['Variables'] & {
    /** The signed-in store admin: whom the audit log names as the author of a write. */
    admin: SessionUser;
  };
}

/**
 * The one gate of the store admin, mounted by admin.routes.ts on `/admin/*` before every admin
 * route: 401 UNAUTHORIZED without a session, 403 FORBIDDEN for a customer, otherwise `admin`
 * set for the routes. It reads the user that currentUser (auth/session.ts) set from the
 * session, so a role granted or revoked by `npm run admin` holds from the next request.
 */
export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user) return errorResponse(c, 'UNAUTHORIZED', adminMessages.notSignedIn);
  if (user.role !== 'admin') return errorResponse(c, 'FORBIDDEN', adminMessages.forbidden);
  c.set('admin', user);
  await next();
});

/** The gate's answers, for the OpenAPI description of each admin route. */
export const adminGateResponses = {
  401: jsonContent(errorResponseSchema, 'Not signed in (UNAUTHORIZED)'),
  403: jsonContent(errorResponseSchema, 'Signed in, but not a store admin (FORBIDDEN)'),
};

/**
 * What every admin route may answer besides its success: the gate's 401 and 403, the store's
 * error answers, and, given what it means for the route's writes, a 409 CONFLICT.
 */
export function adminFailures(conflict?: string) {
  return {
    ...adminGateResponses,
    ...errorResponses,
    ...(conflict ? { 409: jsonContent(errorResponseSchema, `${conflict} (CONFLICT)`) } : {}),
  };
}

/** GET /api/admin/<entities>/:id/audit's answer: the entity's audit log. */
export const auditTrailContent = jsonContent(
  z.object({ data: z.array(auditEntrySchema) }),
  'Audit entries, newest first',
);
