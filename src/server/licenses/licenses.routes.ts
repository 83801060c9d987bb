import { createRoute, z } from '@hono/zod-openapi';
import type { LicenseView } from '#shared/licenses';
import { requireUser, signedInUser } from '../auth/session';
import { createRouter, jsonContent, unauthorizedResponse } from '../http/router';
import type { Services } from '../services';
import { listLicenses } from './license-queries';

/** LicenseView (#shared/licenses) as the OpenAPI description shows it. */
const licenseViewSchema = z.object({
  id: z.string().uuid(),
  key: z.string().openapi({ example: 'LM-7K2Q-9XWD-4MPN-A3RT' }),
  orderId: z.string().uuid(),
  product: z.object({ id: z.string().uuid().nullable(), name: z.string() }),
  seats: z.number().int(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  machines: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string().nullable(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
}) satisfies z.ZodType<LicenseView>;

const list = createRoute({
  method: 'get',
  path: '/licenses',
  middleware: [requireUser],
  responses: {
    200: jsonContent(
      z.array(licenseViewSchema),
      "The signed-in buyer's licence keys, newest first, with the machines each is active on",
    ),
    ...unauthorizedResponse,
  },
});

/** The buyer's own licence keys (the licence API a plugin calls is license-api). */
export function licensesRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter().openapi(list, async (c) =>
    c.json(await listLicenses(db, signedInUser(c).id), 200),
  );
}
