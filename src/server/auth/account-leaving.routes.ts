import { createRoute, z } from '@hono/zod-openapi';
import { accountExportSchema, exportFileName, leavingMessages } from '#shared/account-leaving';
import type { Services } from '../services';
import {
  createRouter,
  errorResponses,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { exportAccount } from './account-export';
import { signOutDevice } from './devices.service';
import { requireUser, signedInUser } from './session';

const routes = {
  signOutDevice: createRoute({
    method: 'delete',
    path: '/account/sessions/{id}',
    middleware: [requireUser] as const,
    request: { params: z.object({ id: uuidParam(leavingMessages.sessionNotFound) }) },
    responses: {
      204: { description: 'The device is signed out' },
      ...unauthorizedResponse,
      ...errorResponses,
    },
  }),
  export: createRoute({
    method: 'get',
    path: '/account/export',
    middleware: [requireUser] as const,
    responses: {
      200: jsonContent(
        accountExportSchema,
        'Everything the store keeps about the buyer, as a file',
      ),
      ...unauthorizedResponse,
    },
  }),
};

/** The signed-in buyer's devices and their data: sign one device out, download it all. */
export function accountLeavingRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter()
    .openapi(routes.signOutDevice, async (c) => {
      await signOutDevice(db, signedInUser(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(routes.export, async (c) => {
      const data = await exportAccount(db, signedInUser(c).id);
      c.header('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(data, 200);
    });
}
