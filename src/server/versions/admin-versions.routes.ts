import { createRoute, z } from '@hono/zod-openapi';
import {
  addVersionFileSchema,
  adminVersionSchema,
  publishVersionSchema,
  reorderVersionFilesSchema,
  setVersionAvailableSchema,
  updateVersionFileSchema,
} from '#shared/versions';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../http/router';
import type { Services } from '../services';
import { findUploadedFile } from '../uploads/uploads.service';
import { adminFailures, type AdminEnv } from '../admin/require-admin';
import {
  addVersionFile,
  listVersions,
  notifyOwners,
  publishVersion,
  removeVersionFile,
  reorderVersionFiles,
  setVersionAvailable,
  updateVersionFile,
  type VersionsDeps,
} from './versions.service';

const productParams = z.object({ id: uuidParam('Product not found') });
const versionParams = productParams.extend({ versionId: uuidParam('Version not found') });
const fileParams = versionParams.extend({ fileId: uuidParam('File not found') });
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
  addFile: createRoute({
    method: 'post',
    path: '/admin/products/{id}/versions/{versionId}/files',
    summary: 'Add a file (a format, a platform’s installer) to a version',
    description:
      'A finished product-file upload, with its label (the format, e.g. "WAV 24-bit") and platform, after the version’s other files. Two files of one version may not share platform and label (400).',
    request: { params: versionParams, ...jsonBody(addVersionFileSchema) },
    responses: { 201: oneVersion('The version with its files'), ...adminResponses },
  }),
  updateFile: createRoute({
    method: 'patch',
    path: '/admin/products/{id}/versions/{versionId}/files/{fileId}',
    summary: 'Rename a file’s label or change its platform',
    request: { params: fileParams, ...jsonBody(updateVersionFileSchema) },
    responses: { 200: oneVersion('The version with its files'), ...adminResponses },
  }),
  removeFile: createRoute({
    method: 'delete',
    path: '/admin/products/{id}/versions/{versionId}/files/{fileId}',
    summary: 'Remove a file from a version (never its last: 409)',
    request: { params: fileParams },
    responses: { 200: oneVersion('The version with its files'), ...adminResponses },
  }),
  reorderFiles: createRoute({
    method: 'put',
    path: '/admin/products/{id}/versions/{versionId}/files/order',
    summary: 'Put a version’s files in a new order',
    description: 'Every file of the version, once, in the order buyers see them.',
    request: { params: versionParams, ...jsonBody(reorderVersionFilesSchema) },
    responses: { 200: oneVersion('The version with its files'), ...adminResponses },
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
      const version = await setVersionAvailable(db, id, versionId, available);
      // The product page lists its latest available version's files: its cached answers go.
      changes.notify();
      await changes.announce(db);
      return c.json({ data: version }, 200);
    })
    .openapi(routes.notify, async (c) => {
      const { id, versionId } = c.req.valid('param');
      return c.json({ data: await notifyOwners(deps, id, versionId) }, 200);
    })
    .openapi(routes.addFile, async (c) => {
      const { id, versionId } = c.req.valid('param');
      return c.json({ data: await addVersionFile(deps, id, versionId, c.req.valid('json')) }, 201);
    })
    .openapi(routes.updateFile, async (c) => {
      const { id, versionId, fileId } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json({ data: await updateVersionFile(deps, id, versionId, fileId, input) }, 200);
    })
    .openapi(routes.removeFile, async (c) => {
      const { id, versionId, fileId } = c.req.valid('param');
      return c.json({ data: await removeVersionFile(deps, id, versionId, fileId) }, 200);
    })
    .openapi(routes.reorderFiles, async (c) => {
      const { id, versionId } = c.req.valid('param');
      const { fileIds } = c.req.valid('json');
      return c.json({ data: await reorderVersionFiles(deps, id, versionId, fileIds) }, 200);
    });
}
