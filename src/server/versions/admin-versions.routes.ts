import { createRoute, z } from '@hono/zod-openapi';
import {
  adminVersionSchema,
  publishVersionSchema,
  setVersionAvailableSchema,
} from '#shared/versions';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../http/router';
import type { Services } from '../services';
import { findUploadedFile } from '../uploads/uploads.service';
import { adminFailures, type AdminEnv } from '../admin/require-admin';
import {
  listVersions,
  notifyOwners,
  publishVersion,
  setVersionAvailable,
  type VersionsDeps,
} from './versions.service';

const productParams = z.object({ id: uuidParam('Product not found') });
const versionParams = productParams.extend({ versionId: uuidParam('Version not found') });
const adminResponses = adminFailures();
const oneVersion = (description: string) =>
  jsonContent(z.object({ data: adminVersionSchema }), description);

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/products/{id}/versions',
    request: { params: productParams },
    responses: {
      200: jsonContent(
        z.object({ data: z.array(adminVersionSchema) }),
        "The product's versions, highest first",
      ),
      ...adminResponses,
    },
  }),
  publish: createRoute({
    method: 'post',
    path: '/admin/products/{id}/versions',
    summary: 'Publish a version',
    description:
      'The number must be above every version the product has had (400 otherwise). With notify, one update e-mail is queued per owner.',
    request: { params: productParams, ...jsonBody(publishVersionSchema) },
    responses: { 201: oneVersion('The published version'), ...adminResponses },
  }),
  available: createRoute({
    method: 'patch',
    path: '/admin/products/{id}/versions/{versionId}',
    request: { params: versionParams, ...jsonBody(setVersionAvailableSchema) },
    responses: { 200: oneVersion('The version as saved'), ...adminResponses },
  }),
  notify: createRoute({
    method: 'post',
    path: '/admin/products/{id}/versions/{versionId}/notify',
    summary: 'E-mail the owners who have not had this version’s update e-mail',
    request: { params: versionParams },
    responses: {
      200: oneVersion('The version, with its count of e-mails sent'),
      ...adminResponses,
    },
  }),
};

/** /api/admin/products/:id/versions: a product's versions, published and withdrawn. */
export function adminVersionsRoutes({
  db,
  changes,
  mailer,
  keys,
  config,
}: Pick<Services, 'db' | 'changes' | 'mailer' | 'keys' | 'config'>) {
  const deps: VersionsDeps = {
    db,
    changes,
    mailer,
    keys,
    publicUrl: config.publicUrl,
    findUploadedFile,
  };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) =>
      c.json({ data: await listVersions(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.publish, async (c) => {
      const version = await publishVersion(deps, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ data: version }, 201);
    })
    .openapi(routes.available, async (c) => {
      const { id, versionId } = c.req.valid('param');
      const { available } = c.req.valid('json');
      return c.json({ data: await setVersionAvailable(db, id, versionId, available) }, 200);
    })
    .openapi(routes.notify, async (c) => {
      const { id, versionId } = c.req.valid('param');
      return c.json({ data: await notifyOwners(deps, id, versionId) }, 200);
    });
}
