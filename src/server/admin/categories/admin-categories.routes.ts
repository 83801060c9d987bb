import { createRoute, z } from '@hono/zod-openapi';
import {
  adminCategorySchema,
  categoryMessages,
  categoryOrderSchema,
  categorySlugInputSchema,
  createCategorySchema,
  updateCategorySchema,
} from '#shared/admin-categories';
import { auditEntrySchema } from '#shared/admin';
import { createRouter, jsonBody, jsonContent, uuidParam } from '../../http/router';
import type { Services } from '../../services';
import { adminFailures, type AdminEnv } from '../require-admin';
import {
  categoryAuditTrail,
  changeCategorySlug,
  createCategory,
  deleteCategory,
  listAdminCategories,
  reorderCategories,
  updateCategory,
} from './admin-categories.service';

const idParams = z.object({ id: uuidParam(categoryMessages.notFound) });
const one = z.object({ data: adminCategorySchema });
const all = z.object({ data: z.array(adminCategorySchema) });
const failures = adminFailures('A slug in use, a category with products, or an outdated order');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/admin/categories',
    responses: {
      200: jsonContent(all, 'Every category in the store order, with product counts'),
      ...failures,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/admin/categories',
    request: jsonBody(createCategorySchema),
    responses: { 201: jsonContent(one, 'The new category, last in the order'), ...failures },
  }),
  update: createRoute({
    method: 'patch',
    path: '/admin/categories/{id}',
    request: { params: idParams, ...jsonBody(updateCategorySchema) },
    responses: { 200: jsonContent(one, 'The renamed or redescribed category'), ...failures },
  }),
  slug: createRoute({
    method: 'put',
    path: '/admin/categories/{id}/slug',
    request: { params: idParams, ...jsonBody(categorySlugInputSchema) },
    responses: {
      200: jsonContent(one, 'The category at its new address; the old one redirects'),
      ...failures,
    },
  }),
  order: createRoute({
    method: 'put',
    path: '/admin/categories/order',
    request: jsonBody(categoryOrderSchema),
    responses: { 200: jsonContent(all, 'Every category in the new order'), ...failures },
  }),
  audit: createRoute({
    method: 'get',
    path: '/admin/categories/{id}/audit',
    request: { params: idParams },
    responses: {
      200: jsonContent(
        z.object({ data: z.array(auditEntrySchema) }),
        'Audit entries, newest first; a deleted category keeps its own',
      ),
      ...failures,
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/admin/categories/{id}',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' }, ...failures },
  }),
};

/**
 * The categories' admin (behind requireAdmin, admin.routes.ts). After each write the catalogue's
 * listeners, on every server process, drop what they built from the old one (rendered pages,
 * the sitemap).
 */
export function adminCategoriesRoutes({ db, changes }: Pick<Services, 'db' | 'changes'>) {
  // The write has committed: this process forgets at once, the others when they hear of it.
  const changed = async <T>(result: T): Promise<T> => {
    changes.notify();
    await changes.announce(db);
    return result;
  };
  return createRouter<AdminEnv>()
    .openapi(routes.list, async (c) => c.json({ data: await listAdminCategories(db) }, 200))
    .openapi(routes.create, async (c) => {
      const category = await changed(
        await createCategory(db, c.get('admin').id, c.req.valid('json')),
      );
      return c.json({ data: category }, 201);
    })
    .openapi(routes.update, async (c) => {
      const { id } = c.req.valid('param');
      const category = await changed(
        await updateCategory(db, c.get('admin').id, id, c.req.valid('json')),
      );
      return c.json({ data: category }, 200);
    })
    .openapi(routes.slug, async (c) => {
      const { id } = c.req.valid('param');
      const category = await changed(
        await changeCategorySlug(db, c.get('admin').id, id, c.req.valid('json').slug),
      );
      return c.json({ data: category }, 200);
    })
    .openapi(routes.order, async (c) => {
      const ordered = await changed(
        await reorderCategories(db, c.get('admin').id, c.req.valid('json')),
      );
      return c.json({ data: ordered }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await changed(await deleteCategory(db, c.get('admin').id, c.req.valid('param').id));
      return c.body(null, 204);
    })
    .openapi(routes.audit, async (c) => {
      const entries = await categoryAuditTrail(db, c.req.valid('param').id);
      return c.json({ data: entries }, 200);
    });
}
