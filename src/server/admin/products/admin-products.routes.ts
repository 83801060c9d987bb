import { createRoute, z } from '@hono/zod-openapi';
import {
  adminBulkResultSchema,
  adminBulkSchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductSchema,
} from '#shared/admin-products-api';
import { productEditorPatchSchema, productEditorSchema } from '#shared/admin-product';
import { packContentsEditSchema } from '#shared/admin-pack-contents';
import { adminBundleSchema, bundleSettingsSchema } from '#shared/bundles';
import { packContentsSchema } from '#shared/pack-contents';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import type { Services } from '../../services';
import { peaksOfPreviewUrl } from '../../uploads/preview-peaks';
import { findUploadedFile } from '../../uploads/uploads.service';
import { adminFailures, auditTrailContent, type AdminEnv } from '../require-admin';
import { adminBundle, saveBundle } from './admin-bundle';
import { adminPackContents, savePackContents } from './admin-pack-contents';
import { listAdminProducts } from './admin-product-list';
import {
  bulkUpdateProducts,
  createProduct,
  getAdminProduct,
  productAuditTrail,
  updateProduct,
  type AdminProductsDeps,
} from './admin-products.service';

const idParams = z.object({ id: uuidParam('Product not found') });
const adminResponses = adminFailures();

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/products',
    request: { query: adminProductListQuerySchema },
    responses: {
      200: jsonContent(adminProductPageSchema, 'A page of products'),
      ...adminResponses,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/products',
    request: jsonBody(productEditorSchema),
    responses: {
      201: jsonContent(z.object({ data: adminProductSchema }), 'The new product'),
      ...adminResponses,
    },
  }),
  bulk: createRoute({
    method: 'post',
    path: '/admin/products/bulk',
    request: jsonBody(adminBulkSchema),
    responses: { 200: jsonContent(adminBulkResultSchema, 'How many changed'), ...adminResponses },
  }),
  one: createRoute({
    method: 'get',
    path: '/admin/products/{id}',
    request: { params: idParams },
    responses: {
      200: jsonContent(z.object({ data: adminProductSchema }), 'One product, any status'),
      ...adminResponses,
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/products/{id}',
    request: { params: idParams, ...jsonBody(productEditorPatchSchema) },
    responses: {
      200: jsonContent(z.object({ data: adminProductSchema }), 'The product as saved'),
      ...adminResponses,
    },
  }),
  contents: createRoute({
    method: 'get',
    path: '/admin/products/{id}/contents',
    request: { params: idParams },
    responses: {
      200: jsonContent(packContentsSchema, "The product's items in list order, any status"),
      ...adminResponses,
    },
  }),
  saveContents: createRoute({
    method: 'put',
    path: '/admin/products/{id}/contents',
    request: {
      params: idParams,
      ...jsonBody(packContentsEditSchema),
    },
    responses: {
      200: jsonContent(packContentsSchema, 'The items as saved'),
      ...adminResponses,
    },
  }),
  bundle: createRoute({
    method: 'get',
    path: '/admin/products/{id}/bundle',
    request: { params: idParams },
    responses: {
      200: jsonContent(
        z.object({ data: adminBundleSchema }),
        "The product's bundle members, price floor, upgrade paths and the bundles it is in",
      ),
      ...adminResponses,
    },
  }),
  saveBundle: createRoute({
    method: 'put',
    path: '/admin/products/{id}/bundle',
    request: { params: idParams, ...jsonBody(bundleSettingsSchema) },
    responses: {
      200: jsonContent(z.object({ data: adminBundleSchema }), 'The bundle panel as saved'),
      ...adminResponses,
    },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/products/{id}/audit',
    request: { params: idParams },
    responses: {
      200: auditTrailContent,
      ...adminResponses,
    },
  }),
};

/** /api/admin/products: the store admin's catalogue of products, with each one's audit log. */
export function adminProductsRoutes({
  db,
  changes,
  config,
}: Pick<Services, 'db' | 'changes' | 'config'>) {
  const deps: AdminProductsDeps = {
    db,
    changes,
    findUploadedFile,
    previewPeaks: (url) => peaksOfPreviewUrl(config.mediaDir, url),
  };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => {
      return c.json(await listAdminProducts(deps.db, c.req.valid('query')), 200);
    })
    .openapi(routes.create, async (c) => {
      const product = await createProduct(deps, c.get('admin').id, c.req.valid('json'));
      return c.json({ data: product }, 201);
    })
    .openapi(routes.bulk, async (c) =>
      c.json(await bulkUpdateProducts(deps, c.get('admin').id, c.req.valid('json')), 200),
    )
    .openapi(routes.one, async (c) => {
      return c.json({ data: await getAdminProduct(deps.db, c.req.valid('param').id) }, 200);
    })
    .openapi(routes.update, async (c) => {
      const { id } = c.req.valid('param');
      const product = await updateProduct(deps, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data: product }, 200);
    })
    .openapi(routes.contents, async (c) => {
      return c.json({ data: await adminPackContents(deps.db, c.req.valid('param').id) }, 200);
    })
    .openapi(routes.saveContents, async (c) => {
      const { id } = c.req.valid('param');
      const items = await savePackContents(deps, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data: items }, 200);
    })
    .openapi(routes.bundle, async (c) => {
      return c.json({ data: await adminBundle(deps.db, c.req.valid('param').id) }, 200);
    })
    .openapi(routes.saveBundle, async (c) => {
      const { id } = c.req.valid('param');
      const bundle = await saveBundle(deps, c.get('admin').id, id, c.req.valid('json'));
      return c.json({ data: bundle }, 200);
    })
    .openapi(routes.audit, async (c) => {
      return c.json({ data: await productAuditTrail(deps.db, c.req.valid('param').id) }, 200);
    });
}
