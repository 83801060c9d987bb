import { createRoute, z } from '@hono/zod-openapi';
import { latestVersionSchema } from '#shared/versions';
import { createRouter, errorResponses, jsonBody, jsonContent, uuidParam } from '../http/router';
import type { Services } from '../services';
import { unsubscribeFromUpdates } from './update-notices';
import { latestPublicVersion } from './versions.service';

const routes = {
  latest: createRoute({
    method: 'get',
    path: '/products/{id}/versions/latest',
    summary: 'The latest version of a product',
    description:
      'Public, for a plugin asking "is there an update?": the highest available version, its date, the first 280 characters of its changelog as plain text, and the platforms it has files for. 404 for an unknown or inactive product, or one without versions. The download itself needs the account or the guest link.',
    request: { params: z.object({ id: uuidParam('Product not found') }) },
    responses: {
      200: jsonContent(latestVersionSchema, 'The latest available version'),
      ...errorResponses,
    },
  }),
  unsubscribe: createRoute({
    method: 'post',
    path: '/update-emails/unsubscribe',
    summary: 'Follow an update e-mail’s unsubscribe link',
    request: jsonBody(z.object({ token: z.string().max(1000) })),
    responses: {
      200: jsonContent(z.object({ email: z.string() }), 'The address gets no more update e-mails'),
      ...errorResponses,
    },
  }),
  oneClick: createRoute({
    method: 'post',
    path: '/update-emails/one-click',
    summary: 'One-click unsubscribe from update e-mails (RFC 8058)',
    description:
      'The List-Unsubscribe address of every update e-mail: a mail client POSTs `List-Unsubscribe=One-Click` here (the body is not read). A GET shows the unsubscribe page instead.',
    request: { query: z.object({ token: z.string().min(1).max(1000) }) },
    responses: {
      200: jsonContent(z.object({ email: z.string() }), 'The address gets no more update e-mails'),
      ...errorResponses,
    },
  }),
};

/** Public version answers and the update e-mails' unsubscribe. */
export function versionsRoutes({ db, keys }: Pick<Services, 'db' | 'keys'>) {
  return createRouter()
    .openapi(routes.latest, async (c) =>
      c.json(await latestPublicVersion(db, c.req.valid('param').id), 200),
    )
    .openapi(routes.unsubscribe, async (c) =>
      c.json(await unsubscribeFromUpdates(db, keys, c.req.valid('json').token), 200),
    )
    .openapi(routes.oneClick, async (c) =>
      c.json(await unsubscribeFromUpdates(db, keys, c.req.valid('query').token), 200),
    )
    .get('/update-emails/one-click', (c) => {
      const token = c.req.query('token') ?? '';
      return c.redirect(`/updates/unsubscribe?token=${encodeURIComponent(token)}`, 303);
    });
}
