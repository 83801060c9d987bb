import { createRoute, z } from '@hono/zod-openapi';
import { requireUser, signedInUser } from '../auth/session';
import {
  createRouter,
  errorResponses,
  errorResponseSchema,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import type { Services } from '../services';
import { freeMachine, licenseMachineMessages } from './license-machines';
import { listLicenses } from './license-queries';

/** LicenseView (#shared/licenses) as the contract describes it. */
const licenseViewSchema = z.object({
  id: z.string(),
  key: z.string(),
  orderId: z.string(),
  product: z.object({ id: z.string().nullable(), name: z.string() }),
  seats: z.number().int(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  machines: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});

const machineParams = z.object({
  licenseId: uuidParam(licenseMachineMessages.notFound),
  activationId: uuidParam(licenseMachineMessages.notFound),
});

const routes = {
  list: createRoute({
    method: 'get',
    path: '/licenses',
    middleware: [requireUser],
    responses: {
      200: jsonContent(
        z.array(licenseViewSchema),
        'The signed-in buyer’s licence keys, newest first, each with its machines in use',
      ),
      ...unauthorizedResponse,
    },
  }),
  free: createRoute({
    method: 'delete',
    path: '/licenses/{licenseId}/machines/{activationId}',
    middleware: [requireUser],
    request: { params: machineParams },
    responses: {
      204: { description: 'The machine is freed: its seat can be used on another machine' },
      ...unauthorizedResponse,
      ...errorResponses,
      429: jsonContent(
        errorResponseSchema,
        'The key has been moved between machines too often in 30 days (RATE_LIMITED)',
      ),
    },
  }),
};

/** The buyer's licence keys and their machines (the download hub). */
export function licensesRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter()
    .openapi(routes.list, async (c) => c.json(await listLicenses(db, signedInUser(c).id), 200))
    .openapi(routes.free, async (c) => {
      const { licenseId, activationId } = c.req.valid('param');
      await freeMachine(db, signedInUser(c).id, licenseId, activationId);
      return c.body(null, 204);
    });
}
